import CPangoCairo
import Foundation
import SheetCache
import SheetImages
import SheetLayout
import SheetSupport
import SheetText

/// How far rendering has got.
public struct RenderProgress: Sendable, Hashable {
  /// Card images handled so far in drawing order, counting those drawn as placeholders.
  public var imagesDrawn: Int
  /// Number of card images the whole document draws (the total `imagesDrawn` reaches).
  public var imageCount: Int
  /// Pages finished and written so far.
  public var pagesWritten: Int
  /// Number of pages in the document.
  public var pageCount: Int
}

/// Draws a laid-out sheet into PDF, PNG or SVG files.
///
/// Text is set in the fonts and styles the layout recorded (``Layout/fonts``,
/// ``Layout/textStyles``), so it fills exactly the boxes it was measured for; the render style
/// adds paint only.
///
/// Images are decoded on all cores, a bounded number ahead of drawing, while pages are drawn
/// in order on the calling thread; each image is released as soon as it is painted, so memory
/// follows the decode window, not the number of images.
///
/// ```swift
/// let renderer = SheetRenderer(style: RenderStyle(cornerRadius: 8))
/// let files = try renderer.render(document, to: "sheet.pdf")
/// ```
public struct SheetRenderer {
  /// Colours, corners, shadow and border.
  public var style: RenderStyle
  /// Resolutions, the image size limit and JPEG quality.
  public var output: OutputSettings
  /// When set, the first image that cannot be shown stops rendering with its `ImageError`
  /// and nothing is written (`--strict`); otherwise it becomes a placeholder card.
  public var stopOnImageFailure = false
  /// Rows of a PNG page drawn at once: taller pages are drawn in bands of this many rows.
  var rasterBandRows = 2048
  /// Bleed and crop marks around each PDF page (other outputs are drawn at trim size).
  public var printMarks = PrintMarks()
  /// When set, a PDF is written as PDF/X-4 (ISO 15930-7) printing on this intent: its profile
  /// embedded, XMP metadata, a trim box on every page, RGB tagged as sRGB. Not for documents
  /// drawn in parts (``pages``).
  public var outputIntent: OutputIntent?
  /// The words the renderer prints of its own (placeholders, the cover's page label), in the
  /// document's language. Default English.
  public var words = RenderWords()
  /// The language of the document's text (BCP 47, `en`, `de-AT`): a PDF's `/Lang`, with
  /// `/DisplayDocTitle` set; nil leaves both out.
  public var language: String?
  /// Whether a PDF is tagged (`--tagged`): a structure tree in reading order (document,
  /// sections with their headings, each card's picture a figure with alternative text and its
  /// caption a paragraph, the contents and index as tables of contents), for screen readers.
  public var tagged = false
  /// The pages to draw (from 0, ascending, each once), for rendering a document in parts; nil
  /// draws them all. The layout is the whole document's, so a page comes out as in a full run:
  /// PNG and SVG files keep their page numbers, and a PDF part carries what
  /// ``PDFAssembler`` needs to join the parts (see ``PDFPart``).
  public var pages: [Int]?
  /// Called on the drawing thread after each image is drawn and each page is written.
  public var onProgress: ((RenderProgress) -> Void)?
  /// Called on the drawing thread for each problem an image was drawn despite (a truncated
  /// file shows the part that decoded; a multi-page TIFF its first page), as an ``ImageError``
  /// whose reason says what the picture shows.
  public var onImageWarning: ((ImageError) -> Void)?
  /// Called on the drawing thread for each picture drawn into PDF or SVG output, saying where
  /// it went and the resolution it prints at there (not called for placeholders, nor for PNG
  /// and JPEG pages, whose pictures are device pixels).
  public var onImagePlaced: ((PlacedImage) -> Void)?
  /// Where decoded images are kept between runs (`--cache`); nil decodes every image. The
  /// output is the same either way.
  package var thumbnailCache: ThumbnailCache?

