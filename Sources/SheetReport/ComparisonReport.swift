import CPangoCairo
import Foundation
import SheetCompare
import SheetDiff
import SheetImages
import SheetLayout
import SheetRender
import SheetSupport
import SheetText

/// The review sheet for a failed comparison: a PDF laid out by ContactSheet's waterfall with a
/// summary banner on top and one card per failure (expected, actual and diff side by side,
/// captioned with the name and the pixel counts), and a bookmark per failure.
///
/// Drawn here rather than by `SheetRenderer` because each card holds three images and the
/// renderer has no outline (bookmark) support yet.
public struct ComparisonReport {
  /// Page, margins, one column, and the caption and banner text styles.
  public var options: LayoutOptions
  /// The fonts the captions are set in; the machine's by default.
  public var fonts: FontSet

  /// A4 pages, two columns of cards packed by the waterfall (a tall card does not leave the
  /// rest of a page empty).
  public init(fonts: FontSet = .system) {
    options = LayoutOptions(
      page: .named("a4")!, margins: EdgeInsets(all: 28), columns: .count(2), gutter: 12, rowGap: 12,
      padding: 6,
      captionGap: 6, captionStyle: TextStyle(font: "DejaVu Sans 8", isMarkup: true),
      bannerStyle: TextStyle(font: "DejaVu Sans Bold 16"),
      bannerSubtitleStyle: TextStyle(font: "DejaVu Sans 9"))
    self.fonts = fonts
  }

  /// Writes the report for `summary` and its failure `cards` to `path` (a PDF), atomically.
  public func render(_ summary: ComparisonSummary, cards: [ReportCard], to path: String) throws {
    let text = try TextEngine(fonts: fonts)
    var entries: [LayoutEntry] = [.banner(Self.banner(summary))]
    for card in cards {
      let (width, height) = Self.compositeSize(card)
      entries.append(.item(LayoutItem(pixelWidth: width, pixelHeight: height, caption: card.captionMarkup)))
    }
    let layout: Layout
    do {
      layout =
        cards.isEmpty
        ? bannerOnly(Self.banner(summary), text: text)
        : try WaterfallLayout(options: options).layout(entries, measurer: text)
    } catch {
      throw ImageError(path: path, reason: "cannot lay out the report: \(error)")
    }
    let info = DocumentInfo(title: "ContactSheet comparison report")
    let sink = try PDFSink(path: path, info: info, ppi: nil)
    for page in layout.pages {
      let cairo = try sink.beginPage(width: page.width, height: page.height)
      Self.fill(cairo, Rect(x: 0, y: 0, width: page.width, height: page.height), grey: 0.96)
      for element in page.elements {
        switch element.kind {
        case .banner:
          drawBanner(cairo, element, text: text)
        case .card:
          guard let index = element.item, cards.indices.contains(index) else { continue }
          drawCard(cairo, element, card: cards[index], text: text)
          sink.addBookmark(cards[index].title, x: element.frame.x, y: element.frame.y)
        case .header, .footer, .entry, .cover, .picture:
          break
        }
      }
      try sink.endPage()
    }
    _ = try sink.finish()
  }

  /// One page with the banner alone (the waterfall needs at least one card).
  private func bannerOnly(_ banner: BannerContent, text: TextEngine) -> Layout {
    let page = options.page
    let height = if case .paper(_, let height) = page { height } else { 200.0 }
    let width = page.width - options.margins.left - options.margins.right
    let titleHeight = text.measure(banner.title, style: options.bannerStyle, width: width).height
    let subtitle = banner.subtitle ?? ""
    let subtitleHeight = text.measure(subtitle, style: options.bannerSubtitleStyle, width: width).height
    let title = Rect(x: options.margins.left, y: options.margins.top, width: width, height: titleHeight)
    let subtitleFrame = Rect(x: title.x, y: title.maxY + 2, width: width, height: subtitleHeight)
    let element = LayoutElement(
      kind: .banner, frame: Rect(x: title.x, y: title.y, width: width, height: subtitleFrame.maxY - title.y),
      caption: title, text: banner.title, subtitle: banner.subtitle, subtitleFrame: subtitleFrame)
    return Layout(
      pages: [LayoutPage(width: page.width, height: height, elements: [element])],
      metrics: LayoutMetrics(whitespace: 1, columnSpread: 0, maxDisplacement: 0, scaledToFit: 0))
  }

  static let placeholderStyle = TextStyle(font: "DejaVu Sans 8", maxLines: 1, alignment: .center)

  static func banner(_ summary: ComparisonSummary) -> BannerContent {
    BannerContent(
      title: summary.tally,
      subtitle: "expected \(summary.expected) · actual \(summary.actual) · \(summary.budget)")
  }

  /// The pixel size the layout reserves for a card's panels: three side by side, and the
  /// enlarged crops in a second row when there are some.
  static func compositeSize(_ card: ReportCard) -> (width: Int, height: Int) {
    let rows = panelRows(card)
    return (
      rows.panelWidth * 3 + 2 * rows.gap, rows.height + (rows.zoomHeight.map { rows.gap + $0 } ?? 0)
    )
  }

