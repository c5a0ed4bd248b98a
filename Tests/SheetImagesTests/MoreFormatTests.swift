import Foundation
import SheetImages
import TestSupport
import Testing

/// HEIF, AVIF, TIFF and camera RAW (DNG) files made by `scripts/make-format-fixtures` with
/// heif-enc, vips, tiffcp, exiftool and tifffile, all from one 240×160 photo.
@Suite("HEIF, AVIF, TIFF and camera RAW")
struct MoreFormatTests {
  /// The lossless 8-bit RGB TIFF every other file is compared with.
  static func reference() throws -> RasterImage {
    try ImageReader.decode(path: ImageFixtures.format("rgb-lzw.tif"))
  }

  @Test("formats are recognised by their first bytes")
  func sniffing() {
    func ftyp(_ brands: String) -> [UInt8] { [0, 0, 0, 24] + Array("ftyp\(brands)".utf8) }
    #expect(ImageFormat.sniff(Array("II*\0\u{8}\0\0\0".utf8)) == .tiff)
    #expect(ImageFormat.sniff(Array("MM\0*\0\0\0\u{8}".utf8)) == .tiff)
    #expect(ImageFormat.sniff(Array("II*\0\u{10}\0\0\0CR\u{2}\0".utf8)) == .raw)
    #expect(ImageFormat.sniff(Array("IIRO\u{8}\0\0\0".utf8)) == .raw)
    #expect(ImageFormat.sniff(Array("IIU\0\u{8}\0\0\0".utf8)) == .raw)
    #expect(ImageFormat.sniff(Array("FUJIFILMCCD-RAW 0201".utf8)) == .raw)
    #expect(ImageFormat.sniff(ftyp("heic\0\0\0\0mif1heic")) == .heif)
    #expect(ImageFormat.sniff(ftyp("mif1\0\0\0\0mif1avif")) == .avif)
    #expect(ImageFormat.sniff(ftyp("avif\0\0\0\0avifmif1")) == .avif)
    #expect(ImageFormat.sniff(ftyp("crx \0\0\0\u{1}crx isom")) == .raw)
    #expect(ImageFormat.sniff(ftyp("isom\0\0\0\0isomiso2")) == .video)
  }

  @Test(
    "each TIFF, HEIF and AVIF kind (and a CMYK JPEG with its profile) decodes to the photo's colours",
    arguments: [
      ("rgb16-tiled-deflate.tif", 2.0), ("cmyk-profile.tif", 6.0), ("cmyk-profile.jpg", 6.0),
      ("cmyk-plain.tif", 30.0),
      ("photo.heic", 6.0), ("photo-10bit.heic", 6.0), ("photo.avif", 6.0), ("photo-p3.heic", 6.0),
    ])
  func kinds(name: String, tolerance: Double) throws {
    let header = try ImageReader.header(path: ImageFixtures.format(name))
    #expect(header.width == 240 && header.height == 160)
    let image = try ImageReader.decode(path: ImageFixtures.format(name), header: header)
    #expect(image.width == 240 && image.height == 160 && !image.hasAlpha)
    let delta = meanDelta(image, try Self.reference())
    #expect(delta < tolerance, "\(name): mean difference \(delta)")
  }

  @Test("a grey JPEG-compressed TIFF is grey; an RGBA TIFF keeps its alpha, premultiplied")
  func greyAndAlpha() throws {
    let grey = try ImageReader.decode(path: ImageFixtures.format("grey-jpeg.tif"))
    let pixel = grey.rgba(120, 80)
    #expect(abs(pixel.r - pixel.g) <= 1 && abs(pixel.g - pixel.b) <= 1 && pixel.a == 255)
    let alpha = try ImageReader.decode(path: ImageFixtures.format("rgba-none.tif"))
    let reference = try Self.reference().rgba(120, 80)
    let translucent = alpha.rgba(120, 80)
    #expect(alpha.hasAlpha && translucent.a == 128)
    #expect(abs(translucent.r - reference.r * 128 / 255) <= 2)
  }

  @Test("a TIFF's Orientation tag is applied and its layout size is upright")
  func orientation() throws {
    let header = try ImageReader.header(path: ImageFixtures.format("rotated.tif"))
    #expect(header.orientation == .right && header.width == 160 && header.height == 240)
    let image = try ImageReader.decode(path: ImageFixtures.format("rotated.tif"), header: header)
    #expect(image == (try Self.reference()).oriented(.right))
  }

