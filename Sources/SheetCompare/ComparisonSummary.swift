import SheetDiff

/// The outcome of `contactsheet compare`: one case per file pair, written as the `--json`
/// summary.
public struct ComparisonSummary: Codable, Hashable, Sendable {
  /// `matched`, `different` or `error` (a file could not be read).
  public var status: CaseStatus
  /// The compared paths, as given.
  public var expected: String
  /// The actual file or folder, as given on the command line.
  public var actual: String
  /// The folders the cases' paths are relative to.
  public var roots: ComparedRoots
  /// The options the comparison ran with.
  public var threshold: Double
  /// The most changed pixels allowed per image or PDF page (`--max-diff-pixels`), when set.
  public var maxDiffPixels: Int?
  /// The largest share (0…1) of compared pixels allowed to change per image or page
  /// (`--max-diff-ratio`); nil when only the pixel budget applies.
  public var maxDiffRatio: Double?
  /// Whether anti-aliasing (edges re-mixed where the structure did not move) was counted.
  public var countAntiAliasing: Bool
  /// How pixels were judged (nil in results written before metrics could be chosen: house).
  public var metric: ComparisonMetric?
  /// Regions left out of the comparison, in expected-image pixels.
  public var ignore: [PixelRect]
  /// The resolution PDFs were rasterised at.
  public var dpi: Double
  /// Cases that did not match.
  public var failures: Int
  /// One result per compared file (or per file found on one side only); for folders, sorted by
  /// relative path.
  public var cases: [CaseResult]

  /// A summary of `cases`; the status and the failure count follow from them.
  public init(
    expected: String, actual: String, roots: ComparedRoots, threshold: Double, maxDiffPixels: Int?,
    maxDiffRatio: Double?, countAntiAliasing: Bool, ignore: [PixelRect], dpi: Double, cases: [CaseResult],
    metric: ComparisonMetric = .house
  ) {
    self.metric = metric
    failures = cases.filter { $0.status != .matched }.count
    status = cases.contains { $0.status == .error } ? .error : failures > 0 ? .different : .matched
    self.expected = expected
    self.actual = actual
    self.roots = roots
    self.threshold = threshold
    self.maxDiffPixels = maxDiffPixels
    self.maxDiffRatio = maxDiffRatio
    self.countAntiAliasing = countAntiAliasing
    self.ignore = ignore
    self.dpi = dpi
    self.cases = cases
  }

  /// The exit status: 0 within budget, 1 different, 2 a file could not be compared.
  public var exitStatus: Int32 {
    switch status {
    case .matched: 0
    case .error: 2
    default: 1
    }
  }
}

/// How a file, a page or a whole comparison came out.
public enum CaseStatus: String, Codable, Hashable, Sendable, CaseIterable {
  /// Within the budgets.
  case matched
  /// Over a budget, or sizes or page counts differ.
  case different
  /// In the expected set only.
  case missing
  /// In the actual set only.
  case extra
  /// Could not be read or is not an image or PDF.
  case error
}

/// One compared file (an image, or a PDF page by page).
public struct CaseResult: Codable, Hashable, Sendable {
  /// The file's path relative to the compared folders, or its name.
  public var name: String
  /// How this file came out: `match` only when every page matched.
  public var status: CaseStatus
  /// Why it failed when that is not a pixel count: unreadable, missing, page counts differ.
  public var message: String?
  /// What changed in the environment since the golden's fingerprint was recorded.
  public var environmentChanges: [String]?
  /// The expected file's path relative to the golden root (nil for an extra file).
  public var expectedPath: String?
  /// The actual file's path relative to the actual root (nil for a missing file).
  public var actualPath: String?
  /// The SHA-256 (hex) of the actual file that was compared: `approve` copies it only while
  /// its bytes are still these.
  public var actualSHA256: String?
  /// This case's folders, when they are not the summary's (a merge of shards that compared
  /// different folders).
  public var roots: ComparedRoots?
  /// Seconds spent comparing this case: decoding, comparing and writing its images.
  public var seconds: Double?
  /// The settings this case was compared with, when they are not the summary's (a rule of
  /// `--config`, or a merged shard's own).
  public var settings: CompareConfig.Settings?
  /// Changed pixels over all pages.
  public var diffPixels: Int
  /// `diffPixels` over all compared pixels.
  public var diffRatio: Double
  /// One result per page (one for an image); empty when the file could not be read.
  public var pages: [PageResult]

