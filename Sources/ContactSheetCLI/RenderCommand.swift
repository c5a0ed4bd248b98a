import ArgumentParser
import ContactSheet
import Foundation
import SheetCache
import SheetImages
import SheetLayout
import SheetRender
import SheetSupport
import SheetText
import SheetXMP

/// `contactsheet render INPUT… -o OUT`: lays out and draws a sheet.
struct RenderCommand: StyledCommand {
  static let configuration = CommandConfiguration(
    commandName: "render",
    abstract: "Draw a contact sheet as PDF (one document), PNG or SVG (one file per page).",
    discussion: ExitStatus.help)

  @OptionGroup var inputFlags: InputFlags

  @Option(
    name: .shortAndLong,
    help: "Output file: .pdf, or .png/.jpg/.svg (OUT-001.png, … when there are several pages).")
  var output: String

  @Flag(name: .shortAndLong, help: "Print only warnings and errors: no progress bar, no summary.")
  var quiet = false

  @Flag(
    help:
      "One document per folder holding images (with -r, each subfolder too); -o names a folder (proofs/) or a pattern with {folder} (proofs/{folder}.pdf)."
  )
  var perFolder = false

  @Flag(
    help:
      "Fail (exit status 1, nothing written) when any image cannot be read; refuse a CSV catalog with a malformed row (by default it is left out with a warning)."
  )
  var strict = false

  @Option(help: "Refuse images whose header claims more pixels than this, before decoding.")
  var maxPixels = PixelLimit.default

  @Option(
    help: ArgumentHelp(
      "Draw only these pages of the document (e.g. 21-40, 1-3,7 or 30-), as a full run draws them.",
      discussion:
        "Parts of one PDF are joined by `contactsheet assemble`; `contactsheet plan --shards N` splits a document."
    ))
  var pages: String?

  @OptionGroup var layoutFlags: LayoutFlags

  @OptionGroup var renderFlags: RenderFlags

  @OptionGroup var fontFlags: FontFlags

  @OptionGroup(title: "Thumbnail cache") var cacheFlags: CacheFlags

  func run() throws {
    guard !perFolder else { return try runPerFolder() }
    let started = Date()
    var job = try makeJob()
    if OutputFormat(path: output) != .pdf && job.printMarks != PrintMarks() {
      Diagnostics.warn(
        "--bleed and --crop-marks apply to PDF output only; \(output) is drawn at the trim size")
    }
    let progress = ProgressReporter.forTerminal(quiet: quiet)
    job.events = TerminalEvents.events(progress: progress, quiet: quiet)
    // Opened once the document is laid out, as drawing starts: a run refused before that
    // neither touches nor reports the cache.
    let opened = OpenedCache()
    job.openThumbnailCache = { [cacheFlags] in
      let cache = try cacheFlags.makeCache()
      opened.cache = .some(cache)
      return cache
    }
    defer { if case .some(let cache) = opened.cache { cacheFlags.finish(cache, quiet: quiet) } }
    let result: RenderResult
    do {
      result = try job.render(to: output)
    } catch let error as UnreadableImages {
      throw StrictFailure(description: error.text.flagText)
    }
    LibraryWarnings.show(quiet: quiet)
    if !quiet {
      Diagnostics.note(Summary(result, seconds: Date().timeIntervalSince(started)).text)
    }
  }

  /// One run per folder holding images, each with that folder alone as its input and its own
  /// output; the first that fails stops the rest.
  private func runPerFolder() throws {
    let folders = try PerFolderRun.folders(inputFlags.inputs, recursive: inputFlags.recursive)
    guard !folders.isEmpty else {
      throw ValidationError(
        "--per-folder: no folder among \(inputFlags.inputs.joined(separator: ", ")) holds images")
    }
    let outputs = try PerFolderRun.outputs(for: folders, output: output)
    for (folder, output) in zip(folders, outputs) {
      let outputFolder = (output as NSString).deletingLastPathComponent
      if !outputFolder.isEmpty {
        try FileManager.default.createDirectory(atPath: outputFolder, withIntermediateDirectories: true)
      }
      var run = self
      run.perFolder = false
      run.inputFlags.inputs = [folder]
      run.inputFlags.recursive = false
      run.output = output
      try run.run()
    }
  }