  /// A renderer painting in `style` (default `RenderStyle()`) output made at `output`
  /// (default `OutputSettings()`), replacing images that cannot be shown with placeholder
  /// cards and reporting no progress until ``onProgress`` is set.
  public init(style: RenderStyle = RenderStyle(), output: OutputSettings = OutputSettings()) {
    self.style = style
    self.output = output
  }

  /// Renders `document` to `path` (format from its extension) and returns the files written.
  /// `warn` receives one message per image that could not be shown.
  ///
  /// The document is consumed: each page's elements, and the items and captions of its cards,
  /// are released once the page is drawn, so memory stays flat however many pages there are
  /// (when the caller holds no other copy of the document's layout and items).
  public func render(
    _ document: consuming SheetDocument, to path: String, warn: (ImageError) -> Void = { _ in }
  ) throws -> [String] {
    guard let format = OutputFormat(path: path) else {
      throw RenderError("cannot tell the output format of \(path): use \(OutputFormat.extensionsText)")
    }
    try DrawPlan.checkOneCardPerItem(document)
    let pageCount = document.layout.pages.count
    let drawn = try pageIndices(of: pageCount)
    let sink: PageSink
    switch format {
    case .pdf:
      // With contents, an index or a cover, page labels state the numbering the pages print
      // (the cover, page 1, prints none: it is labelled "Cover").
      let pages = document.layout.pages
      let numbered = pages.contains { $0.elements.contains { $0.kind == .entry || $0.kind == .cover } }
      let hasCover = pages.first?.elements.contains { $0.kind == .cover } ?? false
      let part = self.pages.map { _ in
        PDFPart(
          document: DocumentFingerprint.of(document, style: style, output: output, marks: printMarks),
          pageCount: pageCount,
          pageLabels: numbered, coverLabel: hasCover ? words.cover : nil, info: document.info,
          language: language)
      }
      if outputIntent != nil && self.pages != nil {
        throw RenderError("PDF/X is written for a whole document, not for a part of one (--pages)")
      }
      if tagged && self.pages != nil {
        throw RenderError("a tagged PDF is written for a whole document, not for a part of one (--pages)")
      }
      sink = try PDFSink(
        path: path, info: document.info, ppi: output.ppi, marks: printMarks, pageLabels: numbered,
        coverLabel: hasCover ? words.cover : nil, documentPages: self.pages, part: part,
        outputIntent: outputIntent, language: language, tagged: tagged)
    case .png, .jpeg:
      sink = RasterSink(
        path: path, format: format == .png ? .png : .jpeg(quality: output.jpegQuality), dpi: output.dpi,
        pageCount: pageCount, bandRows: rasterBandRows, documentPages: self.pages)
    case .svg: sink = SVGSink(path: path, ppi: output.ppi, pageCount: pageCount, documentPages: self.pages)
    }
    let painter = CardPainter(
      style: style, textStyles: document.layout.textStyles,
      text: try TextEngine(fonts: document.layout.fonts, antialiasing: style.textAntialiasing))
    painter.captionSlots = document.layout.captionSlots
    // Banners that touch the page's edges run on into the bleed, which only PDF pages have.
    if format == .pdf { painter.bleed = printMarks.bleed }
    painter.words = words
    if let logo = style.logo {
      do {
        painter.logoArtwork = try logo.artwork(maxPixels: output.maxPixels)
      } catch let error as ImageError {
        warn(error)
      }
    }
    do {
      painter.watermarkArtwork = try style.watermark?.artwork(maxPixels: output.maxPixels)
    } catch let error as ImageError {
      warn(error)
    }
    let plan = DrawPlan(document: document, pages: drawn, bands: sink.bands(pageHeight:), reach: reach)
    let sections = document.layout.firstCardSections()
    let info = document.info
    let coverImage = document.coverImage ?? ""
    // From here on the document's pages and items are held by `pagesToDraw` alone.
    let pagesToDraw = PagesToDraw(consume document)
    let pipeline = DecodePipeline(
      count: plan.cardsInDrawingOrder.count,
      job: imageJob(plan, pagesToDraw, resolution: sink.imageResolution))
    defer { pipeline.cancel() }
    var nextJob = 0
    var progress = RenderProgress(
      imagesDrawn: 0, imageCount: plan.cardsInDrawingOrder.count, pagesWritten: 0, pageCount: drawn.count)
    for (drawnIndex, pageIndex) in drawn.enumerated() {
      let page = pagesToDraw.page(pageIndex)
      let onCover = page.elements.contains { $0.kind == .cover }
      let pageBands = sink.bands(pageHeight: page.height)
      let fields = PageTemplate(
        title: info.title ?? "", page: pageIndex + 1, pages: pageCount,
        date: info.creationDate, section: sections[pageIndex] ?? "")
      var cairo = try sink.beginPage(width: page.width, height: page.height)
      if tagged && format == .pdf { painter.tags.beginDocument(cairo) }
      // Images of cards that reach into later bands, kept until their last band is drawn.
      var kept: [Int: PreparedImage] = [:]
      for bandIndex in pageBands.indices {
        if bandIndex > 0 { cairo = try sink.nextBand() }
        Cairo.setColor(cairo, style.pageBackground)
        cairo_paint(cairo)
        for (elementIndex, element) in page.elements.enumerated() {
          let span = plan.span(of: element, bands: pageBands)
          guard span.contains(bandIndex) else { continue }
          let hasJob = plan.isJob(nextJob, page: pageIndex, element: elementIndex)
          switch element {
          case .card(let cardElement):
            guard let card = pagesToDraw.card(cardElement.item) else { continue }
            if bandIndex == span.lowerBound && hasJob {
              let image = pipeline.take(nextJob)
              nextJob += 1
              progress.imagesDrawn = nextJob
              onProgress?(progress)
              switch image {
              case .failed(let error):
                if stopOnImageFailure { throw error }
                warn(error)
              case .ready(_, _, let warnings):
                let path = card.item.source?.name ?? ""
                for warning in warnings { onImageWarning?(ImageError(path: path, reason: warning)) }
              case .originalJPEG: break
              }
              kept[elementIndex] = image
              reportPlacement(
                image, source: card.item.source, box: cardElement.image, page: pageIndex,
                resolution: sink.imageResolution)
            }
            painter.drawCard(
              cairo, card: cardElement, image: kept[elementIndex], item: card.item, caption: card.caption,
              resolution: sink.imageResolution)
            if bandIndex == span.upperBound - 1 { kept[elementIndex] = nil }
            if let link = card.item.link, !link.isEmpty {
              sink.addLink(
                .uri(link), rect: element.frame, contents: Self.linkDescription(card.caption, uri: link))
            }
            if let bookmark = card.item.bookmark, bandIndex == span.lowerBound {
              sink.addBookmark(bookmark, x: element.frame.x, y: element.frame.y)
            }
          case .picture(let picture):
            var image: PreparedImage?
            if bandIndex == span.lowerBound && hasJob {
              image = pipeline.take(nextJob)
              nextJob += 1
              progress.imagesDrawn = nextJob
              onProgress?(progress)
              if case .failed(let error) = image {
                if stopOnImageFailure { throw error }
                warn(error)
              }
              kept[elementIndex] = image
              reportPlacement(
                image, source: FileImageSource(path: coverImage), box: picture.frame, page: pageIndex,
                resolution: sink.imageResolution)
            }
            painter.drawPicture(
              cairo, picture: picture, image: kept[elementIndex], path: coverImage,
              alternativeText: info.title ?? coverImage, resolution: sink.imageResolution)
            if bandIndex == span.upperBound - 1 { kept[elementIndex] = nil }
          case .cover(let cover):
            painter.drawCover(cairo, cover: cover)
            if !cover.title.isEmpty, bandIndex == span.lowerBound {
              sink.addBookmark(cover.title, x: cover.frame.x, y: cover.frame.y)
            }
          case .banner(let banner):
            painter.drawBanner(cairo, banner: banner, pageWidth: page.width)
            if !banner.title.isEmpty, bandIndex == span.lowerBound {
              sink.addBookmark(Markup.plainText(banner.title), x: banner.frame.x, y: banner.frame.y)
            }
          case .header(let text):
            painter.drawPageText(cairo, text, isFooter: false, fields: fields)
          case .footer(let text):
            painter.drawPageText(cairo, text, isFooter: true, onCover: onCover, fields: fields)
          case .entry(let entry):
            // A TOCI holds a Reference (ISO 32000-1, table 333), which holds the link.
            painter.tags.tableOfContentsItem {
              painter.tags.tag("Reference") {
                painter.tags.link(true) { painter.drawEntry(cairo, entry: entry) }
              }
            }
            if bandIndex == span.lowerBound {
              let target = entry.target
              sink.addLink(
                .page(target.page, x: target.x, y: target.y), rect: entry.frame,
                contents: "\(Markup.plainText(entry.text)) \(entry.pageNumber)")
            }
          }
        }
      }
      try sink.endPage()
      pagesToDraw.release(page: pageIndex)
      progress.pagesWritten = drawnIndex + 1
      onProgress?(progress)
    }
    painter.tags.endDocument()
    (sink as? PDFSink)?.figureTexts = painter.tags.figureTexts
    return try sink.finish()
  }

