import Foundation
import SheetCache
import SheetImages
import SheetLayout
import SheetRender
import SheetText
import SheetXMP

/// One document made from inputs, as `contactsheet render` makes it: the inputs read (headers,
/// tags, captions), laid out, and drawn to a PDF, PNG or SVG file. `plan`, `layout` and `render`
/// all lay out through `layout(_:info:)`, so they count the same pages.
///
/// ```swift
/// var job = try SheetJob(inputs: InputOptions(inputs: ["shoot/"]))
/// let result = try job.render(to: "proof.pdf")
/// print(result.pages, result.files)
/// ```
public struct SheetJob {
  /// What goes on the sheet and in which order.
  public var inputs: InputOptions
  /// Where things go: page, columns, spacing, captions, banners, cover, contents and index.
  public var layoutOptions: LayoutOptions
  /// Which fonts text is set in.
  public var fonts: FontSet
  /// How cards are painted.
  public var style: RenderStyle
  /// What the output is made at: resolutions, the image size limit, JPEG quality.
  public var output: OutputSettings
  /// Bleed and crop marks (PDF only).
  public var printMarks = PrintMarks()
  /// When set, a PDF is written as PDF/X-4 printing on this intent (`pdfx`).
  public var outputIntent: OutputIntent?
  /// Whether a PDF is tagged for screen readers.
  public var tagged = false
  /// The language of the text: a PDF's `/Lang`.
  public var language = "en"
  /// The words ContactSheet prints itself (headings, labels, placeholders, the default title).
  public var words = BuiltInWords.language("en")
  /// The cover page, if one is wanted.
  public var cover: CoverRequest?
  /// Metadata that wins over the inputs' own (a manifest's title, author…).
  public var metadata = MetadataOverrides()
  /// Images whose header claims more pixels than this are shown as placeholders, undecoded,
  /// and drawing refuses them too: `output.maxPixels`, by a shorter name.
  public var maxPixels: Int {
    get { output.maxPixels }
    set { output.maxPixels = newValue }
  }
  /// Whether each card shows its photo's stars and colour label.
  public var showRating = false
  /// Whether an image that cannot be read ends the run (``UnreadableImages``) instead of being
  /// drawn as a placeholder.
  public var stopOnImageFailure = false
  /// The pages to draw (1-based, as a full run numbers them); nil for all.
  public var pages: PageSelection?
  /// Opens the cache of decoded thumbnails kept between runs, once the document is laid out
  /// and drawing starts (nil: none).
  package var openThumbnailCache: (() throws -> ThumbnailCache?)?
  /// What the run reports as it goes.
  public var events = SheetEvents()

  /// Warnings about the style (a header field that nothing fills), given with the inputs'.
  public var styleWarnings: [String] = []

  /// The job for `inputs` in the style `sources` give, as `contactsheet render` makes it: the
  /// manifests among the inputs are read once, their `style` applied after the preset and
  /// before the style file; every key no layer sets takes its default from `StyleKeys`.
  ///
  /// - Throws: ``InputError`` for a manifest or style file that cannot be used, ``StyleError``
  ///   for a value its key cannot take.
  public init(inputs: InputOptions, style sources: StyleSources = StyleSources()) throws {
    try self.init(inputs: inputs, style: sources, spelling: { "'\($0.name)'" })
  }

  /// As ``init(inputs:style:)``, messages spelling a key with `spelling` (the command line's
  /// `--gutter`); without `forDrawing` (`layout`, `plan`) the paint is not read.
  package init(
    inputs: InputOptions, style sources: StyleSources, spelling: @escaping (StyleKey) -> String,
    forDrawing: Bool = true
  ) throws {
    var inputs = inputs
    inputs.manifests = try ManifestReader.readAll(inputs.inputs)
    let layers = try sources.layers(inputs: inputs.inputs, manifests: inputs.manifests)
    let settings = try SheetSettings(style: MergedStyle(layers), spelling: spelling, forDrawing: forDrawing)
    if inputs.caption == nil {
      inputs.caption = settings.caption.map { CaptionChoice($0, source: spelling(StyleKeys.caption)) }
    }
    if inputs.fallbackCaption == nil, let preset = sources.preset {
      inputs.fallbackCaption = preset.caption.map { CaptionChoice($0, source: "preset \(preset.rawValue)") }
    }
    self.init(inputs: inputs, settings: settings)
  }