  @Test("a TIFF is shrunk while it is read, by the largest whole factor that keeps the wanted size")
  func tiffShrink() throws {
    let half = try ImageReader.decode(path: ImageFixtures.format("rgb-lzw.tif"), minimumSize: (100, 60))
    #expect(half.width == 120 && half.height == 80)
    #expect(meanDelta(half, try Self.reference()) < 2)
    let third = try ImageReader.decode(
      path: ImageFixtures.format("rgb16-tiled-deflate.tif"), minimumSize: (70, 40))
    #expect(third.width == 80 && third.height == 54)
    // Tiles and strips shrink alike (the edge row averages the one pixel row left).
    let stripsThird = try ImageReader.decode(path: ImageFixtures.format("rgb-lzw.tif"), minimumSize: (70, 40))
    #expect(meanDelta(third, stripsThird) < 1.5, "\(meanDelta(third, stripsThird))")
    let rotated = try ImageReader.decode(path: ImageFixtures.format("rotated.tif"), minimumSize: (60, 100))
    #expect(rotated.width == 80 && rotated.height == 120)
    #expect(meanDelta(rotated, try Self.reference().oriented(.right)) < 2)
  }

  @Test("16-bit RGB and grey strips, summed as they are decoded, match the RGBA reader's result")
  func stripFastPath() throws {
    let reference = try Self.reference()
    let strips16 = try ImageReader.decode(path: ImageFixtures.format("rgb16-lzw.tif"))
    let tiles16 = try ImageReader.decode(path: ImageFixtures.format("rgb16-tiled-deflate.tif"))
    #expect(strips16.width == 240 && strips16.height == 160)
    #expect(meanDelta(strips16, tiles16) < 0.6, "\(meanDelta(strips16, tiles16))")
    #expect(meanDelta(strips16, reference) < 2)
    let third16 = try ImageReader.decode(path: ImageFixtures.format("rgb16-lzw.tif"), minimumSize: (70, 40))
    let thirdTiles = try ImageReader.decode(
      path: ImageFixtures.format("rgb16-tiled-deflate.tif"), minimumSize: (70, 40))
    #expect(third16.width == 80 && third16.height == 54)
    #expect(meanDelta(third16, thirdTiles) < 0.6, "\(meanDelta(third16, thirdTiles))")
    let grey = try ImageReader.decode(path: ImageFixtures.format("grey-deflate.tif"), minimumSize: (100, 60))
    #expect(grey.width == 120 && grey.height == 80)
    let pixel = grey.rgba(60, 40)
    #expect(pixel.r == pixel.g && pixel.g == pixel.b && pixel.a == 255)
    let greyJPEG = try ImageReader.decode(path: ImageFixtures.format("grey-jpeg.tif"), minimumSize: (100, 60))
    #expect(meanDelta(grey, greyJPEG) < 3, "\(meanDelta(grey, greyJPEG))")
  }

  @Test("a multi-page TIFF shows its first page and says so")
  func pages() throws {
    let loaded = try ImageReader.load(path: ImageFixtures.format("two-pages.tif"))
    #expect(loaded.image == (try Self.reference()))
    #expect(loaded.warnings == ["TIFF has 2 pages: only the first is shown"])
    #expect(try ImageReader.load(path: ImageFixtures.format("rgb-lzw.tif")).warnings.isEmpty)
  }

  @Test("a HEIC's thumbnail is decoded when it covers the size wanted, else the full image, shrunk")
  func heifThumbnail() throws {
    let path = ImageFixtures.format("photo.heic")
    let small = try ImageReader.decode(path: path, minimumSize: (80, 50))
    #expect(small.width == 96 && small.height == 64)
    // The 96×64 thumbnail is too small: the 240×160 image, shrunk by the largest whole factor (2).
    let large = try ImageReader.decode(path: path, minimumSize: (100, 50))
    #expect(large.width == 120 && large.height == 80)
    let whole = try ImageReader.decode(path: path, minimumSize: (200, 150))
    #expect(whole.width == 240 && whole.height == 160)
    #expect(meanDelta(small, try Self.reference()) < 8)
    #expect(meanDelta(large, try Self.reference()) < 6)
  }

  @Test("a HEIC's embedded Display P3 profile is found (and converted: see the colour tests)")
  func heifProfile() throws {
    let header = try ImageReader.header(path: ImageFixtures.format("photo-p3.heic"))
    let profile = try #require(header.iccProfile)
    #expect(String(decoding: profile, as: UTF8.self).contains("P3") || profile.count > 100)
    #expect(try ImageReader.header(path: ImageFixtures.format("photo.heic")).iccProfile == nil)
  }

  @Test("a DNG is a camera RAW (not a TIFF): its JPEG preview is used when it covers the size")
  func dngPreview() throws {
    let header = try ImageReader.header(path: ImageFixtures.format("camera.dng"))
    #expect(header.format == .raw && header.width == 240 && header.height == 160)
    #expect(header.exif.camera == "ContactSheet Test Camera")
    let preview = try ImageReader.decode(path: ImageFixtures.format("camera.dng"), minimumSize: (100, 60))
    // The 240×160 preview, shrunk by JPEG's DCT scaling: the half-size raw decode is 120×80 too,
    // so the colours tell them apart (the test camera's raw data has no white balance).
    #expect(preview.width == 120 && preview.height == 80)
    #expect(meanDelta(preview, try Self.reference()) < 6)
  }

