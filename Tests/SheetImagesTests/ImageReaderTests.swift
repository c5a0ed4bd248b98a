import SheetImages
import TestSupport
import Testing

@Suite("Reading images")
struct ImageReaderTests {
  @Test("formats are recognised by their first bytes, not their names")
  func sniffing() {
    #expect(ImageFormat.sniff([0xFF, 0xD8, 0xFF, 0xE0]) == .jpeg)
    #expect(ImageFormat.sniff([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) == .png)
    #expect(ImageFormat.sniff(Array("RIFF\0\0\0\0WEBP".utf8)) == .webp)
    #expect(ImageFormat.sniff(Array("GIF89a".utf8)) == nil)
  }

  @Test("headers give the size without decoding")
  func headers() throws {
    let jpeg = try ImageReader.header(path: FixturePaths.photo("rocket.jpg"))
    #expect(jpeg.format == .jpeg && jpeg.width == 640 && jpeg.height == 427)
    let png = try ImageReader.header(path: FixturePaths.photo("horse.png"))
    #expect(png.format == .png && png.width == 400 && png.height == 328)
  }

  @Test("JPEG decoding shrinks in the DCT domain but never below the size asked for")
  func shrinkOnLoad() throws {
    let image = try ImageReader.decode(path: FixturePaths.photo("retina.jpg"), minimumSize: (300, 300))
    // 1411 px at 1/4 is 353 px, the smallest scale that is still at least 300.
    #expect(image.width == 353 && image.height == 353)
  }

  @Test("a missing file is reported with its path and a reason")
  func missingFile() {
    #expect(throws: ImageError(path: "/nonexistent.jpg", reason: "file not found")) {
      try ImageReader.header(path: "/nonexistent.jpg")
    }
  }

  @Test("orientation 6 turns a 2×1 image into a 1×2 image, top pixel from the bottom-left")
  func orientation() {
    // Pixels: left red, right blue (B, G, R, A).
    let stored = RasterImage(width: 2, height: 1, pixels: [0, 0, 255, 255, 255, 0, 0, 255], hasAlpha: false)
    let upright = stored.oriented(.right)
    #expect(upright.width == 1 && upright.height == 2)
    #expect(Array(upright.pixels[0..<4]) == [0, 0, 255, 255])
    #expect(Array(upright.pixels[4..<8]) == [255, 0, 0, 255])
  }
}
