import ArgumentParser
import ContactSheet
import Foundation
import SheetCompare
import SheetDiff
import SheetImages
import SheetRender
import SheetReport
import SheetSupport

/// `contactsheet compare [files] EXPECTED ACTUAL`: golden-image comparison of images, PDFs or
/// folders (the default of `CompareGroupCommand`).
struct CompareCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "files",
    abstract: "Compare images, PDFs (page by page) or folders of them with golden copies.",
    discussion: """
      Pixels are scored by pixelmatch's perceptual YIQ distance against --threshold. With the \
      default --metric house, anti-aliasing is recognised where an edge's colours are re-mixed \
      but the ink around it did not move, and changes under the threshold count where they fill \
      an area (a softer shadow, a lighter tint): the right choice for renders. --metric \
      pixelmatch is pixelmatch 7.2 exactly (its own anti-aliasing rule, no areas, its diff \
      image): the counts Playwright and jest-image-snapshot give, so budgets carry over. \
      Anti-aliasing is not counted unless --count-aa (pixelmatch's includeAA). Each file (or PDF page) is matched, different, missing \
      (a golden with no actual file) or extra (an actual file with no golden). Exit status: 0 \
      all matched, 1 any different, missing or extra, 2 a file could not be read or is not an \
      image or PDF.
      """)

  @Argument(help: "The golden file or folder.")
  var expected: String

  @Argument(help: "The file or folder to check.")
  var actual: String

  @Option(help: "Colour difference a pixel may have, 0 (exact) to 1.")
  var threshold = 0.1

  @Flag(name: .customLong("count-aa"), help: "Count anti-aliased pixels (re-mixed edges) as changes.")
  var countAntiAliasing = false

  @Option(help: "How pixels are judged: house (for renders) or pixelmatch (pixelmatch 7.2's counts exactly).")
  var metric: ComparisonMetric = .house

  @Option(
    help: """
      Changed pixels allowed per image or PDF page (none unless this or --max-diff-ratio is \
      given; given both, both must hold, as Playwright's maxDiffPixels and maxDiffPixelRatio).
      """)
  var maxDiffPixels: Int?

  @Option(help: "Share of changed pixels allowed per image or page: 0.001 or 0.1% (alone, it is the budget).")
  var maxDiffRatio: String?

  @Option(help: ArgumentHelp("A region to leave out, in pixels (repeatable).", valueName: "x,y,w,h"))
  var ignore: [String] = []

  @Option(help: "Resolution PDFs are rasterised at.")
  var dpi = 100.0

  @Option(
    help: ArgumentHelp(
      "Settings per file or folder from this YAML file (defaults, then rules matching names); see the README.",
      valueName: "file.yaml"))
  var config: String?

  @Option(help: "Write the diff image here (a .png; a folder when comparing folders).")
  var diff: String?

  @OptionGroup var outputs: ReviewOutputOptions

  @Flag(help: "Accept the changes: copy actual files over the goldens of different and extra cases.")
  var update = false

  @Option(help: "Write a PDF report: one card per failure with expected, actual and diff.")
  var report: String?

  @Flag(help: "Check the environment fingerprint beside each golden (NAME.png.json); write it if missing.")
  var fingerprint = false

  @Flag(help: "Print the time spent decoding, comparing and writing diffs on standard error.")
  var timings = false

  func run() throws {
    let options = try comparisonOptions()
    guard dpi > 0, dpi <= 1200 else { throw ValidationError("--dpi \(dpi): use a value from 1 to 1200") }
    if let report, !report.lowercased().hasSuffix(".pdf") {
      throw ValidationError("--report \(report): the report is a PDF; end the name in .pdf")
    }
    let start = Date()
    var comparer = FileComparer(
      options: options, dpi: dpi, diffOutput: diff, collectsReportCards: report != nil,
      checksFingerprints: fingerprint)
    if let config {
      do {
        comparer.config = try CompareConfig(path: config)
      } catch {
        throw InputError("--config \(error.description)")
      }
    }
    if let html = outputs.html { comparer.addReviewImages(in: html, expected: expected) }
    let run: FileComparer.Run
    do {
      run = try comparer.compare(expected: expected, actual: actual)
      if let report { try ComparisonReport().render(run.summary, cards: run.cards, to: report) }
    } catch let error as ImageError {
      throw InputError(JobMessage(error.description))
    } catch let error as RenderError {
      throw OutputError(description: error.description)
    }
    try outputs.write(run.summary, seconds: Date().timeIntervalSince(start), trustsRoots: true)
    // Files that could not be compared are errors, and errors go to standard error too.
    for failed in run.summary.cases where failed.status == .error {
      // A page that could not be compared (a PDF page too large to rasterise) says why.
      let pageError = failed.pages.first { $0.status == .error }?.message
      Diagnostics.note("error: \(failed.message ?? pageError ?? "\(failed.name): could not be compared")")
    }
    if let report { Diagnostics.note("report: \(report)") }
    if timings { Diagnostics.note("timings: \(run.timings.description)") }
    if update {
      // The folders were named on this command line: they are trusted as they are.
      let refused = try ApproveCommand.approve(run.summary, roots: run.summary.roots)
      // Approving replaces goldens; files that could not be compared are still errors.
      if run.summary.status == .error || refused > 0 { Foundation.exit(2) }
      return
    }
    if run.summary.exitStatus != 0 { Foundation.exit(run.summary.exitStatus) }
  }

  private func comparisonOptions() throws -> ComparisonOptions {
    guard (0...1).contains(threshold) else {
      throw ValidationError("--threshold \(threshold): use a value from 0 to 1")
    }
    guard (maxDiffPixels ?? 0) >= 0 else { throw ValidationError("--max-diff-pixels must not be negative") }
    var ratio: Double?
    if let text = maxDiffRatio {
      let percent = text.hasSuffix("%")
      guard let value = Double(percent ? String(text.dropLast()) : text), value >= 0 else {
        throw ValidationError(
          "--max-diff-ratio \(text): use a share such as 0.001 or a percentage such as 0.1%")
      }
      ratio = percent ? value / 100 : value
      guard ratio! <= 1 else { throw ValidationError("--max-diff-ratio \(text): must be at most 1 (100%)") }
    }
    let regions = try ignore.map { text in
      guard let rect = PixelRect(parsing: text), rect.x >= 0, rect.y >= 0 else {
        throw ValidationError("--ignore \(text): use x,y,w,h in pixels, such as 0,0,200,30")
      }
      return rect
    }
    return ComparisonOptions(
      threshold: threshold, countAntiAliasing: countAntiAliasing, ignoreRegions: regions,
      maxDiffPixels: maxDiffPixels, maxDiffRatio: ratio, metric: metric)
  }
}

extension ComparisonMetric: ExpressibleByArgument {}
