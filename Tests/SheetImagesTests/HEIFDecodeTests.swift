import Foundation
import TestSupport
import Testing

@testable import SheetImages

/// HEIF and AVIF decoding without a full-size RGBA copy (YCbCr planes converted while they
/// shrink), and colour given as nclx code points instead of an ICC profile. Files made by
/// `scripts/make-format-fixtures` with heif-enc and avifenc.
@Suite("HEIF planes and nclx colour")
struct HEIFDecodeTests {
  static func bytes(_ name: String) throws -> [UInt8] {
    try [UInt8](Data(contentsOf: URL(fileURLWithPath: ImageFixtures.format(name))))
  }

  @Test(
    "converting YCbCr planes while shrinking gives what libheif's own RGBA conversion gives, averaged",
    arguments: ["photo.heic", "photo-10bit.heic", "photo.avif"])
  func planesMatchLibheif(name: String) throws {
    let bytes = try Self.bytes(name)
    let header = try ImageReader.header(path: ImageFixtures.format(name))
    // photo.heic's 96×64 thumbnail would cover a third of its size.
    for factor in name == "photo.heic" ? [2] : [2, 3] {
      let size = (width: header.width / factor, height: header.height / factor)
      let planes = try HEIFCodec.decode(bytes, path: name, minimumSize: size, conversion: .planes)
      let libheif = try HEIFCodec.decode(bytes, path: name, minimumSize: size, conversion: .libheif)
      let expected = (
        width: (header.width + factor - 1) / factor, height: (header.height + factor - 1) / factor
      )
      #expect(planes.width == expected.width && planes.height == expected.height)
      #expect(libheif.width == planes.width && libheif.height == planes.height)
      let delta = meanDelta(planes, libheif)
      let largest = zip(planes.pixels, libheif.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
      // libheif upsamples 4:2:0 chroma before converting and rounds 10-bit samples to 8 before
      // they are averaged here; a wrong matrix (BT.709's) or range is off by 3 to 40 on average.
      #expect(delta < 1.0, "\(name) ÷\(factor): mean difference \(delta)")
      #expect(largest <= 16, "\(name) ÷\(factor): largest difference \(largest)")
    }
  }

  @Test(
    "only BT.601 full-range 4:2:0 images take the planes path; 4:4:4, BT.709 and video range go to libheif",
    arguments: ["nclx-p3-444.avif", "nclx-p3.avif", "nclx-p3-10bit.avif"])
  func encodingDecidesThePath(name: String) throws {
    for coded420 in ["photo.heic", "photo-10bit.heic", "photo.avif", "nclx-p3.avif", "nclx-p3-10bit.avif"] {
      #expect(HEIFCodec.isCoded420(try Self.bytes(coded420)), "\(coded420)")
    }
    let bytes = try Self.bytes(name)
    #expect(HEIFCodec.isCoded420(bytes) == (name != "nclx-p3-444.avif"))
    #expect(!HEIFCodec.isCoded420(Array(bytes.prefix(40))))
    #expect(throws: ImageError.self) {
      try HEIFCodec.decode(bytes, path: name, minimumSize: (75, 50), conversion: .planes)
    }
    let chosen = try HEIFCodec.decode(bytes, path: name, minimumSize: (75, 50))
    let libheif = try HEIFCodec.decode(bytes, path: name, minimumSize: (75, 50), conversion: .libheif)
    #expect(chosen == libheif)
  }

  @Test("a shrinking decode goes through the planes path and still looks like the photo")
  func defaultPathShrinks() throws {
    let path = ImageFixtures.format("photo-10bit.heic")
    let image = try ImageReader.decode(path: path, minimumSize: (60, 40))
    #expect(image.width == 60 && image.height == 40)
    let reference = try ImageReader.decode(path: ImageFixtures.format("rgb-lzw.tif"))
    #expect(meanDelta(image, reference) < 6)
  }

  @Test(
    "a Display P3 AVIF described by nclx (no ICC profile) renders within a mean CIEDE2000 of 2 of the sRGB original",
    arguments: [
      ("nclx-p3.avif", "nclx-srgb.avif"), ("nclx-p3-10bit.avif", "nclx-srgb-10bit.avif"),
      ("nclx-p3-444.avif", "nclx-srgb.avif"),
    ])
  func nclxColour(name: String, originalName: String) throws {
    let size = (width: 75, height: 50)
    let header = try ImageReader.header(path: ImageFixtures.format(name))
    #expect(header.iccProfile == nil)
    guard case .nclx(let colour) = header.colorProfile else {
      Issue.record("\(name) has no nclx colour description in its header")
      return
    }
    #expect(colour.primaries == 12 && colour.transfer == 13)
    // The sRGB original's nclx (BT.709 primaries, sRGB transfer) needs no conversion.
    #expect(try ImageReader.header(path: ImageFixtures.format(originalName)).colorProfile == nil)
    let original = try ImageReader.decode(path: ImageFixtures.format(originalName), minimumSize: size)
    let converted = try ImageReader.decode(
      path: ImageFixtures.format(name), header: header, minimumSize: size)
    let target = (original.width / 2, original.height / 2)
    func shrunk(_ image: RasterImage) -> RasterImage { image.resampled(width: target.0, height: target.1) }
    let difference = CIEDE2000.mean(shrunk(converted), shrunk(original))
    #expect(difference < 2, "\(name): mean ΔE2000 \(difference)")
    // The same pixels left unconverted are further off: the test can fail.
    let unconverted = try HEIFCodec.decode(try Self.bytes(name), path: name, minimumSize: size)
    let unconvertedDifference = CIEDE2000.mean(shrunk(unconverted), shrunk(original))
    #expect(unconvertedDifference > difference + 1.5, "\(name): unconverted ΔE2000 \(unconvertedDifference)")
  }

  @Test("headers carrying the same ICC profile share one copy of its bytes; XMP can be dropped")
  func sharedProfile() throws {
    let jpeg = try ImageReader.header(path: ImageFixtures.format("colour-p3.jpg"))
    let webp = try ImageReader.header(path: ImageFixtures.format("colour-p3.webp"))
    guard case .icc(let first) = jpeg.colorProfile, case .icc(let second) = webp.colorProfile else {
      Issue.record("the Display P3 files have no ICC profile")
      return
    }
    #expect(first.bytes == second.bytes)
    #expect(first === second)
    let withXMP = ImageHeader(
      format: .jpeg, storedWidth: 1, storedHeight: 1, metadata: HeaderMetadata(xmp: HeaderFixtures.xmp),
      codec: .png)
    #expect(withXMP.xmp == HeaderFixtures.xmp)
    let dropped = withXMP.droppingXMP()
    #expect(dropped.xmp == nil && dropped.width == 1)
  }
}
