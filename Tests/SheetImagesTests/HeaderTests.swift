import Foundation
import SheetImages
import TestSupport
import Testing

@Suite("One header per file: EXIF fields, ICC profile and XMP")
struct HeaderTests {
  @Test("a JPEG's header carries the EXIF fields captions use")
  func jpegExif() throws {
    let earlier = try ImageReader.header(
      path: FixturePaths.fixtures.appendingPathComponent("exif/earlier.jpg").path)
    #expect(earlier.exif.camera == "Canon EOS R6" && earlier.exif.lens == "RF24-105mm F4 L IS USM")
    #expect(earlier.exif.exposureTime == 2 && earlier.exif.fNumber == 8 && earlier.exif.iso == 100)
    #expect(earlier.exif.focalLength == 105 && earlier.exif.dateTaken != nil)
    let later = try ImageReader.header(
      path: FixturePaths.fixtures.appendingPathComponent("exif/later.jpg").path)
    #expect(later.exif.camera == "FUJIFILM X100V" && later.exif.exposureTime == 1.0 / 250)
    let plain = try ImageReader.header(path: FixturePaths.photo("grace_hopper.jpg"))
    #expect(plain.exif == ExifFields() && plain.iccProfile == nil && plain.xmp == nil)
  }

  @Test("real files: the ICC profiles and XMP packets photo tools wrote are found whole")
  func realMetadata() throws {
    for name in ["rocket.jpg", "hubble_deep_field.jpg"] {
      let profile = try #require(try ImageReader.header(path: FixturePaths.photo(name)).iccProfile, "\(name)")
      // An ICC profile starts with its own size, and has "acsp" at byte 36.
      #expect(profile.prefix(4).reduce(0) { $0 << 8 | Int($1) } == profile.count, "\(name)")
      #expect(Array(profile[36..<40]) == Array("acsp".utf8), "\(name)")
    }
    let hubble = try ImageReader.header(path: FixturePaths.photo("hubble_deep_field.jpg"))
    #expect(String(decoding: try #require(hubble.xmp), as: UTF8.self).contains("x:xmpmeta"))
    let horse = try ImageReader.header(path: FixturePaths.photo("horse.png"))
    #expect(String(decoding: try #require(horse.xmp), as: UTF8.self).hasPrefix("<x:xmpmeta"))
  }

  @Test("a JPEG's ICC profile is joined from its APP2 segments in sequence order, XMP kept as it is")
  func jpegProfileAndXMP() throws {
    let original = FixturePaths.photo("grace_hopper.jpg")
    let segments =
      HeaderFixtures.iccSegments(HeaderFixtures.profile, count: 3, order: [2, 3, 1])
      + [HeaderFixtures.xmpSegment(HeaderFixtures.xmp)]
    let path = try HeaderFixtures.write(
      HeaderFixtures.jpeg(HeaderFixtures.bytes(original), inserting: segments), name: "icc.jpg")
    let header = try ImageReader.header(path: path)
    #expect(header.iccProfile == HeaderFixtures.profile)
    #expect(header.xmp == HeaderFixtures.xmp)
    let plain = try ImageReader.header(path: original)
    #expect(header.width == plain.width && header.height == plain.height)
    #expect(try ImageReader.decode(path: path, header: header) == ImageReader.decode(path: original))
  }

  @Test(
    "ICC pieces that do not make a whole profile are dropped", arguments: [[1, 3], [1, 1, 2], [2, 3, 4]])
  func brokenProfile(order: [Int]) throws {
    let original = try HeaderFixtures.bytes(FixturePaths.photo("grace_hopper.jpg"))
    let segments = HeaderFixtures.iccSegments(HeaderFixtures.profile, count: 3, order: order)
    let path = try HeaderFixtures.write(
      HeaderFixtures.jpeg(original, inserting: segments), name: "broken.jpg")
    let header = try ImageReader.header(path: path)
    #expect(header.iccProfile == nil && header.width > 0)
  }

