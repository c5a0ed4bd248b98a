import Foundation
import SheetDiff
import SheetPixels

/// Golden images for tests: `NAME.png` (and its fingerprint `NAME.png.json`) in one folder.
///
/// Two forms of the same check: `verify` returns a `GoldenOutcome`; `require` throws
/// `GoldenMismatch` (the top-level `expectGolden` records a failure as an issue at the caller's
/// line and lets the test go on). On failure the expected, actual and diff images are written to a
/// folder of the running test (see `failuresFolder`) and, under Swift Testing, attached to the
/// result. `RECORD_GOLDENS` chooses what is written instead of checked (`RecordMode`).
///
/// ```swift
/// let goldens = GoldenStore(folder: URL(fileURLWithPath: "Tests/AppTests/Goldens"))
/// let outcome = goldens.verify(image, named: "card-shadow", options: ComparisonOptions(maxDiffPixels: 20))
/// try goldens.require(image, named: "card-plain")
/// ```
public struct GoldenStore: Sendable {
  /// Where `NAME.png` and `NAME.png.json` live.
  public var folder: URL
  /// Where failing checks' images go, one folder per test and golden:
  /// `$GOLDEN_FAILURES_DIR`, else `.build/golden-failures` of the package holding `folder`.
  public var failuresFolder: URL
  /// The font files the rendering used, hashed into the default fingerprint.
  public var fontFiles: [String]?
  /// Which goldens are written instead of checked (`RECORD_GOLDENS`); nil when the variable
  /// holds a value that names no mode (every check then fails, saying so).
  public var recordMode: RecordMode?
  /// What the rendering's pixels depend on, stored beside each golden and compared on failure.
  /// By default: the image decoders' versions and the hashes of `fontFiles`; a renderer passes
  /// a fuller one (`SheetCompare`'s `EnvironmentFingerprint.current`).
  public var fingerprint: @Sendable () -> EnvironmentFingerprint

  private let recordValue: String?

  /// A store of goldens in `folder`.
  ///
  /// - Parameters:
  ///   - folder: Where `NAME.png` and `NAME.png.json` live.
  ///   - fontFiles: The font files the rendering used, hashed into the default fingerprint.
  ///   - fingerprint: What the pixels depend on; by default the decoders and `fontFiles`.
  ///   - environment: The process environment, read for `RECORD_GOLDENS` and `GOLDEN_FAILURES_DIR`.
  public init(
    folder: URL, fontFiles: [String]? = nil, fingerprint: (@Sendable () -> EnvironmentFingerprint)? = nil,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) {
    self.folder = folder
    self.fontFiles = fontFiles
    self.fingerprint =
      fingerprint ?? {
        EnvironmentFingerprint.pinned(fontFiles: fontFiles ?? [], libraries: PixelFile.libraryVersions)
      }
    recordValue = environment["RECORD_GOLDENS"]
    recordMode = RecordMode(environmentValue: recordValue)
    failuresFolder = EvidenceFolder.root(goldens: folder, environment: environment)
  }

  /// The golden file for `name`.
  public func goldenPath(_ name: String) -> String { folder.appendingPathComponent("\(name).png").path }

  /// The folder a failure of golden `name` in test `test` writes its images to.
  public func evidenceFolder(test: String, name: String) -> URL {
    EvidenceFolder(root: failuresFolder).folder(test: test, name: name)
  }

  /// Checks `image` against the golden `name`.png and says how it came out; never throws.
  ///
  /// - Parameters:
  ///   - image: The rendered image.
  ///   - name: The golden's name, without `.png`.
  ///   - options: The metric, its threshold and the budgets.
  ///   - test: Names the evidence folder; by default the running Swift Testing test, else
  ///     `fileID` and `function`.
  ///   - fileID: The caller's file, for the default `test`.
  ///   - function: The caller's function, for the default `test`.
  /// - Returns: Matched, recorded (with what was written) or failed (with the message and the
  ///   evidence folder).
  public func verify(
    _ image: RasterImage, named name: String, options: ComparisonOptions = ComparisonOptions(),
    test: String? = nil, fileID: String = #fileID, function: String = #function
  ) -> GoldenOutcome {
    verify(.raster(image), named: name, options: options, test: test, fileID: fileID, function: function)
  }

