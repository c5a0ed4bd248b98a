import Foundation
import SheetImages
import TestSupport

/// Paths to the image fixtures these tests read, and pixel helpers.
enum ImageFixtures {
  static func orientation(_ value: Int) -> String {
    FixturePaths.fixtures.appendingPathComponent("orientation/orientation-\(value).jpg").path
  }

  static func pngSuite(_ name: String) -> String {
    FixturePaths.fixtures.appendingPathComponent("pngsuite/\(name).png").path
  }

  static func format(_ name: String) -> String {
    FixturePaths.fixtures.appendingPathComponent("formats/\(name)").path
  }

  /// Every PngSuite-like file name, without extension.
  static var pngSuiteNames: [String] {
    let folder = FixturePaths.fixtures.appendingPathComponent("pngsuite").path
    return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
      .filter { $0.hasSuffix(".png") }.map { String($0.dropLast(4)) }.sorted()
  }
}

extension RasterImage {
  /// The premultiplied (r, g, b, a) of the pixel at `x`, `y`.
  func rgba(_ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int, a: Int) {
    let index = (y * width + x) * 4
    return (Int(pixels[index + 2]), Int(pixels[index + 1]), Int(pixels[index]), Int(pixels[index + 3]))
  }

  /// Whether the pixel at `x`, `y` is within `tolerance` of `r`, `g`, `b` (opaque).
  func isClose(_ x: Int, _ y: Int, to color: (Int, Int, Int), tolerance: Int = 12) -> Bool {
    let pixel = rgba(x, y)
    return abs(pixel.r - color.0) <= tolerance && abs(pixel.g - color.1) <= tolerance
      && abs(pixel.b - color.2) <= tolerance
  }
}
