import Foundation
import SheetLayout
import Testing

@Suite("Spatial index and item lookup")
struct PageIndexTests {
  @Test("a very tall card is found by a query far below its top")
  func tallCard() throws {
    var options = testOptions()
    options.page = .continuous(width: 330)
    // Item 0 is 100×10000 pixels: a card 9010 pt tall in column 0; many short cards beside it.
    let entries = [item(100, 10_000)] + Array(repeating: item(100, 100), count: 200)
    let layout = try layOut(entries, options)
    let index = PageIndex(layout.pages[0])
    let found = index.elements(in: Rect(x: 0, y: 5000, width: 330, height: 10))
    #expect(found.contains { $0.item == 0 })
    // Besides the tall card, exactly one card in each of the other two columns spans y 5000…5010.
    #expect(found.count == 3)
    // Elements sharing a column do not overlap, so they share a lane: three lanes here.
    #expect(index.laneCount == 3)
    // Touching edges do not count: the query ends exactly where the first short card starts.
    #expect(index.elements(in: Rect(x: 115, y: 0, width: 10, height: 10)).isEmpty)
  }

  @Test("elements sharing a horizontal extent but overlapping still are all found")
  func overlappingInput() {
    let frames = [
      Rect(x: 0, y: 0, width: 10, height: 100), Rect(x: 0, y: 10, width: 10, height: 10),
      Rect(x: 0, y: 50, width: 10, height: 100), Rect(x: 20, y: 0, width: 5, height: 5),
    ]
    let page = LayoutPage(
      width: 100, height: 200, elements: frames.map { .picture(PictureElement(frame: $0)) })
    let index = PageIndex(page)
    #expect(index.indices(in: Rect(x: 0, y: 60, width: 100, height: 1)) == [0, 2])
    #expect(index.indices(in: Rect(x: 5, y: 12, width: 1, height: 1)) == [0, 1])
    #expect(index.indices(in: Rect(x: 0, y: 0, width: 100, height: 200)) == [0, 1, 2, 3])
  }

  @Test("element by item index comes from the item table")
  func itemLookup() throws {
    let layout = try layOut((0..<10).map { _ in item(100, 100) }, testOptions())
    for index in 0..<10 { #expect(layout.element(forItem: index)?.item == index) }
    #expect(layout.element(forItem: 10) == nil)
    #expect(layout.element(forItem: -1) == nil)
    #expect(layout.items[4] == PlacedItem(width: 100, height: 100, page: 0, element: 4))
  }

  @Test("JSON round-trips, and JSON whose items carry other fields rebuilds the item table")
  func jsonRoundTrip() throws {
    var options = testOptions()
    options.page = .paper(width: 330, height: 250)
    let layout = try layOut((0..<8).map { _ in item(100, 100) }, options)
    let data = try JSONEncoder().encode(layout)
    #expect(try JSONDecoder().decode(Layout.self, from: data) == layout)
    var object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    object["items"] = (0..<8).map { ["source": "p\($0).jpg", "caption": "c", "width": 100, "height": 100] }
    let decoded = try JSONDecoder().decode(Layout.self, from: JSONSerialization.data(withJSONObject: object))
    #expect(
      decoded.items[7]
        == PlacedItem(source: "p7.jpg", width: 100, height: 100, caption: "c", page: 1, element: 1))
  }
}
