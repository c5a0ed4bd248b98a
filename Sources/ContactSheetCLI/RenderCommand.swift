import ArgumentParser
import Foundation
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
    help: "Output file: .pdf, or .png/.svg (OUT-001.png, … when there are several pages).")
  var output: String

  @Flag(name: .shortAndLong, help: "Print only warnings and errors: no progress bar, no summary.")
  var quiet = false

  @Flag(help: "Fail (exit status 1, nothing written) when any image cannot be read.")
  var strict = false

  @Option(help: "Refuse images whose header claims more pixels than this, before decoding.")
  var maxPixels = 200_000_000

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
    guard OutputFormat(path: output) != nil else {
      throw InputError("-o \(output): the output must end in .pdf, .png or .svg")
    }
    try OutputGuard.checkFolder(output: output)
    let selection = try pages.map(PageSelection.init(parsing:))
    // Options are checked before any file is read, so a typo fails at once.
    let options = try layoutFlags.layoutOptions().withMarkupCaptions()
    let style = try renderStyle()
    let printMarks = try renderFlags.printMarks(length: layoutFlags.length)
    if OutputFormat(path: output) != .pdf && printMarks != PrintMarks() {
      Diagnostics.warn(
        "--bleed and --crop-marks apply to PDF output only; \(output) is drawn at the trim size")
    }
    let started = Date()
    // Before the decode workers start: they then share arenas, whose freed buffers serve the
    // drawing thread too.
    DecodeMemory.shareOneArena()
    let progress = ProgressReporter.forTerminal(quiet: quiet)
    var preparer = SheetPreparer(flags: inputFlags, maxPixels: maxPixels, progress: progress)
    preparer.output = output
    preparer.indexField = layoutFlags.index
    var sheet = try preparer.prepare()
    try OutputGuard.check(
      output: output,
      inputs: sheet.catalog.inputFiles + sheet.items.map(\.path) + [layoutFlags.coverImage].compactMap { $0 })
    if !quiet { for note in sheet.notes { Diagnostics.note(note) } }
    for warning in layoutFlags.templateWarnings() + sheet.warnings { Diagnostics.warn(warning) }
    let failures = sheet.items.compactMap { item in item.failure.map { (item, $0) } }
    for (item, failure) in failures {
      Diagnostics.warn(
        Self.describe(failure, origin: item.origin), kind: Diagnostics.kind(ofReason: failure.reason))
    }
    if strict && !failures.isEmpty {
      throw StrictFailure(
        description:
          "\(failures.count) of \(sheet.items.count) images could not be read (--strict); nothing was written"
      )
    }
    let info = renderFlags.documentInfo(sheet.catalog)
    var renderItems = sheet.renderItems()
    if renderFlags.showRating {
      for (index, item) in sheet.items.enumerated() { renderItems[index].badge = Self.badge(item.tags) }
    }
    // The records read are not needed once the render items are made (the document holds
    // what it draws): released before the layout, they do not add to its peak memory, the
    // highest of a long document's run.
    let imageCount = sheet.items.count
    sheet.items = []
    sheet.catalog.entries = []
    var entries: [LayoutEntry] = []
    swap(&entries, &sheet.entries)
    var timer = PhaseTimer()
    let layout = try LayoutCommand.documentLayout(
      consume entries, options: options, layoutFlags: layoutFlags, fonts: fontFlags.fontSet, info: info,
      timer: &timer)
    let pageCount = layout.pages.count
    let drawnPages = try selection?.indices(pageCount: pageCount)
    // What the layout freed (its measurements, the records read) goes back to the system.
    DecodeMemory.returnFreeMemory()
    // The renderer releases each page once drawn: it must hold the only copy of the layout.
    let document = SheetDocument(
      layout: consume layout, items: consume renderItems, info: info, coverImage: layoutFlags.coverImage)
    let written: [String]
    let thumbnailCache = try cacheFlags.makeCache()
    defer { cacheFlags.finish(thumbnailCache, quiet: quiet) }
    let imagesWithWarnings = WarnedImages()
    // Why each card is a placeholder: unreadable headers first, then files that failed to decode.
    var placeholderReasons = failures.map { $0.1.reason }
    do {
      var renderer = SheetRenderer(style: style)
      renderer.thumbnailCache = thumbnailCache
      renderer.stopOnImageFailure = strict
      renderer.onImageWarning = { warning in
        Diagnostics.warn("\(warning.path): \(warning.reason)")
        imagesWithWarnings.add(warning.path)
      }
      renderer.printMarks = printMarks
      renderer.pages = drawnPages
      var trimmedAt = 0
      renderer.onProgress = { state in
        // Free memory goes back to the system as pages are written, so the peak stays at the
        // level of the first pages however many follow.
        if state.pagesWritten >= trimmedAt + Self.pagesBetweenTrims {
          trimmedAt = state.pagesWritten
          DecodeMemory.returnFreeMemory()
        }
        progress?.update(
          stage: "Drawing", done: state.imagesDrawn, total: state.imageCount,
          note: "page \(state.pagesWritten)/\(state.pageCount) written")
      }
      defer { progress?.finishStage() }
      written = try renderer.render(consume document, to: output) { error in
        placeholderReasons.append(error.reason)
        Diagnostics.warn(Self.describe(error, origin: nil))
      }
    } catch let error as ImageError {
      throw StrictFailure(description: "\(error.path): \(error.reason) (--strict); nothing was written")
    } catch let error as RenderError {
      throw OutputError(description: error.description)
    }
    LibraryWarnings.show(quiet: quiet)
    if !quiet {
      Diagnostics.note(
        Summary(
          images: imageCount, pages: drawnPages?.count ?? pageCount,
          placeholderReasons: placeholderReasons,
          withWarnings: imagesWithWarnings.count, files: written,
          seconds: Date().timeIntervalSince(started)
        ).text)
    }
  }

  /// How often free memory is handed back to the system while drawing, in pages written.
  static let pagesBetweenTrims = 50

  /// How to paint: the PNG resolution and pixel limit, then the drawing options. (Fonts and
  /// text styles come with the layout.)
  private func renderStyle() throws -> RenderStyle {
    var style = RenderStyle()
    style.dpi = layoutFlags.dpi
    style.maxPixels = maxPixels
    try renderFlags.apply(to: &style, length: layoutFlags.length)
    style.bannerFill = try layoutFlags.bannerFillColor()
    return style
  }

  /// What `--show-rating` draws on a card: its stars, or the rejected mark, and its label's
  /// colour; nil when the photo has neither.
  static func badge(_ tags: XMPTags?) -> CardBadge? {
    guard let tags, (tags.rating ?? 0) != 0 || tags.label != nil else { return nil }
    return CardBadge(
      rating: tags.rating ?? 0, labelColor: tags.label.flatMap { Color(parsing: LabelColors.hex(of: $0)) })
  }

  /// PDF metadata: the manifest's, overridden by the command line's.
  /// A warning for an image that cannot be shown: where it was named, the file, why, and
  /// what the run does instead.
  static func describe(
    _ error: ImageError, origin: String?, consequence: String = "shown as a placeholder card"
  ) -> String {
    let prefix = origin.map { "\($0): " } ?? ""
    let path = error.path.isEmpty ? "" : "\(error.path): "
    return "\(prefix)\(path)\(error.reason) (\(consequence))"
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
  var files: [String]
  var seconds: Double

  var text: String {
    let bytes = files.compactMap { FileAttributes(path: $0)?.size }.reduce(0, +)
    let target =
      files.count == 1 ? files[0] : "\(files.first ?? "") … \(files.last ?? "") (\(files.count) files)"
    let placeholders = placeholderReasons.count
    let placeholderText =
      placeholders == 0
      ? ""
      : ", \(placeholders) placeholder\(placeholders == 1 ? "" : "s") (\(Self.causes(placeholderReasons)))"
    let warningText = withWarnings == 0 ? "" : ", \(withWarnings) with warnings"
    return
      "\(images) image\(images == 1 ? "" : "s"), \(pages) page\(pages == 1 ? "" : "s")\(placeholderText)\(warningText) → \(target) (\(CaptionFields.humanSize(bytes))) in \(String(format: "%.2f", seconds)) s"
  }
}

/// The images the renderer warned about, counted once each (warnings arrive on the drawing
/// thread, one callback per warning).
final class WarnedImages: @unchecked Sendable {
  private var paths = Set<String>()

  func add(_ path: String) { paths.insert(path) }

  var count: Int { paths.count }
}
