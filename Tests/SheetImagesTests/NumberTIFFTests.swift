import Foundation
import TestSupport
import Testing

@testable import SheetImages

/// TIFFs whose samples are numbers libtiff's RGBA reader refuses ("Sorry, can not handle images
/// with IEEE floating-point samples"): scientific, HDR and GIS exports. Made by
/// `Fixtures/hostile/make-number-tiffs.py`; each pixel's expected colour is stated there.
@Suite("TIFFs of floating-point, signed and 32-bit samples")
struct NumberTIFFTests {
  private static func hostile(_ name: String) -> String {
    FixturePaths.fixtures.appendingPathComponent("hostile").appendingPathComponent(name).path
  }

  /// The B, G, R, A bytes of pixel (x, y).
  private static func pixel(_ image: RasterImage, _ x: Int, _ y: Int) -> [UInt8] {
    let start = y * image.width * 4 + x * 4
    return Array(image.pixels[start..<start + 4])
  }

  @Test(
    "floating-point RGB is scaled from 0–1 and clamped (NaN and negative values black)",
    arguments: ["float32-rgb.tif", "float16-rgb.tif"])
  func floatRGB(name: String) throws {
    let image = try ImageReader.decode(path: Self.hostile(name), maxPixels: 1_000_000)
    #expect(image.width == 8 && image.height == 4)
    // (0.25, 0.5, 1.0) and (2.0, -1.0, NaN), as B, G, R, A.
    #expect(Self.pixel(image, 0, 0) == [255, 128, 64, 255])
    #expect(Self.pixel(image, 7, 3) == [0, 0, 255, 255])
  }

  @Test("64-bit floating-point grey in tiles decodes whole and shrunk")
  func float64Tiled() throws {
    let path = Self.hostile("float64-grey-tiled.tif")
    let image = try ImageReader.decode(path: path, maxPixels: 1_000_000)
    #expect(image.width == 32 && image.height == 32)
    // A ramp x / 31 across: 0, 16/31 and 1 of white.
    #expect(Self.pixel(image, 0, 5) == [0, 0, 0, 255])
    #expect(Self.pixel(image, 16, 20) == [132, 132, 132, 255])
    #expect(Self.pixel(image, 31, 31) == [255, 255, 255, 255])
    let shrunk = try ImageReader.decode(path: path, minimumSize: (8, 8), maxPixels: 1_000_000)
    #expect(shrunk.width == 8 && shrunk.height == 8)
    // The mean of columns 0–3: 1.5 / 31 of white.
    #expect(Self.pixel(shrunk, 0, 7) == [12, 12, 12, 255])
  }

  @Test(
    "signed 16-bit grey scales from 0 to 32767, negative values black; unsigned 32-bit from 0 to 2^32 − 1")
  func integers() throws {
    let grey = try ImageReader.decode(path: Self.hostile("int16-grey.tif"), maxPixels: 1_000_000)
    #expect((0..<4).map { Self.pixel(grey, $0, 0)[0] } == [0, 0, 128, 255])
    let rgb = try ImageReader.decode(path: Self.hostile("uint32-rgb.tif"), maxPixels: 1_000_000)
    #expect(Self.pixel(rgb, 0, 0) == [255, 255, 255, 255])
    #expect(Self.pixel(rgb, 1, 0) == [0, 128, 0, 255])
  }

  @Test("a kind no reader takes (floating-point CMYK) is refused in words, not only libtiff's")
  func floatCMYK() throws {
    let error = try #require(throws: ImageError.self) {
      try ImageReader.decode(path: Self.hostile("float32-cmyk.tif"), maxPixels: 1_000_000)
    }
    #expect(
      error.reason.contains(
        "TIFF stores its CMYK colours as 32-bit floating-point numbers (4 per pixel), which cannot be shown; save it as an 8- or 16-bit TIFF"
      ), "\(error.reason)")
  }
}