  /// The job for `inputs` with `settings` (`SheetSettings()` for every default). The settings'
  /// caption and index field apply where `inputs` give none; an index field adds an index.
  public init(inputs: InputOptions, settings: SheetSettings) {
    var inputs = inputs
    if inputs.caption == nil {
      inputs.caption = settings.caption.map { CaptionChoice($0, source: "'caption'") }
    }
    if inputs.indexField == nil { inputs.indexField = settings.indexField }
    inputs.fileDateMarker = settings.fileDateMarker
    inputs.csv.otherSection = settings.words.other
    inputs.csv.prices.from = settings.words.from
    inputs.csv.prices.language = settings.language
    inputs.rightToLeftDocument = CaptionDirection.isRightToLeft(language: settings.language)
    inputs.sectionOrder = settings.sectionOrder
    self.inputs = inputs
    layoutOptions = settings.layout
    if inputs.indexField != nil && layoutOptions.indexTitle == nil {
      layoutOptions.indexTitle = settings.words.index
    }
    fonts = settings.fonts
    style = settings.style
    output = settings.output
    printMarks = settings.printMarks
    outputIntent = settings.outputIntent
    language = settings.language
    tagged = settings.tagged
    words = settings.words
    cover = settings.cover
    metadata = settings.metadata
    showRating = settings.showRating
    styleWarnings = settings.warnings
  }

  /// Reads the inputs: files, folders, manifests and CSV rows, their headers (all of them when
  /// `readsEveryHeader`, else only those whose size no manifest gives), tags and captions.
  /// `output` is left out of folder scans.
  package func prepare(readsEveryHeader: Bool = true, output: String? = nil) throws -> PreparedSheet {
    var inputs = inputs
    // Decided now, from the mode the layout will use: a grid's captions keep their template
    // lines apart.
    inputs.slottedCaptions = CaptionSlots.apply(to: layoutOptions.mode)
    var preparer = SheetPreparer(options: inputs, maxPixels: maxPixels)
    preparer.readsEveryHeader = readsEveryHeader
    preparer.output = output
    let progress = events.progress
    preparer.progress = { done, total in progress(.reading, done, total, nil) }
    preparer.downloadProgress = { done, total in progress(.downloading, done, total, nil) }
    defer { events.stageFinished() }
    return try preparer.prepare()
  }

  /// The document's metadata: the inputs', with ``metadata`` winning.
  package func documentInfo(_ catalog: Catalog) -> DocumentInfo {
    var info = DocumentInfo(
      title: catalog.title ?? words.untitled, author: catalog.author, subject: catalog.subject,
      keywords: catalog.keywords)
    metadata.apply(to: &info)
    return info
  }

  /// The document's layout, as `render` draws it and `layout` and `plan` report it: `entries`
  /// laid out with ``layoutOptions`` and, when asked for, a cover titled from `info`. Texts
  /// are measured in parallel first (one Pango engine per core; in `justified` mode captions
  /// are measured again, one at a time, at their cards' widths), then placed; the entries
  /// and measured texts are let go of before the cards are placed, so they are not held at
  /// the same time as the pages. Warns once when the cards are too narrow for QR codes a
  /// phone can read.
  package func layout(_ entries: consuming [LayoutEntry], info: DocumentInfo) throws -> Layout {
    var options = layoutOptions
    options.captionStyle.isMarkup = true  // captions come from templates, their fields escaped
    options.cover = cover?.content(title: info.title ?? "", subject: info.subject)
    let layout: Layout
    do {
      let engine = WaterfallLayout(options: options)
      let text = try TextEngine(fonts: fonts)
      let measured: MeasuredEntries
      // Measured texts that placing still asks for (the cover's), kept when the table goes.
      var kept: [TextRequest: TextMeasurement] = [:]
      do {
        let texts = try ParallelMeasurer(fonts: fonts).measure(engine.texts(entries))
        measured = try engine.measure(
          entries, captions: texts.captions, measurer: CachingMeasurer(text, table: texts.others))
        for request in try engine.placingRequests() { kept[request] = texts.others[request] }
      }
      events.lap("measure")
      _ = consume entries
      layout = try engine.layout(consume measured, measurer: CachingMeasurer(text, table: kept))
      events.lap("place")
    } catch let error as TextError {
      throw InputError(JobMessage(error.description))
    }
    if let warning = QRSizeCheck.warning(layout, options: options) { events.warning(warning, nil) }
    return layout
  }

