import Foundation
import SheetImages
import SheetLayout
import SheetRender
import SheetText
import TestSupport
import Testing

/// Lays out with a real Pango engine and renders through the public library API alone, then
/// draws every text of the layout by itself on a blank page and checks that its ink stays in
/// the box the layout measured for it, and reaches that box's last line: text drawn in another
/// style than it was measured in either overflows its box or leaves part of it empty.
@Suite("Text is drawn in the boxes the layout measured for it")
struct TextFitTests {
  /// Device pixels per point (144 dpi).
  static let scale = 2.0
  /// How far anti-aliasing and italic overhangs may reach outside a box, in points.
  static let allowance = 1.0
  /// How far above its box's bottom a text's ink may end, in points: every text here has
  /// descenders in its last line, which end within 0.4 pt of the line's bottom in DejaVu at
  /// 7–13 pt, while a font half a point smaller moves the last of three lines up by 1.7 pt.
  static let fillTolerance = 1.0

  static let captions = [
    "<b>Gypsy jumping</b> quietly over the lazy yak, a caption that goes on past three lines so that the ellipsis ends it, and nothing more",
    "<i>Italic typography, jumping</i> quietly by gypsy yaks, happily pyjama-clad, jogging",
    "Line one, plainly\n<span size=\"larger\">Bigger glyphs jump</span>\nthe third line, quietly",
    "Plain gypsy",
    "&lt;escaped&gt; &amp; “quotes” — jumping, apostrophe’s gap",
    "<b>Bold</b> and <span font=\"DejaVu Serif\">serif typography</span> mixed, happily",
  ]

  static func options() -> LayoutOptions {
    var options = LayoutOptions(
      page: .paper(width: 320, height: 420), margins: EdgeInsets(all: 20), columns: .count(3), gutter: 10,
      rowGap: 10, padding: 5, captionStyle: TextStyle(font: "DejaVu Sans 7", isMarkup: true, maxLines: 3),
      bannerStyle: TextStyle(font: "DejaVu Sans Bold 13"),
      bannerSubtitleStyle: TextStyle(font: "DejaVu Serif 8"))
    // No line limit in the header's style: the layout makes headers and footers one line.
    options.header = PageMarginText(
      text: "{title} · page {page} of {pages}|{date}", style: TextStyle(font: "DejaVu Sans 8"))
    options.footer = PageMarginText(
      text: "Typeset quietly {date}|{page} of {pages}", style: TextStyle(font: "DejaVu Serif 7"))
    return options
  }

  /// A banner with a subtitle, then captioned items, a section change half-way.
  static func entries() -> [LayoutEntry] {
    var entries: [LayoutEntry] = [
      .banner(
        BannerContent(
          title: "A banner title long enough to wrap onto a second line, with jumping glyphs",
          subtitle: "Its subtitle, quietly typeset in a serif, long enough to wrap on a narrow page"))
    ]
    let sizes = [(640, 427), (427, 640), (600, 600), (800, 300), (512, 600)]
    for index in 0..<14 {
      let size = sizes[index % sizes.count]
      entries.append(
        .item(
          LayoutItem(
            pixelWidth: size.0, pixelHeight: size.1, caption: captions[index % captions.count],
            section: index < 7 ? nil : "Quietly yapping dogs")))
    }
    return entries
  }

