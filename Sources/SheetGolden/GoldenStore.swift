import Foundation
import SheetDiff
import SheetImages

/// Golden images for tests, with an assertion that works in Swift Testing and XCTest alike: it
/// throws `GoldenMismatch`, whose message says what changed.
///
/// A missing golden fails unless `RECORD_GOLDENS=1` is set, in which case it is written with
/// its fingerprint (`NAME.png.json`); a normal run never records. On failure the actual image
/// and the diff are written to a folder named in the message.
///
/// ```swift
/// let goldens = GoldenStore(folder: URL(fileURLWithPath: "Tests/Goldens"))
/// try goldens.expectMatches(image, named: "card-shadow", threshold: 0.1, maxDiffPixels: 20)
/// ```
public struct GoldenStore: Sendable {
  /// Where `NAME.png` and `NAME.png.json` live.
  public var folder: URL
  /// Where failing cases' images go: `$GOLDEN_FAILURES_DIR`, else a temporary folder.
  public var failuresFolder: URL
  /// The font files the rendering used, hashed into the default fingerprint.
  public var fontFiles: [String]?
  /// Whether goldens are (re)written instead of checked: `RECORD_GOLDENS=1`.
  public var isRecording: Bool
  /// What the rendering's pixels depend on, stored beside each golden and compared on failure.
  /// By default: the image decoders' versions and the hashes of `fontFiles`; a renderer passes
  /// a fuller one (`SheetCompare`'s `EnvironmentFingerprint.current`).
  public var fingerprint: @Sendable () -> EnvironmentFingerprint

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
        EnvironmentFingerprint.pinned(fontFiles: fontFiles ?? [], libraries: ImageReader.libraryVersions)
      }
    isRecording = environment["RECORD_GOLDENS"] == "1"
    failuresFolder =
      environment["GOLDEN_FAILURES_DIR"].map { URL(fileURLWithPath: $0) }
      ?? FileManager.default.temporaryDirectory.appendingPathComponent("contactsheet-golden-failures")
  }

  /// Checks `image` against the golden `name`.png.
  public func expectMatches(
    _ image: RasterImage, named name: String, threshold: Double = 0.1, maxDiffPixels: Int = 0,
    maxDiffRatio: Double? = nil, ignore: [PixelRect] = [], countAntiAliasing: Bool = false
  ) throws {
    let options = ComparisonOptions(
      threshold: threshold, countAntiAliasing: countAntiAliasing, ignoreRegions: ignore,
      maxDiffPixels: maxDiffPixels, maxDiffRatio: maxDiffRatio)
    try check(image, named: name, options: options) { try image.writePNG(to: $0) }
  }

  /// Checks PNG (or JPEG) data against the golden `name`.png.
  public func expectMatches(
    _ png: Data, named name: String, threshold: Double = 0.1, maxDiffPixels: Int = 0,
    maxDiffRatio: Double? = nil, ignore: [PixelRect] = [], countAntiAliasing: Bool = false
  ) throws {
    let scratch = FileManager.default.temporaryDirectory
      .appendingPathComponent("golden-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString).png")
    try png.write(to: scratch)
    defer { try? FileManager.default.removeItem(at: scratch) }
    try expectMatches(
      file: scratch.path, named: name, threshold: threshold, maxDiffPixels: maxDiffPixels,
      maxDiffRatio: maxDiffRatio, ignore: ignore, countAntiAliasing: countAntiAliasing)
  }

  /// Checks the image file at `path` against the golden `name`.png.
  public func expectMatches(
    file path: String, named name: String, threshold: Double = 0.1, maxDiffPixels: Int = 0,
    maxDiffRatio: Double? = nil, ignore: [PixelRect] = [], countAntiAliasing: Bool = false
  ) throws {
    let image: RasterImage
    do {
      image = try ImageReader.decode(path: path)
    } catch let error as ImageError {
      throw GoldenMismatch(description: "golden '\(name)': the actual image \(error)")
    }
    let options = ComparisonOptions(
      threshold: threshold, countAntiAliasing: countAntiAliasing, ignoreRegions: ignore,
      maxDiffPixels: maxDiffPixels, maxDiffRatio: maxDiffRatio)
    try check(image, named: name, options: options) { golden in
      try? FileManager.default.removeItem(atPath: golden)
      try FileManager.default.copyItem(atPath: path, toPath: golden)
    }
  }

  /// The golden file for `name`.
  public func goldenPath(_ name: String) -> String { folder.appendingPathComponent("\(name).png").path }

  private func check(
    _ image: RasterImage, named name: String, options: ComparisonOptions, record: (String) throws -> Void
  ) throws {
    let golden = goldenPath(name)
    let fingerprintPath = EnvironmentFingerprint.path(forGolden: golden)
    // Hashing the fonts is only needed to record or to explain a failure.
    var current: EnvironmentFingerprint { fingerprint() }
    if isRecording {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      // A golden whose pixels did not change keeps its bytes (PNG bytes vary with zlib), so
      // re-recording a whole suite only touches the goldens that changed.
      if (try? ImageReader.decode(path: golden)) != image { try record(golden) }
      let fingerprint = current
      if (try? EnvironmentFingerprint.read(fingerprintPath)) != fingerprint {
        try fingerprint.write(to: fingerprintPath)
      }
      return
    }
    guard FileManager.default.fileExists(atPath: golden) else {
      throw GoldenMismatch(
        description: "no golden '\(name)' at \(golden); run with RECORD_GOLDENS=1 to record it")
    }
    let expected: RasterImage
    do {
      expected = try ImageReader.decode(path: golden)
    } catch {
      throw GoldenMismatch(description: "golden '\(name)' cannot be read: \(error)")
    }
    let (comparison, diff) = PixelComparator.compare(expected, image, options: options, makeDiffImage: true)
    guard !comparison.isWithinBudget(options) else { return }
    var message = "golden '\(name)' does not match: "
    if let recorded = try? EnvironmentFingerprint.read(fingerprintPath) {
      let changes = current.changes(since: recorded)
      if !changes.isEmpty {
        message += "the environment changed since it was recorded (\(changes.joined(separator: "; "))); "
      }
    }
    message += comparison.summary
    if comparison.sizesMatch {
      var budget = "at most \(options.maxDiffPixels) pixels"
      if let ratio = options.maxDiffRatio { budget += " and \(ImageComparison.percent(ratio))" }
      message += " — over the budget of \(budget) at threshold \(options.threshold)"
      if let region = comparison.regions.first { message += "; largest changed region \(region)" }
    }
    let evidence = failuresFolder.appendingPathComponent(name)
    do {
      try? FileManager.default.removeItem(at: evidence)
      try image.writePNG(to: evidence.appendingPathComponent("actual.png").path)
      if let diff { try diff.writePNG(to: evidence.appendingPathComponent("diff.png").path) }
      try FileManager.default.copyItem(
        atPath: golden, toPath: evidence.appendingPathComponent("expected.png").path)
      message += ". Actual, diff and expected images: \(evidence.path)"
    } catch {
      message += ". (Could not write the actual and diff images to \(evidence.path): \(error))"
    }
    message += ". If the change is intended, re-record with RECORD_GOLDENS=1."
    throw GoldenMismatch(description: message)
  }
}

