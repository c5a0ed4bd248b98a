import Foundation
import SheetDiff
import SheetPixels

/// Checks `image` (a `RasterImage`, a `StraightRGBAImage`, PNG, JPEG or WebP `Data`, or a
/// `GoldenFile`) against the golden `name`.png in the `Goldens` folder beside the calling test
/// file (or `goldens`), like `#expect`: a failure is recorded as an issue at the caller's line,
/// with the expected, actual and diff images attached, and the test goes on.
///
/// Under XCTest use `XCTAssertGolden` from the `SheetGoldenXCTest` product instead; without a
/// running Swift Testing test, a failure is printed on standard error.
///
/// ```swift
/// @Test func cards() {
///   expectGolden(render(.plain), named: "card-plain")
///   expectGolden(render(.shadow), named: "card-shadow", maxDiffPixels: 20)  // runs even if the first failed
/// }
/// ```
///
/// - Parameters:
///   - image: The rendered image, or its encoded data (then a recorded golden is a copy of the bytes).
///   - name: The golden's name, without `.png`.
///   - threshold: The colour difference (0…1) a pixel may have before it counts as changed.
///   - maxDiffPixels: The most changed pixels allowed, when set (alone, or with `maxDiffRatio`:
///     then both must hold, as in Playwright).
///   - maxDiffRatio: The largest share (0…1) of pixels allowed to change, when set.
///   - ignore: Regions left out, in pixels.
///   - countAntiAliasing: Count anti-aliased pixels as changes too (pixelmatch's `includeAA`).
///   - metric: How pixels are judged: the house metric, or pixelmatch's exactly.
///   - goldens: The goldens folder; by default `Goldens` beside the calling file.
///   - fileID: The calling file's module-qualified name (filled in by the compiler).
///   - filePath: The calling file (filled in by the compiler).
///   - line: The calling line (filled in by the compiler).
///   - column: The calling column (filled in by the compiler).
///   - function: The calling test (filled in by the compiler), which names its evidence folder.
/// - Returns: How the check came out.
@discardableResult
public func expectGolden(
  _ image: some GoldenComparable, named name: String, threshold: Double = 0.1, maxDiffPixels: Int? = nil,
  maxDiffRatio: Double? = nil, ignore: [PixelRect] = [], countAntiAliasing: Bool = false,
  metric: ComparisonMetric = .house, goldens: URL? = nil, fileID: String = #fileID,
  filePath: String = #filePath,
  line: Int = #line, column: Int = #column, function: String = #function
) -> GoldenOutcome {
  GoldenCall(
    name, (threshold, maxDiffPixels, maxDiffRatio, ignore, countAntiAliasing, metric), goldens: goldens,
    at: (fileID, filePath, line, column, function)
  ).expect(image.goldenPixels)
}

/// Checks `image` against the golden `name`.png like `#require`: throws `GoldenMismatch`, so
/// the test stops here, with the expected, actual and diff images attached to the test. See
/// `expectGolden` for the parameters.
///
/// - Throws: `GoldenMismatch`, saying what changed and where the images are.
public func requireGolden(
  _ image: some GoldenComparable, named name: String, threshold: Double = 0.1, maxDiffPixels: Int? = nil,
  maxDiffRatio: Double? = nil, ignore: [PixelRect] = [], countAntiAliasing: Bool = false,
  metric: ComparisonMetric = .house, goldens: URL? = nil, fileID: String = #fileID,
  filePath: String = #filePath,
  line: Int = #line, column: Int = #column, function: String = #function
) throws {
  try GoldenCall(
    name, (threshold, maxDiffPixels, maxDiffRatio, ignore, countAntiAliasing, metric), goldens: goldens,
    at: (fileID, filePath, line, column, function)
  ).require(image.goldenPixels)
}

/// The throwing check under its earlier name.
///
/// - Throws: `GoldenMismatch`.
@available(*, deprecated, renamed: "requireGolden")
public func expectMatchesGolden(
  _ image: RasterImage, named name: String, threshold: Double = 0.1, maxDiffPixels: Int? = nil,
  maxDiffRatio: Double? = nil, ignore: [PixelRect] = [], goldens: URL? = nil, file: String = #filePath
) throws {
  try requireGolden(
    image, named: name, threshold: threshold, maxDiffPixels: maxDiffPixels, maxDiffRatio: maxDiffRatio,
    ignore: ignore, goldens: goldens, filePath: file)
}

/// One call of the functions above: the golden's name, the options, where the goldens are and
/// who called.
private struct GoldenCall {
  var name: String
  var options: ComparisonOptions
  var store: GoldenStore
  var location: GoldenTestContext.Location
  var fileID: String
  var function: String

  init(
    _ name: String,
    _ budget: (
      threshold: Double, maxDiffPixels: Int?, maxDiffRatio: Double?, ignore: [PixelRect],
      countAntiAliasing: Bool, metric: ComparisonMetric
    ),
    goldens: URL?, at caller: (fileID: String, filePath: String, line: Int, column: Int, function: String)
  ) {
    self.name = name
    options = ComparisonOptions(
      threshold: budget.threshold, countAntiAliasing: budget.countAntiAliasing, ignoreRegions: budget.ignore,
      maxDiffPixels: budget.maxDiffPixels, maxDiffRatio: budget.maxDiffRatio, metric: budget.metric)
    store = GoldenStore(folder: goldens ?? defaultGoldens(caller.filePath))
    location = .init(
      fileID: caller.fileID, filePath: caller.filePath, line: caller.line, column: caller.column)
    fileID = caller.fileID
    function = caller.function
  }

  /// Checks, and reports the outcome at the caller's line; the test goes on.
  func expect(_ pixels: GoldenPixels) -> GoldenOutcome {
    let outcome = store.verify(pixels, named: name, options: options, fileID: fileID, function: function)
    report(outcome, at: location)
    return outcome
  }

  /// Checks, reports a recording at the caller's line, and throws a failure's mismatch with
  /// its images attached to the test.
  func require(_ pixels: GoldenPixels) throws {
    try required(
      store.verify(pixels, named: name, options: options, fileID: fileID, function: function), at: location)
  }
}

/// Reports an outcome at `location`: a recording as a warning, a failure as an issue (or on
/// standard error outside Swift Testing).
func report(_ outcome: GoldenOutcome, at location: GoldenTestContext.Location) {
  GoldenTestContext.report(recording: outcome, at: location)
  if outcome.isFailure && !GoldenTestContext.recordFailure(outcome, at: location) {
    FileHandle.standardError.write(
      Data("\(location.filePath):\(location.line): golden failure: \(outcome.message)\n".utf8))
  }
}

/// Reports a recording at `location`, and throws the mismatch of a failure (the test stops
/// there) with its images attached at `location`.
func required(_ outcome: GoldenOutcome, at location: GoldenTestContext.Location) throws {
  GoldenTestContext.report(recording: outcome, at: location)
  if outcome.isFailure {
    GoldenTestContext.attachEvidence(of: outcome, at: location)
    throw outcome.mismatch
  }
}

/// `Goldens` beside the test file at `filePath`.
package func defaultGoldens(_ filePath: String) -> URL {
  URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("Goldens")
}