  /// Reads, lays out and draws the document to `output` (`.pdf`, or `.png`/`.svg`: one file
  /// per page, numbered when there are several). Nothing is written when the run fails.
  ///
  /// - Throws: ``InputError`` for inputs that cannot be used, `LayoutError` (naming the
  ///   setting at fault) when the layout options leave no room, ``UnreadableImages`` when
  ///   ``stopOnImageFailure`` is set and an image cannot be read, ``OutputError`` when the
  ///   output cannot be written.
  public func render(to output: String) throws -> RenderResult {
    try Self.checkOutput(output)
    try Self.checkWhole(pages: pages != nil, output: output, tagged: tagged, pdfx: outputIntent != nil)
    // Before the decode workers start: they then share arenas, whose freed buffers serve the
    // drawing thread too.
    DecodeMemory.shareOneArena()
    var sheet = try prepare(output: output)
    try OutputGuard.check(
      output: output,
      inputs: sheet.catalog.inputFiles + sheet.items.map(\.path) + [cover?.image].compactMap { $0 })
    for note in sheet.notes { events.note(note) }
    if OutputFormat(path: output) != .pdf {
      for (asked, setting) in [(tagged, JobSetting.tagged), (outputIntent != nil, JobSetting.pdfx)]
      where asked {
        events.warning(
          "\(setting: setting) is for PDF output; \(output) is not a PDF, so it does nothing", nil)
      }
    }
    for warning in styleWarnings.map { JobMessage($0) } + sheet.warnings { events.warning(warning, nil) }
    let failures = sheet.items.compactMap { item in item.failure.map { (item, $0) } }
    for (item, failure) in failures {
      events.warning(JobMessage(Self.describe(failure, origin: item.origin)), failure.reason)
    }
    if stopOnImageFailure && !failures.isEmpty {
      throw UnreadableImages(
        text:
          "\(failures.count) of \(sheet.items.count) images could not be read (\(setting: .strict)); nothing was written"
      )
    }
    let info = documentInfo(sheet.catalog)
    var renderItems = sheet.renderItems()
    for (index, item) in sheet.items.enumerated() {
      renderItems[index].badge = Self.badge(
        showRating ? item.tags : nil, video: item.video, time: item.videoTime)
    }
    // The records read are not needed once the render items are made (the document holds
    // what it draws): released before the layout, they do not add to its peak memory, the
    // highest of a long document's run.
    let imageCount = sheet.items.count
    sheet.items = []
    sheet.catalog.entries = []
    let layout = try self.layout(sheet.takeEntries(), info: info)
    let pageCount = layout.pages.count
    let drawnPages = try pages?.indices(pageCount: pageCount)
    // What the layout freed (its measurements, the records read) goes back to the system.
    DecodeMemory.returnFreeMemory()
    // The renderer releases each page once drawn: it must hold the only copy of the layout.
    let document = SheetDocument(
      layout: consume layout, items: consume renderItems, info: info, coverImage: cover?.image)
    let imagesWithWarnings = WarnedImages()
    var lowResolution = 0
    // Why each card is a placeholder: unreadable headers first, then files that failed to decode.
    var placeholderReasons = failures.map { $0.1.reason }
    let written: [String]
    do {
      var renderer = SheetRenderer(style: style, output: self.output)
      renderer.thumbnailCache = try openThumbnailCache?()
      renderer.stopOnImageFailure = stopOnImageFailure
      let events = events
      renderer.onImageWarning = { warning in
        events.warning("\(warning.path): \(warning.reason)", nil)
        imagesWithWarnings.add(warning.path)
      }
      let forPrint = printMarks != PrintMarks() || outputIntent != nil
      let minimum = self.output.minimumPPI ?? (forPrint ? OutputSettings.printMinimumPPI : 0)
      if OutputFormat(path: output) == .pdf && minimum > 0 {
        renderer.onImagePlaced = { placed in
          guard placed.effectivePPI < minimum else { return }
          lowResolution += 1
          events.warning(Self.lowResolutionWarning(placed, minimum: minimum), nil)
        }
      }
      renderer.printMarks = printMarks
      renderer.outputIntent = outputIntent
      renderer.words = words.render
      renderer.language = language
      renderer.tagged = tagged
      renderer.pages = drawnPages
      var trimmedAt = 0
      renderer.onProgress = { state in
        // Free memory goes back to the system as pages are written, so the peak stays at the
        // level of the first pages however many follow.
        if state.pagesWritten >= trimmedAt + Self.pagesBetweenTrims {
          trimmedAt = state.pagesWritten
          DecodeMemory.returnFreeMemory()
        }
        events.progress(
          .drawing, state.imagesDrawn, state.imageCount,
          "page \(state.pagesWritten)/\(state.pageCount) written")
      }
      defer { events.stageFinished() }
      written = try renderer.render(consume document, to: output) { error in
        placeholderReasons.append(error.reason)
        events.warning(JobMessage(Self.describe(error, origin: nil)), nil)
      }
    } catch let error as ImageError {
      throw UnreadableImages(
        text: "\(error.path): \(error.reason) (\(setting: .strict)); nothing was written")
    } catch let error as RenderError {
      throw OutputError(description: error.description)
    }
    return RenderResult(
      images: imageCount, pages: drawnPages?.count ?? pageCount, placeholderReasons: placeholderReasons,
      withWarnings: imagesWithWarnings.count, lowResolution: lowResolution, files: written)
  }

