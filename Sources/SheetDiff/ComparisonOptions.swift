/// How two images are compared, and how much difference is allowed.
///
/// ```swift
/// var options = ComparisonOptions(threshold: 0.1, maxDiffPixels: 20)
/// options.ignoreRegions = [PixelRect(x: 0, y: 0, width: 200, height: 24)]  // a timestamp
/// ```
public struct ComparisonOptions: Hashable, Sendable {
  /// The perceptual colour difference (0…1) a pixel may have before it counts as changed; 0.1
  /// by default, as in pixelmatch. Lower is stricter.
  public var threshold: Double
  /// Count anti-aliasing as changes too: pixels where an edge's two colours are re-mixed by
  /// less than a whole pixel and the ink around them did not move (docs/golden-testing.md gives
  /// the rule and what it catches).
  public var countAntiAliasing: Bool
  /// Regions masked out of the comparison (for example timestamps), in expected-image pixels.
  public var ignoreRegions: [PixelRect]
  /// The most changed pixels allowed (per image or PDF page), when set.
  public var maxDiffPixels: Int?
  /// The largest share (0…1) of compared pixels allowed to change, when set.
  ///
  /// The budgets combine as Playwright's `maxDiffPixels` and `maxDiffPixelRatio` do
  /// (`comparators.ts`): either alone is the budget; given both, the stricter holds (both
  /// must); given neither, no pixel may change.
  public var maxDiffRatio: Double?
  /// How pixels are judged: the house metric (the default) or pixelmatch's exactly.
  public var metric: ComparisonMetric

  /// Options with pixelmatch's default threshold 0.1, anti-aliasing not counted, nothing
  /// ignored, no budget (no pixel may change) and the house metric, unless given.
  public init(
    threshold: Double = 0.1, countAntiAliasing: Bool = false, ignoreRegions: [PixelRect] = [],
    maxDiffPixels: Int? = nil, maxDiffRatio: Double? = nil, metric: ComparisonMetric = .house
  ) {
    self.metric = metric
    self.threshold = threshold
    self.countAntiAliasing = countAntiAliasing
    self.ignoreRegions = ignoreRegions
    self.maxDiffPixels = maxDiffPixels
    self.maxDiffRatio = maxDiffRatio
  }

  /// Faint changes: pixels changed by more than half the threshold (but not over it) count
  /// when at least this many of them, none looking like anti-aliasing, share one 16×16 cell.
  /// A softer shadow or a lighter tint changes whole areas by less than pixelmatch's
  /// threshold (a shadow 0.1 more opaque moves each pixel by 9% of full scale); anti-aliasing
  /// and rounding noise change scattered pixels, not areas.
  public static let faintAreaPixels = 32

  /// Half the threshold, on the squared YIQ scale, when that half is at least 0.02 (about 5
  /// grey levels); otherwise faint changes are not looked for (`Double.infinity`): a caller
  /// with a threshold that tight already counts every change over it.
  var faintDelta: Double {
    let faint = threshold / 2
    return faint >= 0.02 ? 35215 * faint * faint : .infinity
  }

  /// The YIQ distance a pixel may have, on pixelmatch's scale: 35215 is the largest possible
  /// squared distance (black against white).
  var maximumDelta: Double { 35215 * threshold * threshold }
}

extension ComparisonOptions {
  /// `at most 20 pixels`, `at most 0.1%`, `at most 20 pixels and 0.1%` or `no changed pixel`:
  /// the budget in words.
  public var budgetDescription: String {
    var parts: [String] = []
    if let pixels = maxDiffPixels { parts.append("\(pixels) pixel\(pixels == 1 ? "" : "s")") }
    if let ratio = maxDiffRatio { parts.append(ImageComparison.percent(ratio)) }
    return parts.isEmpty ? "no changed pixel" : "at most " + parts.joined(separator: " and ")
  }
}

/// How a comparison judges pixels. Both score a pixel by pixelmatch's YIQ distance against the
/// same threshold; they differ in what is forgiven and what is added.
public enum ComparisonMetric: String, Codable, Hashable, Sendable, CaseIterable {
  /// ContactSheet's metric, for renders: anti-aliasing is recognised where an edge's colours
  /// are re-mixed but the ink around it did not move (``AntiAliasing``), and changes under the
  /// threshold count where they fill an area (``ComparisonOptions/faintAreaPixels`` in a 16×16
  /// cell: a softer shadow, a lighter tint), with darker changes drawn blue.
  case house
  /// pixelmatch 7.2 exactly (``Pixelmatch``): its anti-aliasing rule, no faint areas, its diff
  /// image; the counts Playwright, jest-image-snapshot and pixelmatch give.
  case pixelmatch
}