/// A golden comparison that failed; the description says why, what changed and where the
/// images are.
public struct GoldenMismatch: Error, CustomStringConvertible, Sendable {
  /// Why the comparison failed, what changed in the environment (if anything), where the
  /// actual, diff and expected images were saved, and how to re-record.
  public var description: String

  /// A mismatch reported with `description`.
  public init(description: String) { self.description = description }
}

/// Checks `image` against the golden `name`.png in the `Goldens` folder beside the calling test
/// file (or `goldens`); throws `GoldenMismatch`. See `GoldenStore`.
///
/// ```swift
/// @Test func cardShadow() throws {
///   try expectMatchesGolden(renderCard(), named: "card-shadow", threshold: 0.1, maxDiffPixels: 20)
/// }
/// ```
public func expectMatchesGolden(
  _ image: RasterImage, named name: String, threshold: Double = 0.1, maxDiffPixels: Int = 0,
  maxDiffRatio: Double? = nil, ignore: [PixelRect] = [], goldens: URL? = nil, file: StaticString = #filePath
) throws {
  try GoldenStore(folder: goldens ?? defaultGoldens(file)).expectMatches(
    image, named: name, threshold: threshold, maxDiffPixels: maxDiffPixels, maxDiffRatio: maxDiffRatio,
    ignore: ignore)
}

/// Checks PNG data against the golden `name`.png; see the `RasterImage` overload.
public func expectMatchesGolden(
  _ png: Data, named name: String, threshold: Double = 0.1, maxDiffPixels: Int = 0,
  maxDiffRatio: Double? = nil, ignore: [PixelRect] = [], goldens: URL? = nil, file: StaticString = #filePath
) throws {
  try GoldenStore(folder: goldens ?? defaultGoldens(file)).expectMatches(
    png, named: name, threshold: threshold, maxDiffPixels: maxDiffPixels, maxDiffRatio: maxDiffRatio,
    ignore: ignore)
}

private func defaultGoldens(_ file: StaticString) -> URL {
  URL(fileURLWithPath: "\(file)").deletingLastPathComponent().appendingPathComponent("Goldens")
}