  /// `NAME prints at 110 ppi on page 3 (451×300 pixels over 104.1×69.4 mm); print wants at
  /// least 200 (min-ppi)`.
  static func lowResolutionWarning(_ placed: PlacedImage, minimum: Double) -> JobMessage {
    let millimetres = { (points: Double) in String(format: "%.1f", points / 72 * 25.4) }
    let pixels = "\(placed.shownPixels.width)×\(placed.shownPixels.height) pixels"
    let size = "\(millimetres(placed.box.width))×\(millimetres(placed.box.height)) mm"
    let ppi = Int(placed.effectivePPI.rounded(.down))
    return
      "\(placed.name) prints at \(ppi) ppi on page \(placed.page + 1) (\(pixels) over \(size)); print wants at least \(Int(minimum)) (\(setting: .minPPI))"
  }

  /// Refuses an output whose format the name does not tell (`.pdf`, `.png`, `.svg`), or whose
  /// folder is missing, before anything is read.
  package static func checkOutput(_ output: String) throws {
    try checkOutputFormat(output)
    try OutputGuard.checkFolder(output: output)
  }

  /// Refuses drawing part of a PDF (`pages`) that is tagged or PDF/X: parts are joined without
  /// their structure trees and output intents, so those are written for whole documents only.
  package static func checkWhole(pages: Bool, output: String, tagged: Bool, pdfx: Bool) throws {
    guard pages, OutputFormat(path: output) == .pdf, tagged || pdfx else { return }
    throw InputError(
      .pages,
      "\(setting: .pages) draws part of a document, but a \(tagged ? "tagged" : "PDF/X") PDF is written whole; render it without \(setting: .pages)"
    )
  }

  /// Refuses an output whose format the name does not tell.
  package static func checkOutputFormat(_ output: String) throws {
    guard OutputFormat(path: output) != nil else {
      throw InputError(
        .output, "\(setting: .output) \(output): the output must end in \(OutputFormat.extensionsText)")
    }
  }

  /// How often free memory is handed back to the system while drawing, in pages written.
  package static let pagesBetweenTrims = 50

  /// What a card's badge draws: its stars, or the rejected mark, and its label's colour (from
  /// `tags`, given when ratings are shown); a clip's duration, or the `time` of a frame of it
  /// (a sheet of one video); nil when there is none of these.
  package static func badge(_ tags: XMPTags?, video: VideoDetails? = nil, time: Double? = nil) -> CardBadge? {
    let clock = time.map { VideoDetails.clock($0, inClipOf: video?.duration) }
    let duration = clock == nil ? video.map { $0.durationText ?? "video" } : nil
    guard (tags?.rating ?? 0) != 0 || tags?.label != nil || duration != nil || clock != nil else {
      return nil
    }
    return CardBadge(
      rating: tags?.rating ?? 0, labelColor: tags?.label.flatMap { Color(parsing: LabelColors.hex(of: $0)) },
      duration: duration, time: clock)
  }

  /// A warning for an image that cannot be shown: where it was named, the file, why, and
  /// what the run does instead.
  package static func describe(
    _ error: ImageError, origin: String?, consequence: String = "shown as a placeholder card"
  ) -> String {
    let prefix = origin.map { "\($0): " } ?? ""
    let path = error.path.isEmpty ? "" : "\(error.path): "
    return "\(prefix)\(path)\(error.reason) (\(consequence))"
  }
}

/// What a run of ``SheetJob`` drew.
public struct RenderResult: Sendable {
  /// Cards drawn (images and placeholders).
  public var images: Int
  /// Pages drawn.
  public var pages: Int
  /// Why each placeholder card was drawn, one reason per card.
  public var placeholderReasons: [String]
  /// Images drawn despite a problem (a truncated file shown in part).
  public var withWarnings: Int
  /// Pictures in a PDF that print below ``OutputSettings/minimumPPI``, each warned of.
  public var lowResolution: Int
  /// The files written: one PDF, or one PNG, JPEG or SVG per page.
  public var files: [String]
}

