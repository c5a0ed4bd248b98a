import Foundation
import SheetImages
import SheetLayout
import SheetSupport
import TestSupport
import Testing

@testable import SheetRender

/// Memory that stays flat with the number of pages: what a page needs is released once it is
/// drawn, not held until the end of the document.
@Suite("Pages released once drawn")
struct PageReleaseTests {
  /// Holds an object without keeping it alive.
  final class Weak {
    weak var object: AnyObject?
    init(_ object: AnyObject) { self.object = object }
  }

  /// A document of `count` cards with their own header boxes (one a page or so), the page of
  /// each item, and weak references to the boxes: a box lives as long as its render item.
  static func document(count: Int) throws -> (SheetDocument, pageOfItem: [Int], boxes: [Weak]) {
    var fixture = SheetFixture()
    fixture.options.page = .paper(width: 200, height: 220)
    fixture.options.columns = .count(1)
    fixture.options.footer = PageMarginText(text: "{page} / {pages}")
    let photos = ["coffee.png", "rocket.jpg", "horse.png"].map(FixturePaths.photo)
    let cards = (0..<count).map {
      SheetFixture.Card(
        photos[$0 % photos.count], caption: "Product \($0 + 1)", link: "https://example.com/p/\($0)")
    }
    var document = try fixture.document(cards)
    var boxes: [Weak] = []
    for index in document.items.indices {
      let item = document.items[index]
      let box = Box(try #require(item.header))
      boxes.append(Weak(box))
      document.items[index] = RenderItem(path: item.path, link: item.link, sharedHeader: box)
    }
    return (document, document.layout.items.map(\.page), boxes)
  }

  /// Renders a fresh document to `output` and checks, after each page is written, that the
  /// render items of every card on the pages written are gone and those of the last page are
  /// still there.
  private func checkRelease(_ output: String, pages selection: [Int]? = nil) throws {
    let (document, pageOfItem, boxes) = try Self.document(count: 24)
    let pageCount = document.layout.pages.count
    #expect(pageCount >= 12)
    let drawn = selection ?? Array(0..<pageCount)
    var renderer = SheetRenderer()
    renderer.pages = selection
    var checkedPages = 0
    renderer.onProgress = { state in
      guard state.pagesWritten > checkedPages else { return }
      checkedPages = state.pagesWritten
      let written = Set(drawn.prefix(state.pagesWritten))
      for (item, page) in pageOfItem.enumerated() {
        if written.contains(page) {
          #expect(boxes[item].object == nil, "item \(item) on page \(page + 1) is still held after its page")
        } else if page == drawn.last! {
          #expect(boxes[item].object != nil, "item \(item) on the last page was released before it was drawn")
        }
      }
    }
    _ = try renderer.render(consume document, to: output)
    #expect(checkedPages == drawn.count)
    #expect(boxes.allSatisfy { $0.object == nil })
  }

  @Test("PDF: each page's render items are released once the page is drawn")
  func pdf() throws {
    try checkRelease(try FixturePaths.temporaryFolder().appendingPathComponent("sheet.pdf").path)
  }

  @Test("PNG pages: the same")
  func png() throws {
    try checkRelease(try FixturePaths.temporaryFolder().appendingPathComponent("sheet.png").path)
  }

  @Test("a shard (--pages): the same for the pages it draws")
  func shard() throws {
    try checkRelease(
      try FixturePaths.temporaryFolder().appendingPathComponent("part.pdf").path, pages: [2, 3, 4, 7, 8])
  }

  @Test("the store drops each page's elements, and each chunk of items once all its cards are drawn")
  func store() throws {
    let (document, pageOfItem, _) = try Self.document(count: 24)
    let pageCount = document.layout.pages.count
    let elements = document.layout.pages.map(\.elements.count)
    let store = PagesToDraw(document, chunkSize: 5)
    #expect(store.heldItems == 24)
    for page in 0..<pageCount {
      let before = store.heldElements
      let cards = pageOfItem.indices.filter { pageOfItem[$0] == page }
      for item in cards { #expect(store.card(item)?.caption == "Product \(item + 1)") }
      store.release(page: page)
      #expect(store.heldElements == before - elements[page])
      #expect(store.page(page).elements.isEmpty)
      for item in cards { #expect(store.card(item) == nil) }
      // Chunks are items 0–4, 5–9, …: one is dropped when its last card is drawn.
      let drawnItems = pageOfItem.filter { $0 <= page }.count
      #expect(store.heldItems == 24 - drawnItems / 5 * 5 - (drawnItems == 24 ? 4 : 0))
    }
    #expect(store.heldElements == 0 && store.heldItems == 0)
  }

  @Test("a document whose cards name an item twice, or one it lacks, is refused before drawing")
  func oneCardPerItem() throws {
    let output = try FixturePaths.temporaryFolder().appendingPathComponent("twice.pdf").path
    var (twice, _, _) = try Self.document(count: 3)
    let firstCard = try #require(twice.layout.pages[0].elements.firstIndex { $0.kind == .card })
    let secondPage = try #require(twice.layout.pages.indices.first { $0 > 0 })
    let other = try #require(twice.layout.pages[secondPage].elements.firstIndex { $0.kind == .card })
    var card = try #require(twice.layout.pages[secondPage].elements[other].card)
    card.item = try #require(twice.layout.pages[0].elements[firstCard].item)
    twice.layout.pages[secondPage].elements[other] = .card(card)
    #expect(throws: RenderError.self) { try SheetRenderer().render(twice, to: output) }
    var (short, _, _) = try Self.document(count: 3)
    short.items.removeLast()
    #expect(throws: RenderError.self) { try SheetRenderer().render(short, to: output) }
    #expect(!FileManager.default.fileExists(atPath: output))
  }
}
