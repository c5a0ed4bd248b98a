import Foundation
import SheetImages
import TestSupport
import Testing

@Suite("JPEG kinds, WebP and broken files")
struct FormatTests {
  @Test("a CMYK JPEG with an Adobe marker (inverted inks) comes out in its RGB colours")
  func cmyk() throws {
    let image = try ImageReader.decode(path: ImageFixtures.format("cmyk.jpg"))
    #expect(image.width == 64 && image.height == 32)
    #expect(image.isClose(16, 16, to: (200, 40, 40), tolerance: 16))
    #expect(image.isClose(48, 16, to: (40, 90, 200), tolerance: 16))
  }

  @Test("a greyscale JPEG comes out grey, opaque")
  func grey() throws {
    let image = try ImageReader.decode(path: ImageFixtures.format("grey.jpg"))
    let pixel = image.rgba(100, 100)
    #expect(pixel.r == pixel.g && pixel.g == pixel.b && pixel.a == 255 && !image.hasAlpha)
  }

  @Test("a progressive JPEG decodes, shrunk in the DCT domain, to nearly the baseline's pixels")
  func progressive() throws {
    let progressive = try ImageReader.decode(
      path: ImageFixtures.format("progressive.jpg"), minimumSize: (160, 100))
    let baseline = try ImageReader.decode(path: FixturePaths.photo("rocket.jpg"), minimumSize: (160, 100))
    #expect(progressive.width == 160 && progressive.height == 107)
    #expect(progressive.width == baseline.width && progressive.height == baseline.height)
    let meanDelta =
      Double(zip(progressive.pixels, baseline.pixels).map { abs(Int($0) - Int($1)) }.reduce(0, +))
      / Double(progressive.pixels.count)
    #expect(meanDelta < 3)
  }

  @Test("WebP: size from the header, shrink while decoding, and alpha")
  func webP() throws {
    let info = try ImageReader.header(path: ImageFixtures.format("photo.webp"))
    #expect(info.format == .webp && info.width == 300 && info.height == 200)
    let small = try ImageReader.decode(path: ImageFixtures.format("photo.webp"), minimumSize: (150, 90))
    #expect(small.width == 150 && small.height == 100)
    let alpha = try ImageReader.decode(path: ImageFixtures.format("alpha.webp"))
    #expect(alpha.hasAlpha && alpha.rgba(0, 5).a == 255 && alpha.rgba(63, 5).a < 8)
  }

  @Test(
    "broken files fail with a reason their owner understands",
    arguments: [
      ("truncated.png", "truncated"),
      ("not-an-image.jpg", "not a JPEG, PNG, WebP, TIFF, HEIF, AVIF, camera RAW or video file"),
      ("empty.png", "file is empty"),
      ("missing.jpg", "file not found"),
    ])
  func broken(name: String, reason: String) {
    do {
      _ = try ImageReader.decode(path: ImageFixtures.format(name), minimumSize: (100, 100))
      Issue.record("\(name) decoded")
    } catch let error as ImageError {
      #expect(error.reason.contains(reason), "\(name): \(error.reason)")
    } catch {
      Issue.record("\(name): \(error)")
    }
  }

  @Test("a truncated JPEG shows the part that decoded, the rest grey, with a warning")
  func truncatedJPEG() throws {
    let loaded = try ImageReader.load(path: ImageFixtures.format("truncated.jpg"))
    #expect(loaded.warnings.count == 1 && loaded.warnings[0].contains("file is truncated"))
    let whole = try ImageReader.decode(path: FixturePaths.photo("rocket.jpg"))
    let image = loaded.image
    #expect(image.width == whole.width && image.height == whole.height)
    // The file holds 40% of the bytes: the top fifth is the photo, the bottom rows are grey.
    let top = whole.width * 4 * (whole.height / 5)
    #expect(image.pixels[..<top] == whole.pixels[..<top])
    let bottom = image.rgba(whole.width / 2, whole.height - 2)
    #expect(bottom.r == bottom.g && bottom.g == bottom.b)
    #expect(try ImageReader.load(path: FixturePaths.photo("rocket.jpg")).warnings.isEmpty)
  }

  @Test("a JPEG whose data is random bytes after a valid header decodes with a warning, not a crash")
  func corruptJPEG() throws {
    do {
      let loaded = try ImageReader.load(path: ImageFixtures.format("corrupt.jpg"))
      #expect(!loaded.warnings.isEmpty)
    } catch let error as ImageError {
      #expect(error.reason.contains("corrupt"))
    }
  }

  @Test("a header claiming more than the pixel limit is refused before decoding")
  func pixelLimit() throws {
    let info = try ImageReader.header(path: ImageFixtures.format("huge.png"))
    #expect(info.width == 40_000 && info.height == 40_000)
    #expect(throws: ImageError.self) { try ImageReader.decode(path: ImageFixtures.format("huge.png")) }
    do {
      _ = try ImageReader.decode(path: ImageFixtures.format("huge.png"), maxPixels: 200_000_000)
    } catch let error as ImageError {
      #expect(error.reason.contains("--max-pixels"))
    }
  }

  @Test("the header phase finds the frame behind large segments, reading further than its first chunk")
  func largeSegments() throws {
    let original = try [UInt8](Data(contentsOf: URL(fileURLWithPath: FixturePaths.photo("rocket.jpg"))))
    // 3 APP2 segments of 60 KB each (an ICC profile's size) put the frame header past 128 KB.
    var padded = Array(original[0..<2])
    for _ in 0..<3 {
      padded += [0xFF, 0xE2, 0xEA, 0x62] + [UInt8](repeating: 0x41, count: 0xEA62 - 2)
    }
    padded += original[2...]
    let folder = try FixturePaths.temporaryFolder()
    let path = folder.appendingPathComponent("padded.jpg").path
    try Data(padded).write(to: URL(fileURLWithPath: path))
    let info = try ImageReader.header(path: path)
    #expect(info.width == 640 && info.height == 427)
  }
}