  /// Panel width, top row height, gap, and the zoom row's height, in composite pixels.
  static func panelRows(_ card: ReportCard) -> (panelWidth: Int, height: Int, gap: Int, zoomHeight: Int?) {
    let images = card.panels.compactMap { $0 }
    let width = images.map(\.width).max() ?? 400
    let height = images.map(\.height).max() ?? 300
    let zoomHeight = card.zoom.map { min(height * 3 / 2, width * $0.height / max(1, $0.width)) }
    // A gap of a tenth of a panel keeps the panels, and the enlarged crops under them, apart.
    return (width, height, width / 10, zoomHeight)
  }

  private func drawBanner(_ cairo: OpaquePointer, _ element: LayoutElement, text: TextEngine) {
    cairo_set_source_rgb(cairo, 0.1, 0.1, 0.1)
    if let title = element.text, let box = element.caption {
      text.draw(title, style: options.bannerStyle, in: box, cairo: cairo)
    }
    cairo_set_source_rgb(cairo, 0.4, 0.4, 0.4)
    if let subtitle = element.subtitle, let box = element.subtitleFrame {
      text.draw(subtitle, style: options.bannerSubtitleStyle, in: box, cairo: cairo)
    }
  }

  private func drawCard(_ cairo: OpaquePointer, _ element: LayoutElement, card: ReportCard, text: TextEngine)
  {
    Self.fill(cairo, element.frame, grey: 1)
    cairo_set_source_rgb(cairo, 0.85, 0.85, 0.85)
    cairo_set_line_width(cairo, 0.5)
    cairo_rectangle(
      cairo, element.frame.x + 0.25, element.frame.y + 0.25, element.frame.width - 0.5,
      element.frame.height - 0.5)
    cairo_stroke(cairo)
    if let box = element.image {
      let rows = Self.panelRows(card)
      let scale = box.width / Double(rows.panelWidth * 3 + 2 * rows.gap)
      let gap = Double(rows.gap) * scale
      let panelWidth = (box.width - 2 * gap) / 3
      let topHeight = Double(rows.height) * scale
      for (index, panel) in card.panels.enumerated() {
        let slot = Rect(
          x: box.x + Double(index) * (panelWidth + gap), y: box.y, width: panelWidth, height: topHeight)
        if let panel {
          Self.draw(panel, cairo, fitting: slot)
        } else {
          Self.fill(cairo, slot, grey: 0.9)
          cairo_set_source_rgb(cairo, 0.45, 0.45, 0.45)
          let label = Rect(x: slot.x + 8, y: slot.y + slot.height / 2 - 6, width: slot.width - 16, height: 12)
          text.draw(card.placeholder(for: index), style: Self.placeholderStyle, in: label, cairo: cairo)
        }
      }
      if let zoomHeight = rows.zoomHeight {
        for (index, panel) in card.zoomPanels.enumerated() {
          guard let panel else { continue }
          let slot = Rect(
            x: box.x + Double(index) * (panelWidth + gap), y: box.y + topHeight + gap, width: panelWidth,
            height: Double(zoomHeight) * scale)
          Self.draw(panel, cairo, fitting: slot, sharp: true)
        }
      }
    }
    if let box = element.caption {
      cairo_set_source_rgb(cairo, 0.2, 0.2, 0.2)
      text.draw(card.captionMarkup, style: options.captionStyle, in: box, cairo: cairo)
    }
  }

  private static func fill(_ cairo: OpaquePointer, _ rect: Rect, grey: Double) {
    cairo_set_source_rgb(cairo, grey, grey, grey)
    cairo_rectangle(cairo, rect.x, rect.y, rect.width, rect.height)
    cairo_fill(cairo)
  }

  /// Draws `image` as large as fits in `slot`, centred; `sharp` shows enlarged pixels as
  /// squares.
  private static func draw(
    _ image: RasterImage, _ cairo: OpaquePointer, fitting slot: Rect, sharp: Bool = false
  ) {
    let scale = min(slot.width / Double(image.width), slot.height / Double(image.height))
    let width = Double(image.width) * scale
    let height = Double(image.height) * scale
    let x = slot.x + (slot.width - width) / 2
    let y = slot.y + (slot.height - height) / 2
    var pixels = image.pixels
    pixels.withUnsafeMutableBytes { bytes in
      let surface = cairo_image_surface_create_for_data(
        bytes.baseAddress!.assumingMemoryBound(to: UInt8.self),
        image.hasAlpha ? CAIRO_FORMAT_ARGB32 : CAIRO_FORMAT_RGB24,
        Int32(image.width), Int32(image.height), Int32(image.stride))
      defer { cairo_surface_destroy(surface) }
      cairo_save(cairo)
      cairo_translate(cairo, x, y)
      cairo_scale(cairo, scale, scale)
      cairo_set_source_surface(cairo, surface, 0, 0)
      cairo_pattern_set_filter(
        cairo_get_source(cairo), sharp && scale > 1 ? CAIRO_FILTER_NEAREST : CAIRO_FILTER_GOOD)
      cairo_paint(cairo)
      cairo_restore(cairo)
      // The PDF surface copies the pixels when the page is finished; finish it now, while
      // they still exist.
      cairo_surface_finish(surface)
    }
  }
}
