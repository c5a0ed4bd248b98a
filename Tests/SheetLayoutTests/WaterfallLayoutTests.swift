import SheetLayout
import Testing

@Suite("Waterfall layout")
struct WaterfallLayoutTests {
  /// A 330×1000 pt page, 10 pt margins, 3 columns of 100 pt with 5 pt gutters, 5 pt padding:
  /// every image is 90 pt wide inside its card.
  private func options() -> LayoutOptions {
    LayoutOptions(
      page: .paper(width: 330, height: 1000), margins: EdgeInsets(all: 10), columns: .count(3),
      gutter: 5, rowGap: 5, padding: 5, captionGap: 2,
      captionStyle: TextStyle(font: "Fake 10", maxLines: 2), bannerStyle: TextStyle(font: "Fake 20"),
      bannerPadding: 4)
  }

  @Test("each card goes to the shortest column, ties to the leftmost")
  func shortestColumn() throws {
    // Images 90 pt wide: heights 90, 45, 180, 90 pt; captions of 3 characters: one 10 pt line.
    let items = [(100, 100), (200, 100), (50, 100), (100, 100)].map {
      LayoutEntry.item(LayoutItem(pixelWidth: $0.0, pixelHeight: $0.1, caption: "abc"))
    }
    let layout = try WaterfallLayout(options: options()).layout(items, measurer: FakeMeasurer())
    let cards = layout.pages[0].elements
    #expect(layout.pages.count == 1)
    #expect(cards.map(\.column) == [0, 1, 2, 1])
    // Card height = 5 + image + 2 + 10 + 5.
    #expect(cards[0].frame == Rect(x: 10, y: 10, width: 100, height: 112))
    #expect(cards[1].frame == Rect(x: 115, y: 10, width: 100, height: 67))
    #expect(cards[2].frame == Rect(x: 220, y: 10, width: 100, height: 202))
    // Column 1's bottom (10 + 67 + 5 = 82) is the highest.
    #expect(cards[3].frame == Rect(x: 115, y: 82, width: 100, height: 112))
    #expect(cards[3].image == Rect(x: 120, y: 87, width: 90, height: 90))
    #expect(cards[3].caption == Rect(x: 120, y: 179, width: 90, height: 10))
  }

  @Test("a section change puts a full-width banner below the lowest column")
  func sectionBanner() throws {
    let entries: [LayoutEntry] = [
      .item(LayoutItem(pixelWidth: 100, pixelHeight: 100, section: "Birds")),
      .item(LayoutItem(pixelWidth: 100, pixelHeight: 200, section: "Birds")),
      .item(LayoutItem(pixelWidth: 100, pixelHeight: 100, section: "Cats")),
    ]
    let layout = try WaterfallLayout(options: options()).layout(entries, measurer: FakeMeasurer())
    let elements = layout.pages[0].elements
    #expect(elements.map(\.kind) == [.banner, .card, .card, .banner, .card])
    // First banner: 4 + 10 + 4 = 18 pt tall ("Birds" fits on one 10 pt line).
    #expect(elements[0].frame == Rect(x: 10, y: 10, width: 310, height: 18))
    // Cards start 5 pt below it; the tall card (90×180 image, no caption) ends at 33 + 190.
    #expect(elements[2].frame == Rect(x: 115, y: 33, width: 100, height: 190))
    // The second banner sits below the lowest column (223 + 5), and every column restarts under it.
    #expect(elements[3].frame.y == 228)
    #expect(elements[4].frame == Rect(x: 10, y: 251, width: 100, height: 100))
  }

  @Test("a card that does not fit starts a new page with empty columns")
  func pageBreak() throws {
    var small = options()
    small.page = .paper(width: 330, height: 250)  // 230 pt of content height.
    // Each card is 5 + 90 + 5 = 100 pt; two fit in a column (100 + 5 + 100 = 205 ≤ 230).
    let items = (0..<7).map { _ in LayoutEntry.item(LayoutItem(pixelWidth: 100, pixelHeight: 100)) }
    let layout = try WaterfallLayout(options: small).layout(items, measurer: FakeMeasurer())
    #expect(layout.pages.count == 2)
    #expect(layout.pages[0].elements.count == 6)
    #expect(layout.pages[1].elements.map(\.item) == [6])
    #expect(layout.pages[1].elements[0].frame == Rect(x: 10, y: 10, width: 100, height: 100))
  }

  @Test("bad options give a message that names the setting")
  func badOptions() {
    var zeroColumns = options()
    zeroColumns.columns = .count(0)
    #expect(throws: LayoutError.self) {
      try WaterfallLayout(options: zeroColumns).layout([], measurer: FakeMeasurer())
    }
    var hugeMargins = options()
    hugeMargins.margins = EdgeInsets(all: 400)
    do {
      _ = try WaterfallLayout(options: hugeMargins).layout([], measurer: FakeMeasurer())
      Issue.record("expected an error")
    } catch {
      #expect((error as? LayoutError)?.setting == .margin)
      #expect("\(error)".hasPrefix("margin: the margins leave no room"))
    }
  }
}
