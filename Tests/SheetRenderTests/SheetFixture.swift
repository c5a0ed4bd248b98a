import Foundation
import SheetImages
import SheetLayout
import SheetRender
import SheetText
import TestSupport

/// Builds small documents for rendering tests: items read like the CLI reads them (the
/// oriented header size, 4:3 for files that cannot be read), laid out with pinned fonts.
struct SheetFixture {
  struct Card {
    var path: String
    var caption: String
    var section: String?
    var link: String?

    init(_ path: String, caption: String? = nil, section: String? = nil, link: String? = nil) {
      self.path = path
      self.caption = caption ?? URL(fileURLWithPath: path).lastPathComponent
      self.section = section
      self.link = link
    }
  }

  var options = LayoutOptions(
    page: .continuous(width: 360), margins: EdgeInsets(all: 12), columns: .count(3), gutter: 10,
    rowGap: 10, padding: 5, captionStyle: TextStyle(font: "DejaVu Sans 7", isMarkup: true, maxLines: 2))

  /// The date tests print and stamp (2000-01-01): a document's own date is the day it is made.
  static let fixedDate = Date(timeIntervalSince1970: 946_684_800)

  func document(_ cards: [Card], info: DocumentInfo = DocumentInfo(creationDate: fixedDate)) throws
    -> SheetDocument
  {
    var entries: [LayoutEntry] = []
    var items: [RenderItem] = []
    var section: String?
    for card in cards {
      if let name = card.section, name != section {
        entries.append(.banner(BannerContent(title: name, subtitle: "Section \(name.prefix(1))")))
        section = name
      }
      let header = try? ImageReader.header(path: card.path)
      entries.append(
        .item(
          LayoutItem(
            pixelWidth: header?.width ?? 4, pixelHeight: header?.height ?? 3, caption: card.caption,
            link: card.link)))
      items.append(RenderItem(path: card.path, link: card.link, header: header))
    }
    let layout = try WaterfallLayout(options: options).layout(
      entries, measurer: try TextEngine(fonts: .testFonts))
    return SheetDocument(layout: layout, items: items, info: info)
  }

  /// Renders `cards` as a PNG at `dpi` into a new folder and returns its path.
  func renderPNG(
    _ cards: [Card], style: RenderStyle = RenderStyle(), dpi: Double = 144, name: String = #function
  ) throws -> String {
    let output = try FixturePaths.temporaryFolder(name).appendingPathComponent("sheet.png").path
    _ = try SheetRenderer(style: style, output: OutputSettings(dpi: dpi)).render(
      try document(cards), to: output)
    return output
  }

  static func fixture(_ relative: String) -> String {
    FixturePaths.fixtures.appendingPathComponent(relative).path
  }
}