  @Test("a DNG without a preview (or one too small) is decoded at half size by LibRaw")
  func dngHalfSize() throws {
    let image = try ImageReader.decode(
      path: ImageFixtures.format("camera-nopreview.dng"), minimumSize: (100, 60))
    #expect(image.width == 120 && image.height == 80)
    #expect(meanDelta(image, try Self.reference()) < 40)
    let large = try ImageReader.decode(path: ImageFixtures.format("camera.dng"), minimumSize: (200, 200))
    #expect(large.width == 120 && large.height == 80)
  }

  @Test("an animated WebP shows its first frame, with a warning saying so")
  func animatedWebP() throws {
    let loaded = try ImageReader.load(path: ImageFixtures.format("animated.webp"), minimumSize: (20, 15))
    #expect(loaded.image.width == 40 && loaded.image.height == 30)
    #expect(loaded.warnings == ["animated WebP (2 frames): the first frame is shown"])
    // B, G, R, A of the red first frame (the blue second frame would be 0xd0, 0x40, 0x20).
    let pixel = Array(loaded.image.pixels[0..<4])
    #expect(abs(Int(pixel[2]) - 0xd0) < 12 && pixel[0] < 0x40 && pixel[3] == 255)
  }

  @Test("a RAW cut short in its raw data is named as truncated, in words")
  func truncatedRAW() throws {
    let bytes = try [UInt8](
      Data(contentsOf: URL(fileURLWithPath: ImageFixtures.format("camera-nopreview.dng"))))
    let path = try FixturePaths.temporaryFolder().appendingPathComponent("cut.dng").path
    try Data(bytes.prefix(bytes.count * 9 / 10)).write(to: URL(fileURLWithPath: path))
    let header = try ImageReader.header(path: path)
    #expect(
      throws: ImageError(
        path: path, reason: "camera RAW data ends before the picture does (the file may be truncated)")
    ) {
      try ImageReader.load(path: path, header: header, minimumSize: (50, 50), maxPixels: 50_000_000)
    }
  }

  @Test("signatures of the older RAW formats LibRaw reads: Canon CRW, Minolta MRW, Sigma X3F")
  func olderRAWSignatures() {
    #expect(ImageFormat.sniff(Array("II\u{1a}\0\0\0HEAPCCDR\0\0\u{1}\0".utf8)) == .raw)
    #expect(ImageFormat.sniff([0, 0x4D, 0x52, 0x4D, 0, 0, 0, 8]) == .raw)
    #expect(ImageFormat.sniff(Array("FOVb\0\0\u{2}\0".utf8)) == .raw)
    #expect(ImageFormat.sniff(Array("II\u{1a}\0\0\0HEAPCCDX".utf8)) == nil)
  }

  @Test("a RAW's orientation flag turns both the preview and the half-size decode upright")
  func dngOrientation() throws {
    let path = ImageFixtures.format("camera-rotated.dng")
    let header = try ImageReader.header(path: path)
    #expect(header.width == 160 && header.height == 240)
    let preview = try ImageReader.decode(path: path, header: header, minimumSize: (60, 100))
    #expect(preview.width == 80 && preview.height == 120)
    #expect(meanDelta(preview, try Self.reference().oriented(.right)) < 6)
    let halfSize = try ImageReader.decode(path: path, header: header, minimumSize: (200, 300))
    #expect(halfSize.width == 80 && halfSize.height == 120)
  }

  @Test(
    "cut short or scrambled, every new format fails with a reason and never crashes",
    arguments: [
      "photo.heic", "photo.avif", "camera.dng", "camera-nopreview.dng", "rgb-lzw.tif",
      "rgb16-tiled-deflate.tif", "animated.webp",
    ])
  func hostile(name: String) throws {
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: ImageFixtures.format(name))))
    var random = SystemRandomNumberGenerator()
    let folder = try FixturePaths.temporaryFolder()
    var variants: [(String, [UInt8])] = [
      ("half", Array(bytes.prefix(bytes.count / 2))), ("head", Array(bytes.prefix(64))),
    ]
    for index in 0..<6 {
      var scrambled = bytes
      for _ in 0..<40 {
        scrambled[Int.random(in: 8..<scrambled.count, using: &random)] = UInt8.random(
          in: 0...255, using: &random)
      }
      variants.append(("scrambled\(index)", scrambled))
    }
    for (label, variant) in variants {
      let path = folder.appendingPathComponent("\(label)-\(name)").path
      try Data(variant).write(to: URL(fileURLWithPath: path))
      do {
        let header = try ImageReader.header(path: path)
        _ = try ImageReader.load(path: path, header: header, minimumSize: (50, 50), maxPixels: 50_000_000)
      } catch let error as ImageError {
        #expect(!error.reason.isEmpty)
      }
    }
  }
}

/// The mean difference per channel (0–255) of two images, the second resampled to the first's size.
func meanDelta(_ image: RasterImage, _ reference: RasterImage) -> Double {
  let other = reference.resampled(width: image.width, height: image.height)
  let total = zip(image.pixels, other.pixels).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
  return Double(total) / Double(image.pixels.count)
}