  /// What a card's link is, for a screen reader: its caption's first line, or the URI.
  static func linkDescription(_ caption: String, uri: String) -> String {
    let text = Markup.plainText(caption).split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
    return text.trimmingCharacters(in: .whitespaces).isEmpty ? uri : text
  }

  /// Tells ``onImagePlaced`` where `image` went, when the output embeds pictures.
  private func reportPlacement(
    _ image: PreparedImage?, source: (any ImageSource)?, box: Rect?, page: Int, resolution: ImageResolution
  ) {
    guard let onImagePlaced, let box, case .embedded = resolution,
      let placed = PlacedImage(image, source: source, box: box, page: page)
    else { return }
    onImagePlaced(placed)
  }

  /// The pages to draw: ``pages``, checked against the document's `count`, or all of them.
  private func pageIndices(of count: Int) throws -> [Int] {
    guard let pages else { return Array(0..<count) }
    guard !pages.isEmpty else { throw RenderError("no pages were chosen to draw") }
    for (position, page) in pages.enumerated() {
      guard (0..<count).contains(page) else {
        throw RenderError("page \(page + 1) is not in the document: it has \(count) pages")
      }
      guard position == 0 || pages[position - 1] < page else {
        throw RenderError("the pages to draw must be given in ascending order, each once")
      }
    }
    return pages
  }