  /// Checks an image with straight (not premultiplied) alpha, R, G, B, A bytes, against the
  /// golden `name`.png; a recorded golden holds its bytes exactly. See `verify(_:named:…)`.
  public func verify(
    _ image: StraightRGBAImage, named name: String, options: ComparisonOptions = ComparisonOptions(),
    test: String? = nil, fileID: String = #fileID, function: String = #function
  ) -> GoldenOutcome {
    verify(.straight(image), named: name, options: options, test: test, fileID: fileID, function: function)
  }

  func verify(
    _ subject: GoldenSubject, named name: String, options: ComparisonOptions, test: String?, fileID: String,
    function: String
  ) -> GoldenOutcome {
    let test = test ?? GoldenTestContext.currentTestName(fileID: fileID, function: function)
    return check(subject, named: name, options: options, test: test) { try subject.writePNG(to: $0) }
  }

  /// Checks the image file at `path` against the golden `name`.png; see `verify(_:named:…)`.
  /// A recorded golden is a copy of the file's bytes.
  public func verify(
    file path: String, named name: String, options: ComparisonOptions = ComparisonOptions(),
    test: String? = nil, fileID: String = #fileID, function: String = #function
  ) -> GoldenOutcome {
    let test = test ?? GoldenTestContext.currentTestName(fileID: fileID, function: function)
    let subject: GoldenSubject
    do {
      subject =
        options.metric == .pixelmatch
        ? .straight(try PixelFile.straightRGBA(path: path))
        : .raster(try PixelFile.decode(path: path), precise: try PixelFile.rgba16(path: path))
    } catch {
      return GoldenOutcome(
        kind: .failed, name: name, message: "golden '\(name)': the actual image \(error)")
    }
    return check(subject, named: name, options: options, test: test) { golden in
      try? FileManager.default.removeItem(atPath: golden)
      try FileManager.default.copyItem(atPath: path, toPath: golden)
    }
  }

  /// Checks `image` (pixels, an image's bytes, or an image file: ``GoldenFile``) against the
  /// golden `name`.png, throwing `GoldenMismatch` on failure (the test stops here, like
  /// `#require`).
  ///
  /// - Throws: `GoldenMismatch`, saying what changed and where the images are.
  public func require<Image: GoldenComparable>(
    _ image: Image, named name: String, threshold: Double = 0.1, maxDiffPixels: Int? = nil,
    maxDiffRatio: Double? = nil, ignore: [PixelRect] = [], countAntiAliasing: Bool = false,
    metric: ComparisonMetric = .house, fileID: String = #fileID, filePath: String = #filePath,
    line: Int = #line,
    column: Int = #column, function: String = #function
  ) throws {
    let location = GoldenTestContext.Location(fileID: fileID, filePath: filePath, line: line, column: column)
    let options = ComparisonOptions(
      threshold: threshold, countAntiAliasing: countAntiAliasing, ignoreRegions: ignore,
      maxDiffPixels: maxDiffPixels, maxDiffRatio: maxDiffRatio, metric: metric)
    try required(
      verify(image.goldenPixels, named: name, options: options, fileID: fileID, function: function),
      at: location)
  }

