import Foundation
import SheetDiff
import SheetImages

/// Checks `image` against the golden `name`.png in the `Goldens` folder beside the calling test
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
///   - image: The rendered image.
///   - name: The golden's name, without `.png`.
///   - threshold: The colour difference (0…1) a pixel may have before it counts as changed.
///   - maxDiffPixels: The most changed pixels allowed, when set (alone, or with `maxDiffRatio`:
///     then both must hold, as in Playwright).
///   - maxDiffRatio: The largest share (0…1) of pixels allowed to change, when set.
///   - ignore: Regions left out, in pixels.
///   - goldens: The goldens folder; by default `Goldens` beside the calling file.
///   - fileID: The calling file's module-qualified name (filled in by the compiler).
///   - filePath: The calling file (filled in by the compiler).
///   - line: The calling line (filled in by the compiler).
///   - column: The calling column (filled in by the compiler).
///   - function: The calling test (filled in by the compiler), which names its evidence folder.
/// - Returns: How the check came out.
@discardableResult
public func expectGolden(
  _ image: RasterImage, named name: String, threshold: Double = 0.1, maxDiffPixels: Int? = nil,
  maxDiffRatio: Double? = nil, ignore: [PixelRect] = [], goldens: URL? = nil,
  fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
  function: String = #function
) -> GoldenOutcome {
  let outcome = check(
    .image(image), named: name,
    options: ComparisonOptions(budget: (threshold, maxDiffPixels, maxDiffRatio, ignore)),
    goldens: goldens, filePath: filePath, fileID: fileID, function: function)
  report(outcome, at: .init(fileID: fileID, filePath: filePath, line: line, column: column))
  return outcome
}

/// Checks PNG (or JPEG) data against the golden `name`.png; see the `RasterImage` overload.
@discardableResult
public func expectGolden(
  _ png: Data, named name: String, threshold: Double = 0.1, maxDiffPixels: Int? = nil,
  maxDiffRatio: Double? = nil, ignore: [PixelRect] = [], goldens: URL? = nil,
  fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
  function: String = #function
) -> GoldenOutcome {
  let outcome = check(
    .png(png), named: name,
    options: ComparisonOptions(budget: (threshold, maxDiffPixels, maxDiffRatio, ignore)),
    goldens: goldens, filePath: filePath, fileID: fileID, function: function)
  report(outcome, at: .init(fileID: fileID, filePath: filePath, line: line, column: column))
  return outcome
}

/// Checks `image` against the golden `name`.png like `#require`: throws `GoldenMismatch`, so
/// the test stops here. See `expectGolden` for the parameters.
///
/// - Throws: `GoldenMismatch`, saying what changed and where the images are.
public func requireGolden(
  _ image: RasterImage, named name: String, threshold: Double = 0.1, maxDiffPixels: Int? = nil,
  maxDiffRatio: Double? = nil, ignore: [PixelRect] = [], goldens: URL? = nil,
  fileID: String = #fileID, filePath: String = #filePath, function: String = #function
) throws {
  try required(
    check(
      .image(image), named: name,
      options: ComparisonOptions(budget: (threshold, maxDiffPixels, maxDiffRatio, ignore)), goldens: goldens,
      filePath: filePath, fileID: fileID, function: function))
}

/// Checks PNG (or JPEG) data against the golden `name`.png like `#require`; see
/// `requireGolden(_:named:…)`.
///
/// - Throws: `GoldenMismatch`, saying what changed and where the images are.
public func requireGolden(
  _ png: Data, named name: String, threshold: Double = 0.1, maxDiffPixels: Int? = nil,
  maxDiffRatio: Double? = nil, ignore: [PixelRect] = [], goldens: URL? = nil,
  fileID: String = #fileID, filePath: String = #filePath, function: String = #function
) throws {
  try required(
    check(
      .png(png), named: name,
      options: ComparisonOptions(budget: (threshold, maxDiffPixels, maxDiffRatio, ignore)),
      goldens: goldens, filePath: filePath, fileID: fileID, function: function))
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

/// Reports an outcome at `location`: a recording as a note, a failure as an issue (or on
/// standard error outside Swift Testing).
func report(_ outcome: GoldenOutcome, at location: GoldenTestContext.Location) {
  GoldenTestContext.report(recording: outcome, at: location)
  if outcome.isFailure && !GoldenTestContext.recordFailure(outcome, at: location) {
    FileHandle.standardError.write(
      Data("\(location.filePath):\(location.line): golden failure: \(outcome.message)\n".utf8))
  }
}

/// What a check compares with its golden: an image, or encoded PNG (or JPEG) data.
private enum Subject {
  case image(RasterImage)
  case png(Data)
}

/// The one check behind the functions above: `subject` against `name`.png in `goldens` (by
/// default `Goldens` beside the calling file at `filePath`).
private func check(
  _ subject: Subject, named name: String, options: ComparisonOptions, goldens: URL?, filePath: String,
  fileID: String, function: String
) -> GoldenOutcome {
  let store = GoldenStore(folder: goldens ?? defaultGoldens(filePath))
  switch subject {
  case .image(let image):
    return store.verify(image, named: name, options: options, fileID: fileID, function: function)
  case .png(let data):
    return withScratchFile(data) { path in
      store.verify(file: path, named: name, options: options, fileID: fileID, function: function)
    }
  }
}

/// Reports a recording, and throws the mismatch of a failure (the test stops there).
func required(_ outcome: GoldenOutcome) throws {
  GoldenTestContext.report(recording: outcome)
  if outcome.isFailure { throw outcome.mismatch }
}

extension ComparisonOptions {
  /// Options with a check's threshold, budgets and ignored regions.
  fileprivate init(
    budget: (threshold: Double, maxDiffPixels: Int?, maxDiffRatio: Double?, ignore: [PixelRect])
  ) {
    self.init(
      threshold: budget.threshold, ignoreRegions: budget.ignore, maxDiffPixels: budget.maxDiffPixels,
      maxDiffRatio: budget.maxDiffRatio)
  }
}

private func withScratchFile(_ data: Data, _ body: (String) -> GoldenOutcome) -> GoldenOutcome {
  let scratch = FileManager.default.temporaryDirectory
    .appendingPathComponent("golden-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString).png")
  do {
    try data.write(to: scratch)
  } catch {
    return GoldenOutcome(kind: .failed, name: "", message: "cannot write \(scratch.path): \(error)")
  }
  defer { try? FileManager.default.removeItem(at: scratch) }
  return body(scratch.path)
}

/// `Goldens` beside the test file at `filePath`.
package func defaultGoldens(_ filePath: String) -> URL {
  URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("Goldens")
}