  /// How far an element's drawing can reach beyond its frame (its shadow), in points.
  private var reach: Double {
    guard let shadow = style.shadow, shadow.opacity > 0 else { return 1 }
    return 2 * shadow.blur + max(abs(shadow.offsetX), abs(shadow.offsetY)) + 1
  }

  /// The job of the `n`th card with an image to decode, in the order the cards are first drawn,
  /// made when a worker starts it (before the card's page is drawn and released).
  private func imageJob(_ plan: DrawPlan, _ pagesToDraw: PagesToDraw, resolution: ImageResolution)
    -> @Sendable (Int) -> ImageJob
  {
    let maxPixels = output.maxPixels
    let jpegQuality = output.jpegQuality
    let cache = thumbnailCache
    return { n in
      let card = plan.cardsInDrawingOrder[n]
      let element = pagesToDraw.element(page: Int(card.page), element: Int(card.element))
      let item =
        element.kind == .picture
        ? RenderItem(path: pagesToDraw.coverImage) : pagesToDraw.card(element.item!)!.item
      var size: PixelSize?
      if case .embedded(nil) = resolution {
        size = nil
      } else {
        let pixels = CardPainter.pixelSize(of: element.image!, resolution: resolution, original: nil)
        size = PixelSize(width: pixels.width, height: pixels.height)
      }
      var isEmbedded = false
      if case .embedded = resolution { isEmbedded = true }
      return ImageJob(
        source: item.source!, pixelSize: size, isEmbedded: isEmbedded,
        maxPixels: maxPixels, jpegQuality: jpegQuality, cache: cache)
    }
  }

}

