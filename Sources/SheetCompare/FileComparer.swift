import Dispatch
import Foundation
import SheetDiff
import SheetImages
import SheetSupport

/// Compares two image or PDF files, or two folders of them matched by relative path: what
/// `contactsheet compare` runs.
///
/// ```swift
/// var comparer = FileComparer(options: ComparisonOptions(maxDiffPixels: 10))
/// comparer.diffOutput = "out/diff.png"
/// let run = try comparer.compare(expected: "goldens/page.png", actual: "out/page.png")
/// print(run.summary.status)
/// ```
public struct FileComparer {
  /// The metric's threshold and the budgets, applied to each image or PDF page.
  public var options: ComparisonOptions
  /// The resolution PDF pages are rasterised at.
  public var dpi: Double
  /// Where diff images go: for two files, a PNG path (numbered `NAME-001.png`… for PDF pages);
  /// for two folders, a folder mirroring their layout (`a/b.diff.png`). Nil for none.
  public var diffOutput: String?
  /// Keep small copies of failing pages' images for `ComparisonReport`.
  public var collectsReportCards: Bool
  /// Check each expected file's fingerprint (`NAME.png.json`) against this machine, writing
  /// one where there is none.
  public var checksFingerprints: Bool

  public init(
    options: ComparisonOptions = ComparisonOptions(), dpi: Double = 100, diffOutput: String? = nil,
    collectsReportCards: Bool = false, checksFingerprints: Bool = false
  ) {
    self.options = options
    self.dpi = dpi
    self.diffOutput = diffOutput
    self.collectsReportCards = collectsReportCards
    self.checksFingerprints = checksFingerprints
  }

  /// The summary, one report card per failing page, missing or unreadable file, and where the
  /// time went.
  public struct Run {
    public var summary: ComparisonSummary
    public var cards: [ReportCard]
    public var timings: Timings
  }

  /// Seconds spent in each phase (decoding includes rasterising PDF pages).
  public struct Timings: Sendable {
    public var decoding = 0.0
    public var comparing = 0.0
    public var writingDiffs = 0.0

    /// `decode 0.61 s · compare 0.03 s · write diffs 0.21 s`.
    public var description: String {
      String(format: "decode %.3f s · compare %.3f s · write diffs %.3f s", decoding, comparing, writingDiffs)
    }
  }

  /// Compares `actual` with `expected`: two files, or two folders.
  public func compare(expected: String, actual: String) throws -> Run {
    var isFolder: ObjCBool = false
    let expectedIsFolder =
      FileManager.default.fileExists(atPath: expected, isDirectory: &isFolder) && isFolder.boolValue
    let actualIsFolder =
      FileManager.default.fileExists(atPath: actual, isDirectory: &isFolder) && isFolder.boolValue
    guard expectedIsFolder == actualIsFolder else {
      throw ImageError(
        path: expectedIsFolder ? actual : expected, reason: "is a file, but the other input is a folder")
    }
    var cases: [CaseResult] = []
    var cards: [ReportCard] = []
    var timings = Timings()
    if expectedIsFolder {
      let expectedFiles = try Self.comparableFiles(in: expected)
      let actualFiles = try Self.comparableFiles(in: actual)
      for name in expectedFiles.union(actualFiles).sorted() {
        let expectedPath = (expected as NSString).appendingPathComponent(name)
        let actualPath = (actual as NSString).appendingPathComponent(name)
        if !actualFiles.contains(name) {
          cases.append(
            CaseResult(name: name, status: .missing, message: "in \(expected) but not in \(actual)"))
          cards.append(
            ReportCard(title: name, detail: "missing from the actual folder", expectedPath: expectedPath))
        } else if !expectedFiles.contains(name) {
          cases.append(CaseResult(name: name, status: .extra, message: "in \(actual) but not in \(expected)"))
          cards.append(ReportCard(title: name, detail: "not in the expected folder", actualPath: actualPath))
        } else {
          let diffBase = diffOutput.map {
            (($0 as NSString).appendingPathComponent(name) as NSString).deletingPathExtension
          }
          let (result, caseCards) = compareFiles(
            name: name, expected: expectedPath, actual: actualPath,
            diffNames: diffBase.map { PageFileNames(path: $0 + ".diff.png") },
            writesPassingDiffs: false, timings: &timings)
          cases.append(result)
          cards += caseCards
        }
      }
    } else {
      let diffNames = diffOutput.map { PageFileNames(path: ($0 as NSString).deletingPathExtension + ".png") }
      let (result, caseCards) = compareFiles(
        name: (actual as NSString).lastPathComponent, expected: expected, actual: actual,
        diffNames: diffNames,
        writesPassingDiffs: true, timings: &timings)
      cases.append(result)
      cards = caseCards
    }
    let failures = cases.filter { $0.status != .matched }.count
    let status: CaseStatus =
      cases.contains { $0.status == .error } ? .error : failures > 0 ? .different : .matched
    let summary = ComparisonSummary(
      status: status, expected: expected, actual: actual, threshold: options.threshold,
      maxDiffPixels: options.maxDiffPixels, maxDiffRatio: options.maxDiffRatio,
      countAntiAliasing: options.countAntiAliasing, ignore: options.ignoreRegions, dpi: dpi,
      failures: failures,
      cases: cases)
    return Run(summary: summary, cards: collectsReportCards ? cards : [], timings: timings)
  }