  /// The job these flags describe. Options are checked before any file is read, so a typo
  /// fails at once.
  private func makeJob() throws -> SheetJob {
    try SheetJob.checkOutput(output)
    let selection = try pages.map(PageSelection.init(parsing:))
    var job = try job(maxPixels: maxPixels)
    job.pages = selection
    job.stopOnImageFailure = strict
    job.inputs.csv.refusesMalformedRows = strict
    // Downloads are kept beside the thumbnails (also with --no-cache: they are not decoded photos).
    if let cache = cacheFlags.cache { job.inputs.downloads.folder = cache + "/downloads" }
    return job
  }
}

/// The line printed at the end of a run.
struct Summary {
  /// Placeholder reasons counted by cause, most frequent first: "2 file not found, 1 file is
  /// truncated". A cause is a reason's kind (``Diagnostics/kind(ofReason:)``, the one warnings
  /// are capped by), so "4000×3000 is more than …" counts with every other image over the limit.
  static func causes(_ reasons: [String]) -> String {
    var counts: [String: Int] = [:]
    var order: [String] = []
    for key in reasons.map(Diagnostics.kind(ofReason:)) {
      if counts[key] == nil { order.append(key) }
      counts[key, default: 0] += 1
    }
    return order.sorted { counts[$0]! > counts[$1]! }.map { "\(counts[$0]!) \($0)" }.joined(separator: ", ")
  }

  var images: Int
  var pages: Int
  /// Why each placeholder card was drawn, one reason per card.
  var placeholderReasons: [String]
  /// Images drawn despite a problem (a truncated file shown in part).
  var withWarnings = 0
  /// Pictures in a PDF printing below `--min-ppi`.
  var lowResolution = 0
  var files: [String]
  var seconds: Double

  init(
    images: Int, pages: Int, placeholderReasons: [String], withWarnings: Int = 0, files: [String],
    seconds: Double
  ) {
    self.images = images
    self.pages = pages
    self.placeholderReasons = placeholderReasons
    self.withWarnings = withWarnings
    self.files = files
    self.seconds = seconds
  }

  /// The summary of a render's `result`, which took `seconds`.
  init(_ result: RenderResult, seconds: Double) {
    self.init(
      images: result.images, pages: result.pages, placeholderReasons: result.placeholderReasons,
      withWarnings: result.withWarnings, files: result.files, seconds: seconds)
    lowResolution = result.lowResolution
  }

  var text: String {
    let bytes = files.compactMap { FileAttributes(path: $0)?.size }.reduce(0, +)
    let target =
      files.count == 1 ? files[0] : "\(files.first ?? "") … \(files.last ?? "") (\(files.count) files)"
    let placeholders = placeholderReasons.count
    let placeholderText =
      placeholders == 0
      ? ""
      : ", \(placeholders) placeholder\(placeholders == 1 ? "" : "s") (\(Self.causes(placeholderReasons)))"
    var warningText = withWarnings == 0 ? "" : ", \(withWarnings) with warnings"
    if lowResolution > 0 { warningText += ", \(lowResolution) under --min-ppi" }
    return
      "\(images) image\(images == 1 ? "" : "s"), \(pages) page\(pages == 1 ? "" : "s")\(placeholderText)\(warningText) → \(target) (\(CaptionFields.humanSize(bytes))) in \(String(format: "%.2f", seconds)) s"
  }
}

/// The thumbnail cache a run opened, if it got as far as opening one.
private final class OpenedCache {
  /// Nil until opened; then the cache (itself nil under `--no-cache`).
  var cache: ThumbnailCache??
}
