import Foundation
import SheetLayout
import TestSupport
import Testing

@testable import ContactSheet

/// `layout --json` is written by a streaming writer; whatever it writes must read back as the
/// same layout, field for field.
@Suite("The layout JSON, streamed")
struct LayoutExportTests {
  @Test("every element field, the item table, styles, fonts and metrics read back unchanged")
  func roundTrip() throws {
    var options = LayoutOptions(page: .paper(width: 300, height: 260), columns: .count(2))
    options.header = PageMarginText(text: "Head \"quoted\" {page}")
    options.maxImageHeight = 40
    options.imageFit = .letterbox
    let entries: [LayoutEntry] =
      [
        .banner(BannerContent(title: "Tables / <b>oak</b>", subtitle: "line\nbreak\ttab", section: "Tables"))
      ]
      + (0..<9).map { index in
        .item(
          LayoutItem(
            pixelWidth: 100 + index * 37, pixelHeight: index == 4 ? 2000 : 90 + index * 11,
            caption: index % 3 == 0 ? "" : "caption é 東京 \(index) \\ \u{1}", section: "Tables"))
      }
    var layout = try WaterfallLayout(options: options).layout(entries, measurer: FixedMeasurer())
    #expect(layout.pages.contains { $0.elements.contains { $0.imageArea != nil } })
    // One element of every kind with every field set: a field added to an element that the
    // writer leaves out fails here (the Mirror check makes whoever adds one set it below).
    let box = Rect(x: 1.5, y: 2.25, width: 3, height: 4.125)
    let other = Rect(x: 7, y: 8.5, width: 9, height: 10.75)
    let full: [LayoutElement] = [
      .card(
        CardElement(
          item: 0, column: 1, frame: box, image: other, caption: box, imageArea: other, qrCode: box,
          scaledToFit: true)),
      .banner(
        BannerElement(
          frame: box, titleFrame: other, title: "t", subtitle: "s", subtitleFrame: box, section: "Tables")),
      .header(PageTextElement(frame: box, text: "{page}")),
      .footer(PageTextElement(frame: other, text: "{title}")),
      .entry(
        EntryElement(
          frame: box, text: "Tables", pageNumber: "3", target: ElementTarget(page: 2, x: 5, y: 6.5))),
      .cover(
        CoverElement(frame: box, titleFrame: other, title: "Catalog", subtitle: "2026", subtitleFrame: box)),
      .picture(PictureElement(frame: other)),
    ]
    #expect(Set(full.map(\.kind)) == Set(ElementKind.allCases))
    for element in full {
      let fields = Mirror(reflecting: Mirror(reflecting: element).children.first!.value).children
      #expect(fields.allSatisfy { "\($0.value)" != "nil" }, "\(element)")
    }
    // The card takes the place of item 0's own card, so that the item table stays true.
    let first = layout.items[0]
    layout.pages[first.page].elements[first.element] = full[0]
    layout.pages[0].elements += full.dropFirst()

    let items = (0..<9).map { CatalogItem(path: "photos/p\($0).jpg") }
    let sheet = PreparedSheet(entries: entries, items: items, catalog: Catalog())
    let file = try FixturePaths.temporaryFolder().appendingPathComponent("layout.json")
    FileManager.default.createFile(atPath: file.path, contents: nil)
    let handle = try FileHandle(forWritingTo: file)
    try LayoutExport(layout: layout, sheet: sheet).write(to: handle)
    try handle.close()

    let decoded = try JSONDecoder().decode(Layout.self, from: Data(contentsOf: file))
    #expect(decoded.pages == layout.pages)
    #expect(decoded.metrics == layout.metrics)
    #expect(decoded.textStyles == layout.textStyles)
    #expect(decoded.fonts == layout.fonts)
    #expect(decoded.items.map(\.caption) == layout.items.map(\.caption))
    #expect(decoded.items.map(\.source) == items.map(\.path))
    #expect(decoded.items.map(\.page) == layout.items.map(\.page))
    #expect(decoded.items.map(\.element) == layout.items.map(\.element))
  }
}

/// Every text is one 10 pt line per 40 characters, 30 pt wide.
private struct FixedMeasurer: TextMeasuring {
  var fonts: FontSet { .system }

  func measure(_ text: String, style: TextStyle, width: Double) -> TextMeasurement {
    let lines = max(1, (text.count + 39) / 40)
    return TextMeasurement(width: 30, height: Double(lines) * 10, lineCount: lines, isTruncated: false)
  }
}
