import Dispatch
import Foundation
import SheetDiff
import SheetDigest
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
public struct FileComparer: Sendable {
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
  /// Settings per file from a configuration file (``CompareConfig``), over `options` and `dpi`.
  public var config: CompareConfig?
  /// Whether the expected and actual pages of PDFs that differ are written as PNGs beside the
  /// diff images (for the HTML review page: `pages/NAME-001.expected.png`…). Image files are
  /// not copied: the results name them.
  public var writesPageImages: Bool
  /// Set on the copy ``forCase(_:)`` makes for a case with settings of its own.
  private var caseSettings: CompareConfig.Settings?

  /// A comparer with these settings; see the properties.
  public init(
    options: ComparisonOptions = ComparisonOptions(), dpi: Double = 100, diffOutput: String? = nil,
    collectsReportCards: Bool = false, checksFingerprints: Bool = false, writesPageImages: Bool = false
  ) {
    self.options = options
    self.dpi = dpi
    self.diffOutput = diffOutput
    self.collectsReportCards = collectsReportCards
    self.checksFingerprints = checksFingerprints
    self.writesPageImages = writesPageImages
  }

  /// The summary, one report card per failing page, missing or unreadable file, and where the
  /// time went.
  public struct Run {
    /// The results, as `--json` prints them.
    public var summary: ComparisonSummary
    /// One report card per failure, when `collectsReportCards`.
    public var cards: [ReportCard]
    /// Where the time went, summed over the workers.
    public var timings: Timings
  }

  /// Seconds spent in each phase (decoding includes rasterising PDF pages).
  public struct Timings: Sendable {
    /// Reading and decoding files, rasterising PDF pages.
    public var decoding = 0.0
    /// Comparing pixels.
    public var comparing = 0.0
    /// Writing diff and page images.
    public var writingDiffs = 0.0

    mutating func add(_ other: Timings) {
      decoding += other.decoding
      comparing += other.comparing
      writingDiffs += other.writingDiffs
    }

    /// `decode 0.61 s · compare 0.03 s · write diffs 0.21 s`.
    public var description: String {
      String(format: "decode %.3f s · compare %.3f s · write diffs %.3f s", decoding, comparing, writingDiffs)
    }
  }

  /// Compares `actual` with `expected`: two files, or two folders.
  public func compare(expected: String, actual: String) throws -> Run {
    let expectedIsFolder = Self.isFolder(expected)
    let actualIsFolder = Self.isFolder(actual)
    guard expectedIsFolder == actualIsFolder else {
      throw ImageError(
        path: expectedIsFolder ? actual : expected, reason: "is a file, but the other input is a folder")
    }
    var cases: [CaseResult] = []
    var cards: [ReportCard] = []
    var timings = Timings()
    let roots =
      expectedIsFolder
      ? ComparedRoots(golden: expected, actual: actual, diffs: diffOutput)
      : ComparedRoots(
        golden: Self.folder(of: expected), actual: Self.folder(of: actual), diffs: diffOutput.map(Self.folder)
      )
    if expectedIsFolder {
      let expectedFiles = try Self.comparableFiles(in: expected)
      let actualFiles = try Self.comparableFiles(in: actual)
      let names = expectedFiles.union(actualFiles).sorted()
      // Pairs are compared on every core; each worker holds one pair's pixels at a time.
      let slots = ConcurrentSlots<(CaseResult, [ReportCard], Timings)>(count: names.count)
      DispatchQueue.concurrentPerform(iterations: names.count) { index in
        let name = names[index]
        let expectedPath = (expected as NSString).appendingPathComponent(name)
        let actualPath = (actual as NSString).appendingPathComponent(name)
        var caseTimings = Timings()
        if !actualFiles.contains(name) {
          let result = CaseResult(
            name: name, status: .missing, message: "in \(expected) but not in \(actual)", expectedPath: name)
          let card = ReportCard(
            title: name, detail: "missing from the actual folder", expectedPath: expectedPath)
          slots.set(index, (result, collectsReportCards ? [card] : [], caseTimings))
        } else if !expectedFiles.contains(name) {
          let result = CaseResult(
            name: name, status: .extra, message: "in \(actual) but not in \(expected)", actualPath: name,
            actualSHA256: Self.sha256(actualPath))
          let card = ReportCard(title: name, detail: "not in the expected folder", actualPath: actualPath)
          slots.set(index, (result, collectsReportCards ? [card] : [], caseTimings))
        } else {
          let (result, caseCards) = forCase(name).compareFiles(
            name: name, paths: (expectedPath, actualPath), relative: (name, name),
            diffNames: diffOutput.map { _ in
              PageFileNames(path: (name as NSString).deletingPathExtension + ".png", suffix: ".diff")
            },
            diffRoot: roots.diffs, writesPassingDiffs: false, timings: &caseTimings)
          slots.set(index, (result, caseCards, caseTimings))
        }
      }
      for index in names.indices {
        let (result, caseCards, caseTimings) = slots.get(index)!
        cases.append(result)
        cards += caseCards
        timings.add(caseTimings)
      }
    } else {
      let diffNames = diffOutput.map {
        PageFileNames(path: (($0 as NSString).lastPathComponent as NSString).deletingPathExtension + ".png")
      }
      let (result, caseCards) = forCase((actual as NSString).lastPathComponent).compareFiles(
        name: (actual as NSString).lastPathComponent, paths: (expected, actual),
        relative: ((expected as NSString).lastPathComponent, (actual as NSString).lastPathComponent),
        diffNames: diffNames, diffRoot: roots.diffs, writesPassingDiffs: true, timings: &timings)
      cases.append(result)
      cards = caseCards
    }
    let summary = ComparisonSummary(
      expected: expected, actual: actual, roots: roots, threshold: options.threshold,
      maxDiffPixels: options.maxDiffPixels, maxDiffRatio: options.maxDiffRatio,
      countAntiAliasing: options.countAntiAliasing, ignore: options.ignoreRegions, dpi: dpi, cases: cases,
      metric: options.metric)
    return Run(summary: summary, cards: collectsReportCards ? cards : [], timings: timings)
  }

