import Foundation
import SheetImages

/// How two images compared, pixel by pixel.
public struct PixelDifference: Sendable, CustomStringConvertible {
  public var sameSize: Bool
  /// Pixels where some channel differs by more than the tolerance.
  public var differingPixels: Int
  /// The largest difference of any channel, 0…255.
  public var largestDelta: Int

  public var description: String {
    sameSize ? "\(differingPixels) pixels differ (largest channel delta \(largestDelta))" : "sizes differ"
  }
}

/// Decoded-pixel comparison for golden tests.
public enum PixelTolerance {
  /// Compares two images channel by channel; a pixel counts as different when any channel
  /// differs by more than `channelTolerance`.
  public static func compare(_ expected: RasterImage, _ actual: RasterImage, channelTolerance: Int)
    -> PixelDifference
  {
    guard expected.width == actual.width, expected.height == actual.height else {
      return PixelDifference(sameSize: false, differingPixels: Int.max, largestDelta: 255)
    }
    var differing = 0
    var largest = 0
    for pixel in 0..<(expected.width * expected.height) {
      var worst = 0
      for channel in 0..<4 {
        let delta = abs(Int(expected.pixels[pixel * 4 + channel]) - Int(actual.pixels[pixel * 4 + channel]))
        worst = max(worst, delta)
      }
      largest = max(largest, worst)
      if worst > channelTolerance { differing += 1 }
    }
    return PixelDifference(sameSize: true, differingPixels: differing, largestDelta: largest)
  }
}