  @Test("every caption, banner title and subtitle, header and footer stays in its box and fills it")
  func textFitsItsBox() throws {
    let layout = try WaterfallLayout(options: Self.options()).layout(
      Self.entries(), measurer: TextEngine(fonts: .testFonts))
    #expect(layout.fonts == .testFonts)
    #expect(layout.textStyles == TextStyles(options: Self.options()))
    #expect(layout.pages.count >= 2)
    let items = layout.items.map { _ in RenderItem(path: nil) }
    let info = DocumentInfo(
      title: "A document title long enough that the header has to end it with an ellipsis, on and on",
      creationDate: SheetFixture.fixedDate)
    let folder = try FixturePaths.temporaryFolder()
    // White on white, nothing around the cards: every pixel that is not white is text.
    let renderer = SheetRenderer(
      style: RenderStyle(
        pageBackground: .white, cardBackground: .white, cornerRadius: 0, shadow: nil, border: nil),
      output: OutputSettings(dpi: 72 * Self.scale))
    var checked: [ElementKind: Int] = [:]
    var rendered = 0
    for page in layout.pages {
      for element in page.elements {
        for piece in TextPiece.pieces(of: element, items: layout.items) {
          var single = layout
          single.pages = [LayoutPage(width: page.width, height: page.height, elements: [piece.element])]
          let path = folder.appendingPathComponent("piece-\(rendered).png").path
          rendered += 1
          _ = try renderer.render(
            SheetDocument(layout: single, items: items, info: info), to: path)
          let ink = try Self.inkBounds(path, ignoring: piece.hairline)
          let name = "\(piece.name) “\(piece.text)”"
          guard let ink else {
            Issue.record("\(name) drew nothing")
            continue
          }
          let box = piece.box
          #expect(ink.x >= box.x - Self.allowance, "\(name) starts left of its box: \(ink) in \(box)")
          #expect(ink.maxX <= box.maxX + Self.allowance, "\(name) ends right of its box: \(ink) in \(box)")
          #expect(ink.y >= box.y - Self.allowance, "\(name) starts above its box: \(ink) in \(box)")
          #expect(ink.maxY <= box.maxY + Self.allowance, "\(name) overflows its box: \(ink) in \(box)")
          #expect(
            ink.maxY >= box.maxY - Self.fillTolerance,
            "\(name) leaves its box's last line empty: \(ink) in \(box)")
          checked[element.kind, default: 0] += 1
        }
      }
    }
    #expect(checked[.card, default: 0] == 14)
    #expect(checked[.banner, default: 0] == 3)  // The given banner's title and subtitle, the section's title.
    #expect(checked[.header, default: 0] == layout.pages.count)
    #expect(checked[.footer, default: 0] == layout.pages.count)
  }

  /// The bounding box, in points, of the pixels of the PNG at `path` that are not white, leaving
  /// out those in `ignored` (a banner's hairline); nil when there are none.
  static func inkBounds(_ path: String, ignoring ignored: Rect?) throws -> Rect? {
    let image = try ImageReader.decode(path: path)
    var minX = Int.max
    var minY = Int.max
    var maxX = -1
    var maxY = -1
    for y in 0..<image.height {
      for x in 0..<image.width {
        let offset = y * image.stride + x * 4
        let white =
          image.pixels[offset] == 255 && image.pixels[offset + 1] == 255 && image.pixels[offset + 2] == 255
        guard !white else { continue }
        if let ignored, ignored.contains(x: (Double(x) + 0.5) / scale, y: (Double(y) + 0.5) / scale) {
          continue
        }
        minX = min(minX, x)
        minY = min(minY, y)
        maxX = max(maxX, x)
        maxY = max(maxY, y)
      }
    }
    guard maxX >= 0 else { return nil }
    return Rect(
      x: Double(minX) / scale, y: Double(minY) / scale, width: Double(maxX - minX + 1) / scale,
      height: Double(maxY - minY + 1) / scale)
  }
}

/// One text of a layout element, as an element that draws only that text.
private struct TextPiece {
  var name: String
  var text: String
  var element: LayoutElement
  /// The box the layout measured the text for.
  var box: Rect
  /// For banners: the hairline drawn along the frame's bottom (with a pixel either side).
  var hairline: Rect?

  static func pieces(of element: LayoutElement, items: [PlacedItem]) -> [TextPiece] {
    switch element {
    case .card(var card):
      guard !items[card.item].caption.isEmpty else { return [] }
      // The image (a placeholder here) is moved off the page: only the caption inks it.
      card.image = Rect(x: 0, y: -10_000, width: 1, height: 1)
      card.imageArea = nil
      return [
        TextPiece(
          name: "caption \(card.item)", text: items[card.item].caption, element: .card(card),
          box: card.caption)
      ]
    case .banner(let banner):
      let frame = banner.frame
      let hairline = Rect(x: frame.x - 1, y: frame.maxY - 1.5, width: frame.width + 2, height: 2.5)
      var titleAlone = banner
      titleAlone.subtitle = nil
      titleAlone.subtitleFrame = nil
      var pieces = [
        TextPiece(
          name: "banner title", text: banner.title, element: .banner(titleAlone), box: banner.titleFrame,
          hairline: hairline)
      ]
      if let subtitle = banner.subtitle, let box = banner.subtitleFrame {
        var alone = banner
        alone.title = ""
        pieces.append(
          TextPiece(
            name: "banner subtitle", text: subtitle, element: .banner(alone), box: box, hairline: hairline))
      }
      return pieces
    case .header, .footer, .entry:
      return [
        TextPiece(name: element.kind.rawValue, text: element.text ?? "", element: element, box: element.frame)
      ]
    case .cover, .picture:
      return []
    }
  }
}

extension Rect {
  fileprivate func contains(x pointX: Double, y pointY: Double) -> Bool {
    pointX >= x && pointX <= maxX && pointY >= y && pointY <= maxY
  }
}
