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
/// captioned with the name and the pixel counts), and a bookmark for the summary and for each
/// failure. Drawn by
/// `SheetRenderer`, each card's panels one picture (``ReportPanels``) embedded without loss.
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

  /// Plain cards on a light grey page: white, square, a hairline round each, no shadow.
  static let style = RenderStyle(
    pageBackground: Color(parsing: "#f5f5f5")!, cardBackground: .white,
    captionColor: Color(parsing: "#333333")!,
    bannerColor: Color(parsing: "#1a1a1a")!, bannerSubtitleColor: Color(parsing: "#666666")!, cornerRadius: 0,
    shadow: nil, border: Border(width: 0.5, color: Color(parsing: "#d9d9d9")!))

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
    let items = cards.map { RenderItem(source: ReportPanels(card: $0), bookmark: $0.title) }
    let document = SheetDocument(
      layout: layout, items: items, info: DocumentInfo(title: "ContactSheet comparison report"))
    _ = try SheetRenderer(style: Self.style, output: OutputSettings(ppi: nil)).render(document, to: path)
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
    let element = LayoutElement.banner(
      BannerElement(
        frame: Rect(x: title.x, y: title.y, width: width, height: subtitleFrame.maxY - title.y),
        titleFrame: title,
        title: banner.title, subtitle: banner.subtitle, subtitleFrame: subtitleFrame))
    return Layout(
      pages: [LayoutPage(width: page.width, height: height, elements: [element])],
      metrics: LayoutMetrics(whitespace: 1, columnSpread: 0, maxDisplacement: 0, scaledToFit: 0),
      textStyles: TextStyles(options: options), fonts: fonts)
  }

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
}