/// Some images could not be read and ``SheetJob/stopOnImageFailure`` was set: nothing was
/// written.
public struct UnreadableImages: Error, CustomStringConvertible {
  /// How many images failed, or which one, naming the setting that stopped the run.
  public var text: JobMessage

  /// How many images failed, or which one, each setting spelt by `spelling`.
  public func description(spelling: (JobSetting) -> String) -> String { text.spelt(spelling) }

  /// How many images failed, or which one, each setting spelt by its name.
  public var description: String { text.description }
}

/// What a ``SheetJob`` reports while it runs. Each handler does nothing by default.
public struct SheetEvents {
  /// The long stages a progress display shows.
  public enum Stage: String, Sendable {
    case downloading = "Downloading"
    case reading = "Reading"
    case drawing = "Drawing"
  }

  /// A problem that does not stop the run, and for an image that cannot be read, the reason
  /// alone (so a display can count warnings of one kind).
  public var warning: (_ message: JobMessage, _ imageReason: String?) -> Void = { _, _ in }
  /// Something the run left out and why (files a folder scan skipped, photos filtered out).
  public var note: (JobMessage) -> Void = { _ in }
  /// Progress through a stage: done of total, and a note (`page 3/10 written`).
  public var progress: @Sendable (_ stage: Stage, _ done: Int, _ total: Int, _ note: String?) -> Void = {
    _, _, _, _ in
  }
  /// The current stage has ended.
  public var stageFinished: () -> Void = {}
  /// A phase of the run has ended (`measure`, `place`), for timing.
  public var lap: (String) -> Void = { _ in }

  /// Handlers that do nothing.
  public init() {}
}

/// The cover page a job asks for: titled from the document's metadata.
public struct CoverRequest: Sendable, Hashable {
  /// A line under the title; the document's subject when nil.
  public var subtitle: String?
  /// Fine print at the cover's foot (`{pages}`, `{date}`, `{title}` filled in); nil for none.
  public var note: String?
  /// A picture filling a frame above the title, if any.
  public var image: String?
  /// How the picture fills its frame: `letterbox` (the default) shows all of it, the frame
  /// taking its shape (a logo stays whole); `crop` fills the frame, its centre kept.
  public var fit: ImageFit = .letterbox

  /// A cover with these parts; all nil is a cover with the title and subject alone.
  public init(subtitle: String? = nil, note: String? = nil, image: String? = nil) {
    self.subtitle = subtitle
    self.note = note
    self.image = image
  }

  /// The cover's content for a document titled `title` about `subject`.
  package func content(title: String, subject: String?) -> CoverContent {
    CoverContent(
      title: title, subtitle: subtitle ?? subject, hasPicture: image != nil,
      note: note.flatMap { $0.isEmpty ? nil : $0 }, pictureAspect: pictureAspect)
  }

  /// The picture's upright width over height when it is letterboxed and its header can be
  /// read; nil fills the frame (a picture that cannot be read is a placeholder filling it).
  private var pictureAspect: Double? {
    guard fit == .letterbox, let image, let header = try? ImageReader.header(path: image),
      header.width > 0, header.height > 0
    else { return nil }
    return Double(header.width) / Double(header.height)
  }
}

/// Document metadata that wins over what the inputs say; nil keeps theirs.
public struct MetadataOverrides: Sendable, Hashable {
  /// The document's title (PDF metadata, the cover, `{title}` in headers and footers).
  public var title: String?
  /// The PDF's author.
  public var author: String?
  /// The PDF's subject, and the cover's subtitle unless one is given.
  public var subject: String?
  /// The PDF's keywords.
  public var keywords: String?

  /// Overrides of the values given; nil keeps the inputs' own.
  public init(title: String? = nil, author: String? = nil, subject: String? = nil, keywords: String? = nil) {
    self.title = title
    self.author = author
    self.subject = subject
    self.keywords = keywords
  }

  /// `info` with these values where given.
  package func apply(to info: inout DocumentInfo) {
    if let title { info.title = title }
    if let author { info.author = author }
    if let subject { info.subject = subject }
    if let keywords { info.keywords = keywords }
  }
}

/// The images the renderer warned about, counted once each (warnings arrive on the drawing
/// thread, one callback per warning).
package final class WarnedImages: @unchecked Sendable {
  private var paths = Set<String>()

  package func add(_ path: String) { paths.insert(path) }

  package var count: Int { paths.count }
}