  private func check(
    _ image: GoldenSubject, named name: String, options: ComparisonOptions, test: String,
    record: (String) throws -> Void
  ) -> GoldenOutcome {
    let evidence = EvidenceFolder(root: failuresFolder)
    guard let mode = recordMode else {
      return GoldenOutcome(
        kind: .failed, name: name,
        message: "RECORD_GOLDENS=\(recordValue ?? "") is not a recording mode: use missing, failed or all")
    }
    let golden = goldenPath(name)
    let fingerprintPath = EnvironmentFingerprint.path(forGolden: golden)
    guard FileManager.default.fileExists(atPath: golden) else {
      if mode.records(missing: true, failed: false) {
        return write(
          image, name: name, reason: "it was missing", record: record, evidence: evidence, test: test)
      }
      return GoldenOutcome(
        kind: .failed, name: name,
        message:
          "golden '\(name)' is missing: no file \(golden); run with RECORD_GOLDENS=missing to record it")
    }
    let comparison: ImageComparison
    let diff: RasterImage?
    do {
      if mode == .all {
        guard try image.hasSamePixels(asGolden: golden) else {
          return write(
            image, name: name, reason: "RECORD_GOLDENS=all", record: record, evidence: evidence, test: test)
        }
        evidence.remove(test: test, name: name)
        return GoldenOutcome(
          kind: .matched, name: name, message: "golden '\(name)' matched (pixels unchanged)")
      }
      (comparison, diff) = try image.compare(withGolden: golden, options: options)
    } catch {
      return GoldenOutcome(kind: .failed, name: name, message: "golden '\(name)' cannot be read: \(error)")
    }
    if comparison.isWithinBudget(options) {
      evidence.remove(test: test, name: name)
      return GoldenOutcome(
        kind: .matched, name: name, message: "golden '\(name)' matched: \(comparison.summary)",
        comparison: comparison)
    }
    if mode.records(missing: false, failed: true) {
      return write(
        image, name: name, reason: "it was different: \(comparison.summary)", record: record,
        evidence: evidence,
        test: test)
    }
    var message = "golden '\(name)' is different: "
    if let recorded = try? EnvironmentFingerprint.read(fingerprintPath) {
      let changes = fingerprint().changes(since: recorded)
      if !changes.isEmpty {
        message += "the environment changed since it was recorded (\(changes.joined(separator: "; "))); "
      }
    }
    message += comparison.summary
    if comparison.sizesMatch {
      message += " — over the budget of " + options.budgetAndThreshold
      if let region = comparison.regions.first { message += "; largest changed \(region.readable)" }
    }
    var folder: URL?
    do {
      folder = try evidence.write(
        test: test, name: name, expectedPath: golden, actual: image, diff: diff)
      message += ". Expected, actual and diff images: \(folder!.path)"
    } catch {
      message += ". (Could not write the expected, actual and diff images: \(error))"
    }
    message += ". If the change is intended, re-record with RECORD_GOLDENS=failed."
    return GoldenOutcome(
      kind: .failed, name: name, message: message, comparison: comparison, evidence: folder)
  }

  /// Writes the golden and its fingerprint; a golden whose pixels did not change keeps its
  /// bytes (PNG bytes vary with zlib).
  private func write(
    _ image: GoldenSubject, name: String, reason: String, record: (String) throws -> Void,
    evidence: EvidenceFolder, test: String
  ) -> GoldenOutcome {
    let golden = goldenPath(name)
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try record(golden)
      let fingerprintPath = EnvironmentFingerprint.path(forGolden: golden)
      let current = fingerprint()
      if (try? EnvironmentFingerprint.read(fingerprintPath)) != current {
        try current.write(to: fingerprintPath)
      }
    } catch {
      return GoldenOutcome(
        kind: .failed, name: name, message: "golden '\(name)' could not be recorded: \(error)")
    }
    evidence.remove(test: test, name: name)
    return GoldenOutcome(
      kind: .recorded, name: name, message: "recorded golden '\(name)' (\(reason)): \(golden)")
  }
}

extension ComparisonOptions {
  /// `at most 20 pixels at threshold 0.1`, with the ratio when there is one.
  var budgetAndThreshold: String {
    budgetDescription + " at threshold \(threshold)"
  }
}