  /// Both files at 16 bits a sample, when both are 16-bit PNGs (told from their first 25
  /// bytes, before either is decoded); else nil.
  /// Files with a colour profile are left out: their 8-bit pixels were converted to sRGB, their
  /// samples are as stored.
  private static func sixteenBitSamples(_ expected: String, _ actual: String) throws -> (
    expected: RGBA16Image, actual: RGBA16Image
  )? {
    guard try PixelFile.isSixteenBitPNG(expected), try PixelFile.isSixteenBitPNG(actual),
      try !ImageReader.header(path: expected).hasColorProfile,
      try !ImageReader.header(path: actual).hasColorProfile,
      let expectedSamples = try PixelFile.rgba16(path: expected, maxPixels: ComparedFile.maxPixels),
      let actualSamples = try PixelFile.rgba16(path: actual, maxPixels: ComparedFile.maxPixels)
    else { return nil }
    return (expectedSamples, actualSamples)
  }

  /// Compares two files page by page. `paths` are the files' paths; `relative`, their paths
  /// relative to the roots, as the results name them; `diffNames`, relative to `diffRoot`.
  private func compareFiles(
    name: String, paths: (expected: String, actual: String), relative: (expected: String, actual: String),
    diffNames: PageFileNames?, diffRoot: String?, writesPassingDiffs: Bool, timings: inout Timings
  ) -> (CaseResult, [ReportCard]) {
    let (expected, actual) = paths
    let started = Date()
    var clock = started
    func lap() -> Double {
      let now = Date()
      defer { clock = now }
      return now.timeIntervalSince(clock)
    }
    let digest = Self.sha256(actual)
    let straight = options.metric == .pixelmatch
    func result(_ status: CaseStatus, message: String?, changes: [String]?, pages: [PageResult] = [])
      -> CaseResult
    {
      var result = CaseResult(
        name: name, status: status, message: message,
        environmentChanges: changes?.isEmpty == false ? changes : nil,
        expectedPath: relative.expected, actualPath: relative.actual, actualSHA256: digest, pages: pages)
      result.seconds = Date().timeIntervalSince(started)
      result.settings = caseSettings
      return result
    }
    let identical = Self.isComparable(expected, dpi: dpi) && Self.sameBytes(expected, actual)
    if identical && (diffNames == nil || !writesPassingDiffs) {
      // Identical files match without decoding either (their header is checked, so two copies
      // of a broken file are still an error).
      timings.decoding += lap()
      var changes: [String]?
      if checksFingerprints { changes = fingerprintChanges(golden: expected) }
      return (result(.matched, message: "the files are identical, byte for byte", changes: changes), [])
    }
    // Identical bytes decode to identical pixels: decode once (the diff image needs them).
    let opened =
      identical
      ? Result { try ComparedFile.open(expected, straight: straight) }.map { ($0, $0) }.mapError {
        $0 as? ImageError ?? ImageError(path: expected, reason: "\($0)")
      }
      : Self.openBoth(expected, actual, straight: straight)
    timings.decoding += lap()
    let expectedFile: ComparedFile
    let actualFile: ComparedFile
    switch opened {
    case .failure(let error):
      return (
        result(.error, message: error.description, changes: nil),
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
        let makeDiffImage = diffNames != nil || collectsReportCards
        // The pages as drawn (premultiplied): compared by the house metric, and for every
        // metric written as page images and report cards when they differ.
        let rasters: () throws -> (expected: RasterImage, actual: RasterImage)
        let comparison: ImageComparison
        let diff: RasterImage?
        if straight {
          let expectedPixels = try expectedFile.straightPage(index, dpi: dpi)
          let actualPixels = try actualFile.straightPage(index, dpi: dpi)
          timings.decoding += lap()
          (comparison, diff) = Pixelmatch.compare(
            expectedPixels, actualPixels, options: options, makeDiffImage: makeDiffImage)
          rasters = { (expectedPixels.raster, actualPixels.raster) }
        } else {
          let pages = (
            expected: try expectedFile.page(index, dpi: dpi), actual: try actualFile.page(index, dpi: dpi)
          )
          // Two 16-bit PNGs are also compared at 16 bits (a change in the low byte is seen).
          let precise = numbered ? nil : try Self.sixteenBitSamples(expected, actual)
          timings.decoding += lap()
          (comparison, diff) = PixelComparator.compare(
            pages.expected, pages.actual, options: options, makeDiffImage: makeDiffImage, precise: precise)
          rasters = { pages }
        }
        timings.comparing += lap()
        let passed = comparison.isWithinBudget(options)
        var page = PageResult(
          page: index + 1, status: passed ? .matched : .different,
          message: comparison.sizesMatch ? nil : comparison.summary, comparison: comparison)
        if let diffNames, let diffRoot, let diff, writesPassingDiffs || !passed {
          let file = diffNames.name(page: index, numbered: numbered)
          try diff.writePNG(to: ComparedRoots.join(diffRoot, file))
          page.diffFile = file
        }
        if !passed, case .pdf(let expectedPDF) = expectedFile, case .pdf(let actualPDF) = actualFile {
          let changes = TextChange.under(
            comparison.regions, expected: expectedPDF, actual: actualPDF, page: index, dpi: dpi)
          if !changes.isEmpty { page.textChanges = changes }
        }
        if writesPageImages, let diffRoot, numbered, !passed {
          let base = PageFileNames(path: "pages/" + relative.actual + ".png").name(
            page: index, numbered: true)
          let stem = (base as NSString).deletingPathExtension
          let pages = try rasters()
          try pages.expected.writePNG(to: ComparedRoots.join(diffRoot, stem + ".expected.png"))
          try pages.actual.writePNG(to: ComparedRoots.join(diffRoot, stem + ".actual.png"))
          page.expectedFile = stem + ".expected.png"
          page.actualFile = stem + ".actual.png"
        }
        timings.writingDiffs += lap()
        pages.append(page)
        if !passed && collectsReportCards {
          let pages = try rasters()
          cards.append(
            ReportCard(
              title: pageName, detail: comparison.summary, environmentChanges: changes ?? [],
              expected: pages.expected, actual: pages.actual, diff: diff, regions: comparison.regions))
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
    return (result(status, message: message, changes: changes, pages: pages), cards)
  }

  /// This comparer with the settings ``config`` gives the case `name`, and those settings
  /// recorded when they differ from the run's.
  private func forCase(_ name: String) -> FileComparer {
    guard let config else { return self }
    let (options, dpi) = CompareConfig.apply(config.settings(for: name), to: options, dpi: dpi)
    guard options != self.options || dpi != self.dpi else { return self }
    var comparer = self
    comparer.options = options
    comparer.dpi = dpi
    comparer.caseSettings = CompareConfig.Settings(options, dpi: dpi)
    return comparer
  }

  /// The SHA-256 of the regular file at `path` (hex), nil when it cannot be read.
  static func sha256(_ path: String) -> String? {
    guard let (descriptor, _) = try? RegularFile.open(path) else { return nil }
    defer { close(descriptor) }
    return ContentDigest.sha256Hex(ofFile: descriptor)
  }

  /// The folder holding the file `path` (`.` for a bare name).
  static func folder(of path: String) -> String {
    let folder = (path as NSString).deletingLastPathComponent
    return folder.isEmpty ? "." : folder
  }

  /// Whether the two regular files hold the same bytes, read a megabyte at a time from each
  /// (far cheaper than decoding, and memory stays flat whatever their size).
  static func sameBytes(_ first: String, _ second: String) -> Bool {
    guard let (a, aStatus) = try? RegularFile.open(first) else { return false }
    defer { close(a) }
    guard let (b, bStatus) = try? RegularFile.open(second) else { return false }
    defer { close(b) }
    guard aStatus.st_size == bStatus.st_size, aStatus.st_size > 0 else { return false }
    let chunk = 1 << 20
    var left = [UInt8](repeating: 0, count: chunk)
    var right = [UInt8](repeating: 0, count: chunk)
    while true {
      let got = read(a, &left, chunk)
      guard got >= 0, read(b, &right, got) == got else { return false }
      if got == 0 { return true }
      guard
        left.withUnsafeBytes({ l in
          right.withUnsafeBytes { r in memcmp(l.baseAddress!, r.baseAddress!, got) == 0 }
        })
      else { return false }
    }
  }

  /// Whether `path` is a regular file that is a PDF poppler opens whose every page at `dpi`
  /// is within compare's pixel limit, or has a readable image header within that limit (so
  /// identical files are matched only where comparing their pixels would have been allowed:
  /// a golden does not start failing with "too large" the day one pixel changes).
  static func isComparable(_ path: String, dpi: Double) -> Bool {
    guard let (descriptor, _) = try? RegularFile.open(path) else { return false }
    var magic = [UInt8](repeating: 0, count: 5)
    let count = read(descriptor, &magic, 5)
    close(descriptor)
    if count == 5 && magic.starts(with: "%PDF-".utf8) {
      guard let document = try? PDFRasterizer(path: path) else { return false }
      return (try? document.checkPageSizes(dpi: dpi)) != nil
    }
    guard let header = try? ImageReader.header(path: path) else { return false }
    return header.pixelCount <= ComparedFile.maxPixels
  }

  /// Opens both files at once (decoding two large PNGs takes two cores).
  private static func openBoth(_ expected: String, _ actual: String, straight: Bool)
    -> Result<(ComparedFile, ComparedFile), ImageError>
  {
    let slots = ConcurrentSlots<Result<ComparedFile, ImageError>>(count: 2)
    DispatchQueue.concurrentPerform(iterations: 2) { index in
      let path = index == 0 ? expected : actual
      let result: Result<ComparedFile, ImageError>
      do {
        result = .success(try ComparedFile.open(path, straight: straight))
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

  /// Image and PDF files under `folder`, as paths relative to it (hidden files and folders
  /// skipped; folders reached through symbolic links are not entered, files are followed).
  /// Names are read as bytes (``PathBytes``): a file whose name is not UTF-8 is compared too.
  static func comparableFiles(in folder: String) throws -> Set<String> {
    let extensions: Set<String> = ["png", "jpg", "jpeg", "pdf"]
    var names: Set<String> = []
    var pending = [""]
    while let relative = pending.popLast() {
      let path = relative.isEmpty ? folder : (folder as NSString).appendingPathComponent(relative)
      guard let listed = PathBytes.folderNames(path) else {
        // A subfolder that cannot be listed leaves its files out, as Foundation's walk did.
        if relative.isEmpty { throw ImageError(path: folder, reason: "cannot be listed") }
        continue
      }
      for name in listed where !name.hasPrefix(".") {
        let child = relative.isEmpty ? name : relative + "/" + name
        let childPath = (folder as NSString).appendingPathComponent(child)
        if isRealFolder(childPath) {
          pending.append(child)
        } else if extensions.contains((name as NSString).pathExtension.lowercased()),
          let status = PathBytes.status(childPath), status.st_mode & S_IFMT == S_IFREG
        {
          names.insert(child)
        }
      }
    }
    return names
  }

  /// Whether `path` is a folder itself, not a symbolic link to one.
  private static func isRealFolder(_ path: String) -> Bool {
    var status = stat()
    return PathBytes.withCString(path) { lstat($0, &status) } == 0 && status.st_mode & S_IFMT == S_IFDIR
  }

  /// Whether `path` leads to a folder (following symbolic links); its name is read as bytes.
  static func isFolder(_ path: String) -> Bool {
    PathBytes.status(path).map { $0.st_mode & S_IFMT == S_IFDIR } ?? false
  }
}

extension FileComparer {
  /// Sends the images an HTML review page in `folder` needs there: diff images (unless they
  /// already go elsewhere) and the pages of PDFs that differ (beside the diff images).
  ///
  /// - Parameters:
  ///   - folder: The review page's folder.
  ///   - expected: The expected file or folder, telling folder mode from file mode.
  public mutating func addReviewImages(in folder: String, expected: String) {
    let folderMode = Self.isFolder(expected)
    let images = (folder as NSString).appendingPathComponent("images")
    if diffOutput == nil {
      diffOutput =
        folderMode
        ? (images as NSString).appendingPathComponent("diff")
        : (images as NSString).appendingPathComponent("diff.png")
    }
    writesPageImages = true
  }
}