/// Which cards need an image decoded, and in which order they are first drawn when pages
/// are drawn band by band (top band first, elements in layout order within a band). Decided
/// once, before drawing; it holds nothing of the document but these positions.
private struct DrawPlan {
  var reach: Double
  /// Cards, and the cover's picture, in the order their images are first drawn: the page and
  /// element index of each (8 bytes a card, where the elements themselves took 200).
  var cardsInDrawingOrder: [(page: Int32, element: Int32)] = []

  /// The plan for drawing the document pages `pages`, each in the bands `bands` gives for its
  /// height.
  init(document: borrowing SheetDocument, pages: [Int], bands: (Double) -> [PageBand], reach: Double) {
    self.reach = reach
    for pageIndex in pages {
      let page = document.layout.pages[pageIndex]
      let pageBands = bands(page.height)
      let cards = page.elements.indices.filter { Self.hasJob(page.elements[$0], document: document) }
      // A stable sort: elements first drawn in the same band keep their layout order.
      let ordered = cards.sorted {
        (span(of: page.elements[$0], bands: pageBands).lowerBound, $0)
          < (span(of: page.elements[$1], bands: pageBands).lowerBound, $1)
      }
      cardsInDrawingOrder += ordered.map { (Int32(pageIndex), Int32($0)) }
    }
  }

  /// The bands (indices) that `element`, with its shadow, is drawn in.
  func span(of element: LayoutElement, bands: [PageBand]) -> Range<Int> {
    let top = element.frame.y - reach
    let bottom = element.frame.maxY + reach
    let first = bands.firstIndex { $0.overlaps(top: top, bottom: bottom) } ?? 0
    let last = bands.lastIndex { $0.overlaps(top: top, bottom: bottom) } ?? first
    return first..<(last + 1)
  }

  /// Whether job `n` is the image of element `element` on page `page`.
  func isJob(_ n: Int, page: Int, element: Int) -> Bool {
    guard cardsInDrawingOrder.indices.contains(n) else { return false }
    let card = cardsInDrawingOrder[n]
    return Int(card.page) == page && Int(card.element) == element
  }

  /// Refuses a document whose cards name items it does not have, or show one item twice: each
  /// item's render item and caption are released once its card is drawn (a layout read from
  /// JSON is only checked for gaps in its numbering).
  static func checkOneCardPerItem(_ document: borrowing SheetDocument) throws {
    var placed = [Bool](repeating: false, count: document.items.count)
    for (pageIndex, page) in document.layout.pages.enumerated() {
      for element in page.elements where element.kind == .card {
        guard let item = element.item else { continue }
        guard placed.indices.contains(item) else {
          throw RenderError(
            "page \(pageIndex + 1) shows item \(item + 1), but the document has \(document.items.count) items"
          )
        }
        guard !placed[item] else {
          throw RenderError(
            "item \(item + 1) is on two cards (the second on page \(pageIndex + 1)); each item has one card")
        }
        placed[item] = true
      }
    }
  }

  /// Whether `element` shows an image to decode: the cover's picture, or a card whose item
  /// names a file not known to have failed.
  private static func hasJob(_ element: LayoutElement, document: borrowing SheetDocument) -> Bool {
    if element.kind == .picture { return document.coverImage != nil && element.image != nil }
    guard element.kind == .card, element.image != nil, let index = element.item,
      document.items.indices.contains(index)
    else { return false }
    return document.items[index].source != nil && document.items[index].failure == nil
  }
}