  /// Compares two files page by page.
  private func compareFiles(
    name: String, expected: String, actual: String, diffNames: PageFileNames?, writesPassingDiffs: Bool,
    timings: inout Timings
  ) -> (CaseResult, [ReportCard]) {
    var clock = Date()
    func lap() -> Double {
      let now = Date()
      defer { clock = now }
      return now.timeIntervalSince(clock)
    }
    let opened = Self.openBoth(expected, actual)
    timings.decoding += lap()
    let expectedFile: ComparedFile
    let actualFile: ComparedFile
    switch opened {
    case .failure(let error):
      return (
        CaseResult(name: name, status: .error, message: error.description),
        [ReportCard(title: name, detail: error.description)]
      )
    case .success(let files):
      (expectedFile, actualFile) = files
    }
    var changes: [String]?
    if checksFingerprints { changes = fingerprintChanges(golden: expected) }
    let pageCount = max(expectedFile.pageCount, actualFile.pageCount)
    let numbered = expectedFile.isPDF || actualFile.isPDF
    var pages: [PageResult] = []
    var cards: [ReportCard] = []
    for index in 0..<pageCount {
      let pageName = numbered ? "\(name) page \(index + 1)" : name
      guard index < expectedFile.pageCount, index < actualFile.pageCount else {
        let missing = index >= actualFile.pageCount
        let message = missing ? "page missing from the actual PDF" : "page not in the expected PDF"
        pages.append(PageResult(page: index + 1, status: missing ? .missing : .extra, message: message))
        cards.append(ReportCard(title: pageName, detail: message))
        continue
      }
      do {
        let expectedImage = try expectedFile.page(index, dpi: dpi)
        let actualImage = try actualFile.page(index, dpi: dpi)
        timings.decoding += lap()
        let (comparison, diff) = PixelComparator.compare(
          expectedImage, actualImage, options: options, makeDiffImage: diffNames != nil || collectsReportCards
        )
        timings.comparing += lap()
        let passed = comparison.isWithinBudget(options)
        var diffFile: String?
        if let diffNames, let diff, writesPassingDiffs || !passed {
          let path = diffNames.name(page: index, numbered: numbered)
          try diff.writePNG(to: path)
          diffFile = path
          timings.writingDiffs += lap()
        }
        pages.append(
          PageResult(
            page: index + 1, status: passed ? .matched : .different,
            message: comparison.sizesMatch ? nil : comparison.summary, diffFile: diffFile,
            comparison: comparison))
        if !passed && collectsReportCards {
          cards.append(
            ReportCard(
              title: pageName, detail: comparison.summary, environmentChanges: changes ?? [],
              expected: expectedImage, actual: actualImage, diff: diff, regions: comparison.regions))
        }
      } catch {
        pages.append(PageResult(page: index + 1, status: .error, message: "\(error)"))
        cards.append(ReportCard(title: pageName, detail: "\(error)"))
      }
    }
    let status: CaseStatus =
      pages.contains { $0.status == .error }
      ? .error : pages.allSatisfy { $0.status == .matched } ? .matched : .different
    var message: String?
    if expectedFile.pageCount != actualFile.pageCount {
      message = "page counts differ: expected \(expectedFile.pageCount), actual \(actualFile.pageCount)"
    }
    let result = CaseResult(
      name: name, status: status, message: message,
      environmentChanges: changes?.isEmpty == false ? changes : nil, pages: pages)
    return (result, cards)
  }

  /// Opens both files at once (decoding two large PNGs takes two cores).
  private static func openBoth(_ expected: String, _ actual: String)
    -> Result<(ComparedFile, ComparedFile), ImageError>
  {
    let slots = ConcurrentSlots<Result<ComparedFile, ImageError>>(count: 2)
    DispatchQueue.concurrentPerform(iterations: 2) { index in
      let path = index == 0 ? expected : actual
      let result: Result<ComparedFile, ImageError>
      do {
        result = .success(try ComparedFile.open(path))
      } catch let error as ImageError {
        result = .failure(error)
      } catch {
        result = .failure(ImageError(path: path, reason: "\(error)"))
      }
      slots.set(index, result)
    }
    switch (slots.get(0)!, slots.get(1)!) {
    case (.success(let first), .success(let second)): return .success((first, second))
    case (.failure(let error), _), (_, .failure(let error)): return .failure(error)
    }
  }

  /// Compares this machine with the fingerprint stored beside `golden`, writing one if none is.
  private func fingerprintChanges(golden: String) -> [String] {
    let path = EnvironmentFingerprint.path(forGolden: golden)
    let current = EnvironmentFingerprint.current()
    do {
      if let recorded = try EnvironmentFingerprint.read(path) { return current.changes(since: recorded) }
      try current.write(to: path)
      return []
    } catch {
      return ["fingerprint \(path): \(error)"]
    }
  }

  /// Image and PDF files under `folder`, as paths relative to it (hidden files skipped).
  static func comparableFiles(in folder: String) throws -> Set<String> {
    let root = URL(fileURLWithPath: folder)
    guard
      let enumerator = FileManager.default.enumerator(
        at: root, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
    else { throw ImageError(path: folder, reason: "cannot be listed") }
    let extensions: Set<String> = ["png", "jpg", "jpeg", "pdf"]
    var names: Set<String> = []
    let prefix = root.standardizedFileURL.resolvingSymlinksInPath().path + "/"
    for case let url as URL in enumerator where extensions.contains(url.pathExtension.lowercased()) {
      guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true else { continue }
      let full = url.standardizedFileURL.resolvingSymlinksInPath().path
      names.insert(full.hasPrefix(prefix) ? String(full.dropFirst(prefix.count)) : url.lastPathComponent)
    }
    return names
  }
}