  /// A case named `name` with the given status, optional message and environment changes, and
  /// `pages`; ``diffPixels`` and ``diffRatio`` are summed from the pages' comparisons (the ratio
  /// is 0 for a match and 1 otherwise when no pixels were compared).
  public init(
    name: String, status: CaseStatus, message: String? = nil, environmentChanges: [String]? = nil,
    expectedPath: String? = nil, actualPath: String? = nil, actualSHA256: String? = nil,
    pages: [PageResult] = []
  ) {
    self.expectedPath = expectedPath
    self.actualPath = actualPath
    self.actualSHA256 = actualSHA256
    self.name = name
    self.status = status
    self.message = message
    self.environmentChanges = environmentChanges
    self.pages = pages
    let comparisons = pages.compactMap(\.comparison)
    diffPixels = comparisons.reduce(0) { $0 + $1.diffPixels }
    let compared = comparisons.reduce(0) { $0 + $1.comparedPixels }
    diffRatio = compared > 0 ? Double(diffPixels) / Double(compared) : (status == .matched ? 0 : 1)
  }
}

/// One page of a case (images have one page), with the comparison's figures at top level.
public struct PageResult: Codable, Hashable, Sendable {
  /// 1-based.
  public var page: Int
  /// How this page came out: `match`, `different`, `error` when it could not be rasterised or
  /// decoded, or `missing`/`extra` when only one side has the page.
  public var status: CaseStatus
  /// Why it failed when that is not a pixel count.
  public var message: String?
  /// The diff image written for this page, relative to the diff root.
  public var diffFile: String?
  /// The expected page as a PNG file, for PDF pages that differ (see
  /// `FileComparer.writesPageImages`), relative to the diff root.
  public var expectedFile: String?
  /// The actual page as a PNG file, for PDF pages that differ, relative to the diff root.
  public var actualFile: String?
  /// Nil when the page exists on one side only.
  public var comparison: ImageComparison?
  /// For a PDF page that differs: what the changed regions say in each version.
  public var textChanges: [TextChange]?

  /// A result for page `page` (1-based) with the given status and, when there is one, message,
  /// diff image path and comparison.
  public init(
    page: Int, status: CaseStatus, message: String? = nil, diffFile: String? = nil,
    comparison: ImageComparison? = nil
  ) {
    self.page = page
    self.status = status
    self.message = message
    self.diffFile = diffFile
    self.comparison = comparison
  }

  private enum CodingKeys: String, CodingKey {
    case page, status, message, diffFile, expectedFile, actualFile, textChanges
  }

  /// Decodes a page result whose comparison figures are at top level beside `page` and `status`;
  /// ``comparison`` is nil when those figures are absent or incomplete.
  /// - Throws: `DecodingError` when `page` or `status` is missing or of the wrong type.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    page = try container.decode(Int.self, forKey: .page)
    status = try container.decode(CaseStatus.self, forKey: .status)
    message = try container.decodeIfPresent(String.self, forKey: .message)
    diffFile = try container.decodeIfPresent(String.self, forKey: .diffFile)
    expectedFile = try container.decodeIfPresent(String.self, forKey: .expectedFile)
    actualFile = try container.decodeIfPresent(String.self, forKey: .actualFile)
    textChanges = try container.decodeIfPresent([TextChange].self, forKey: .textChanges)
    comparison = try? ImageComparison(from: decoder)
  }

  /// Encodes `page`, `status`, `message` and `diffFile`, with the comparison's fields (when
  /// there is one) at the same level rather than nested.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(page, forKey: .page)
    try container.encode(status, forKey: .status)
    try container.encodeIfPresent(message, forKey: .message)
    try container.encodeIfPresent(diffFile, forKey: .diffFile)
    try container.encodeIfPresent(expectedFile, forKey: .expectedFile)
    try container.encodeIfPresent(actualFile, forKey: .actualFile)
    try container.encodeIfPresent(textChanges, forKey: .textChanges)
    try comparison?.encode(to: encoder)
  }
}