  @Test("a PNG's iCCP (inflated), eXIf and XMP iTXt chunks are read, and libpng still decodes it")
  func pngMetadata() throws {
    let coffee = try HeaderFixtures.bytes(FixturePaths.photo("coffee.png"))
    let earlier = try HeaderFixtures.bytes(
      FixturePaths.fixtures.appendingPathComponent("exif/earlier.jpg").path)
    let tiff = Array(try #require(HeaderFixtures.exifPayload(earlier)).dropFirst(6))
    let compressed = HeaderFixtures.zlibStored(HeaderFixtures.profile)
    let chunks = [
      HeaderFixtures.chunk("iCCP", Array("test profile\0".utf8) + [0] + compressed),
      HeaderFixtures.chunk("eXIf", tiff),
      HeaderFixtures.chunk("iTXt", Array("XML:com.adobe.xmp\0".utf8) + [0, 0, 0, 0] + HeaderFixtures.xmp),
    ]
    let path = try HeaderFixtures.write(HeaderFixtures.png(coffee, inserting: chunks), name: "meta.png")
    let header = try ImageReader.header(path: path)
    #expect(header.format == .png && header.width == 600 && header.height == 400)
    #expect(header.iccProfile == HeaderFixtures.profile)
    #expect(header.exif.camera == "Canon EOS R6" && header.exif.iso == 100)
    #expect(header.xmp == HeaderFixtures.xmp)
    #expect(
      try ImageReader.decode(path: path, header: header)
        == ImageReader.decode(path: FixturePaths.photo("coffee.png")))
  }

  @Test(
    "an extended WebP's ICCP, EXIF and XMP chunks are found, even when they lie past the first read",
    arguments: [0, 300_000])
  func webPMetadata(padding: Int) throws {
    let simple = try HeaderFixtures.bytes(ImageFixtures.format("photo.webp"))
    let earlier = try HeaderFixtures.bytes(
      FixturePaths.fixtures.appendingPathComponent("exif/earlier.jpg").path)
    let exif = try #require(HeaderFixtures.exifPayload(earlier))
    let extended = HeaderFixtures.extendedWebP(simple, width: 300, height: 200, exif: exif, padding: padding)
    let path = try HeaderFixtures.write(extended, name: "meta.webp")
    let folder = (path as NSString).deletingLastPathComponent
    ImageFileOpens.startCounting(under: folder)
    let header = try ImageReader.header(path: path)
    #expect(ImageFileOpens.stopCounting(under: folder) == [path: 1])
    #expect(header.format == .webp && header.width == 300 && header.height == 200)
    #expect(header.iccProfile == HeaderFixtures.profile && header.xmp == HeaderFixtures.xmp)
    #expect(header.exif.camera == "Canon EOS R6")
    #expect(
      try ImageReader.decode(path: path, header: header)
        == ImageReader.decode(path: ImageFixtures.format("photo.webp")))
  }

  @Test("a declared size whose pixel count overflows is refused, not a crash")
  func overflowingSize() throws {
    var png = try HeaderFixtures.bytes(ImageFixtures.pngSuite("basn0g08"))
    // IHDR's width and height, then its CRC over the type and data.
    png.replaceSubrange(16..<24, with: [UInt8](repeating: 0xFF, count: 8))
    png.replaceSubrange(29..<33, with: HeaderFixtures.bigEndian(HeaderFixtures.crc32(Array(png[12..<29]))))
    let path = try HeaderFixtures.write(png, name: "enormous.png")
    let header = try ImageReader.header(path: path)
    #expect(header.storedWidth == 0xFFFF_FFFF && header.pixelCount == .max)
    #expect(throws: ImageError.self) {
      try ImageReader.checkPixelLimit(header, maxPixels: 200_000_000, path: path)
    }
    #expect(throws: ImageError.self) { try ImageReader.decode(path: path, header: header) }
  }

  @Test("a metadata chunk declaring gigabytes is skipped without reading it")
  func hugeChunk() throws {
    let horse = try HeaderFixtures.bytes(FixturePaths.photo("horse.png"))
    let liar = HeaderFixtures.bigEndian(0x7FFF_FF00) + Array("iCCP".utf8) + Array("name\0\0".utf8)
    let path = try HeaderFixtures.write(HeaderFixtures.png(horse, inserting: [liar]), name: "liar.png")
    let header = try ImageReader.header(path: path)
    #expect(header.width == 400 && header.iccProfile == nil)
  }
}
