import Foundation
import TestSupport
import Testing

@testable import SheetImages

/// The TIFF, HEIF and camera RAW inputs fuzzing (`make fuzz`, harnesses tiff, heif, raw) and
/// hostile-file review found, each kept in Fixtures/hostile and in Fuzz/corpus: every one is
/// refused or decoded with a message, never a crash, a leak of ours or an allocation beyond
/// the limits.
@Suite("decoder inputs found by fuzzing")
struct FuzzFoundTests {
  private static func hostile(_ name: String) -> String {
    FixturePaths.fixtures.appendingPathComponent("hostile").appendingPathComponent(name).path
  }

  @Test("a DNG whose image is 24×24 but whose raw data is 96×96 is refused from the raw data's size")
  func rawLargerThanImage() throws {
    let path = Self.hostile("raw-larger-than-image.dng")
    let header = try ImageReader.header(path: path)
    #expect(header.format == .raw && header.width == 24 && header.height == 24)
    let error = try #require(throws: ImageError.self) { try ImageReader.decode(path: path, maxPixels: 1000) }
    #expect(error.reason.contains("its raw data is 96×96 pixels, more than twice the limit of 1000"))
    // Within the limit it decodes (half size: 12×12).
    let image = try ImageReader.decode(path: path, maxPixels: 10_000)
    #expect(image.width == 12 && image.height == 12)
  }

  @Test("a float TIFF whose tiles claim 3,640,655,888 pixels of width is refused before allocating")
  func floatTIFFHugeTile() throws {
    // Found by CI's 20 s tiff smoke: the floating-point reader allocated the tile's declared
    // size (466 GB; AddressSanitizer aborts, a plain build got nothing back and said nothing).
    let path = Self.hostile("tiff-float-huge-tile.tif")
    let error = try #require(throws: ImageError.self) {
      try ImageReader.decode(path: path, maxPixels: 4_000_000)
    }
    #expect(error.reason.contains("too large"), "\(error.reason)")
  }

  @Test("a 232-byte TIFF declaring 786,433 one-row strips decodes in one read per 64 KB, not per strip")
  func oneRowStrips() throws {
    // Found by CI's 20 s tiff smoke (a timeout under AddressSanitizer): 1.57 million preads,
    // 1.7 s in a plain build, before strips were served from blocks.
    let path = Self.hostile("tiff-786433-one-row-strips.tif")
    let clock = ContinuousClock()
    let start = clock.now
    let whole = try ImageReader.decode(path: path, maxPixels: 4_000_000)
    let shrunk = try ImageReader.decode(path: path, minimumSize: (7, 5), maxPixels: 4_000_000)
    #expect(clock.now - start < .seconds(1))
    #expect(whole.width == 4 && whole.height == 786_433)
    #expect(shrunk.width >= 1 && shrunk.height >= 5)
  }

  @Test("an AVIF whose AV1 item holds no data is refused with libheif's message")
  func emptyAV1Data() throws {
    let path = Self.hostile("avif-empty-av1-data.avif")
    #expect(try ImageReader.header(path: path).format == .avif)
    let error = try #require(throws: ImageError.self) {
      try ImageReader.decode(path: path, minimumSize: (7, 5), maxPixels: 4_000_000)
    }
    #expect(error.reason.contains("cannot be decoded"), "\(error.reason)")
  }

  @Test("an AVIF whose nclx box has a transfer libheif refuses is read without that colour description")
  func nclxBadTransfer() throws {
    // libheif hands over the profile it allocated along with its refusal: the header read must
    // free it (a leak `make sanitize` and `make fuzz` report).
    let path = Self.hostile("avif-nclx-bad-transfer.avif")
    let header = try ImageReader.header(path: path)
    #expect(header.format == .avif && header.width == 64 && header.height == 48)
    #expect(header.colorProfile == nil)
    let image = try ImageReader.decode(path: path, minimumSize: (7, 5), maxPixels: 4_000_000)
    #expect(image.width >= 7 && image.height >= 5)
  }

  @Test(
    "a TIFF whose one strip is 20000 rows tall is decoded in strip-sized bands, once, not once per band",
    arguments: ["tall-single-strip.tif", "tiff-tall-strip-no-photometric.tif"])
  func tallStrip(name: String) throws {
    // Bands of a few rows had libtiff inflate the strip from its top for each band: seconds
    // here (minutes under AddressSanitizer), against milliseconds decoding it once.
    let path = Self.hostile(name)
    let clock = ContinuousClock()
    let start = clock.now
    let whole = try ImageReader.decode(path: path, maxPixels: 4_000_000)
    let shrunk = try ImageReader.decode(path: path, minimumSize: (7, 5), maxPixels: 4_000_000)
    #expect(clock.now - start < .seconds(3))
    #expect(whole.width == 16 && shrunk.width == 8 && shrunk.height == (whole.height + 1) / 2)
    if name == "tall-single-strip.tif" {
      // Rows are grey levels stepping every 100 rows: row 250 is level 2, row 19950 level 199.
      #expect(whole.pixels[(250 * 16) * 4] == 2 && whole.pixels[(19950 * 16) * 4] == 199)
    }
  }

  @Test("a lossy DNG whose tile JPEGs are corrupt before their frame header is a message, not a crash")
  func lossyDNGCorruptTiles() throws {
    // LibRaw's libjpeg decoder fails on every tile (and leaks its decompressor, LibRaw's own
    // bug: `Fuzz/lsan-suppressions.txt`); the file is refused with LibRaw's reason.
    let path = Self.hostile("raw-lossy-jpeg-leak.dng")
    #expect(try ImageReader.header(path: path).format == .raw)
    let error = try #require(throws: ImageError.self) {
      try ImageReader.decode(path: path, minimumSize: (7, 5), maxPixels: 4_000_000)
    }
    #expect(error.reason.contains("camera RAW data cannot be decoded"), "\(error.reason)")
  }

  @Test("a 1.2 KB HEIC declaring 64×48 that decodes to 16384×12288 is refused before libheif allocates")
  func heicDecodedLargerThanDeclared() throws {
    // Found by the hour-long heif run: 256 times its declared size each side.
    let path = Self.hostile("heic-decodes-larger-than-declared.heic")
    let header = try ImageReader.header(path: path)
    #expect(header.width == 64 && header.height == 48)
    for size in [nil, (width: 32, height: 24)] as [(width: Int, height: Int)?] {
      let error = try #require(throws: ImageError.self) {
        try ImageReader.decode(path: path, minimumSize: size)
      }
      #expect(
        error.reason.contains("Image size 16384x12288 exceeds the maximum image size 128x128"),
        "\(error.reason)")
      // One line: libheif's message ends with a line break, which is not kept.
      #expect(!error.reason.contains("\n"), "\(error.reason)")
    }
  }
}
