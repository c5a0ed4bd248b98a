import Foundation
import SheetPixels

/// The outcome of comparing two images (or two PDF pages).
public struct ImageComparison: Codable, Hashable, Sendable {
  /// Width and height of the expected image, in pixels.
  public var expectedSize: PixelSize
  /// Width and height of the actual image, in pixels; when it differs from ``expectedSize``, no
  /// pixels were compared.
  public var actualSize: PixelSize
  /// Pixels over the threshold, anti-aliasing excluded unless it is counted.
  public var diffPixels: Int
  /// Pixels over the threshold that look like anti-aliasing (not in `diffPixels` unless
  /// anti-aliasing is counted).
  public var antiAliasedPixels: Int
  /// Pixels compared: the image's area less the ignored regions.
  public var comparedPixels: Int
  /// `diffPixels / comparedPixels` (0 when nothing was compared).
  public var diffRatio: Double
  /// The largest colour difference of any compared pixel, on the threshold's 0…1 scale.
  public var largestDelta: Double
  /// Bounding boxes of the changed areas, largest first (at most `ImageComparison.regionLimit`).
  public var regions: [PixelRect]
  /// How many separate changed areas there are (may exceed `regions.count`).
  public var regionCount: Int
  /// For images of different sizes: the size both were padded to (transparent, at the top
  /// left) to count and draw what differs, as jest-image-snapshot's `allowSizeMismatch` does;
  /// nil when the sizes match or padding would exceed ``PaddedComparison/maxPixels``.
  public var paddedTo: PixelSize?

  /// The most regions listed.
  public static let regionLimit = 20

  /// Whether both images have the same size (otherwise nothing else was compared).
  public var sizesMatch: Bool { expectedSize == actualSize }

  /// Whether the difference is within the budgets of `options` (see
  /// ``ComparisonOptions/maxDiffRatio`` for how they combine).
  public func isWithinBudget(_ options: ComparisonOptions) -> Bool {
    guard sizesMatch else { return false }
    if options.maxDiffPixels == nil && options.maxDiffRatio == nil { return diffPixels == 0 }
    if let pixels = options.maxDiffPixels, diffPixels > pixels { return false }
    if let ratio = options.maxDiffRatio, diffRatio > ratio { return false }
    return true
  }

  /// A one-line account in plain English, such as `1 234 pixels differ (0.81%), largest
  /// difference 42% of full scale, 3 regions`.
  public var summary: String {
    guard sizesMatch else {
      let sizes =
        "sizes differ: expected \(expectedSize.width)×\(expectedSize.height), actual "
        + "\(actualSize.width)×\(actualSize.height)"
      guard let padded = paddedTo else { return sizes }
      return sizes + "; padded to \(padded.width)×\(padded.height) with transparency, "
        + (diffPixels == 1 ? "1 pixel differs" : "\(diffPixels) pixels differ")
    }
    var text =
      diffPixels == 1
      ? "1 pixel differs (\(Self.percent(diffRatio)))"
      : "\(diffPixels) pixels differ (\(Self.percent(diffRatio)))"
    if diffPixels > 0 || antiAliasedPixels > 0 { text += ", largest difference \(largestDifference)" }
    if regionCount > 0 { text += ", \(regionCount) region\(regionCount == 1 ? "" : "s")" }
    if antiAliasedPixels > 0 {
      text += "; \(antiAliasedPixels) anti-aliased pixel\(antiAliasedPixels == 1 ? "" : "s") not counted"
    }
    return text
  }

  /// `largestDelta` as a share of the largest possible difference (black against white):
  /// `54% of full scale`.
  public var largestDifference: String {
    "\(Int((largestDelta * 100).rounded()))% of full scale"
  }

  /// A ratio as a percentage with enough digits to show small changes.
  package static func percent(_ ratio: Double) -> String {
    if ratio == 0 { return "0%" }
    let value = ratio * 100
    return value >= 1 ? String(format: "%.2f%%", value) : String(format: "%.4f%%", value)
  }

  /// The result for two images of different sizes.
  package static func sizeMismatch(expected: PixelSize, actual: PixelSize) -> ImageComparison {
    let area = expected.width * expected.height
    return ImageComparison(
      expectedSize: expected, actualSize: actual, diffPixels: area, antiAliasedPixels: 0,
      comparedPixels: area, diffRatio: 1, largestDelta: 1, regions: [], regionCount: 0)
  }
}
