import SheetLayout
import Testing

@Suite("Index pages in columns, and sections on odd pages")
struct IndexPagesTests {
  /// Forty items whose index terms are `Item 1`…`Item 40`, in reverse order.
  private let entries = (1...40).reversed().map {
    LayoutEntry.item(LayoutItem(pixelWidth: 100, pixelHeight: 100, indexTerm: "Item \($0)"))
  }

  @Test("index lines fill one column, then the next, sorted naturally (Item 2 before Item 10)")
  func columns() throws {
    var options = testOptions()
    // Content 310×280 pt; under the 18 pt title banner and its 5 pt gap, 18 lines of 14 pt.
    options.page = .paper(width: 330, height: 300)
    options.indexTitle = "Index"
    options.indexColumns = 2
    let layout = try layOut(entries, options)
    let indexPages = layout.pages.suffix(2)
    let first = indexPages.first!.elements.filter { $0.kind == .entry }
    let second = indexPages.last!.elements.filter { $0.kind == .entry }
    #expect(first.count == 36 && second.count == 4)
    #expect(first.map(\.text) == (1...36).map { "Item \($0)" })
    // Two columns of (310 − 18) ÷ 2 = 146 pt: the 19th line tops the second.
    #expect(first[0].frame == Rect(x: 10, y: 33, width: 146, height: 14))
    #expect(first[17].frame.y == 33 + 17 * 14)
    #expect(first[18].frame == Rect(x: 174, y: 33, width: 146, height: 14))
    // Automatic: one column on a page 310 pt wide (two need 2 × 180 + 18).
    options.indexColumns = nil
    let single = try layOut(entries, options).pages.last!.elements.filter { $0.kind == .entry }
    #expect(single.allSatisfy { $0.frame.x == 10 && $0.frame.width == 310 })
    options.indexColumns = 11
    #expect(throws: LayoutError.self) { try layOut(entries, options) }
  }

  @Test("odd-page sections leave an even page blank, counting the cover and contents")
  func oddPageSections() throws {
    var options = testOptions()
    options.sectionStart = .oddPage
    let sections = ["A", "B", "C"].map { item(100, 100, section: $0) }
    let plain = try layOut(sections, options)
    // A on page 1, a blank page 2, B on 3, blank 4, C on 5.
    #expect(plain.pages.map(\.elements.count) == [2, 0, 2, 0, 2])
    options.contentsTitle = "Contents"
    let withContents = try layOut(sections, options)
    // Contents on page 1: page 2 is left blank so A opens page 3.
    #expect(withContents.pages.map(\.elements.count) == [4, 0, 2, 0, 2, 0, 2])
    let numbers = withContents.pages[0].elements.filter { $0.kind == .entry }.compactMap(\.subtitle)
    #expect(numbers == ["3", "5", "7"])
    options.sectionStart = .page
    #expect(try layOut(sections, options).pages.map(\.elements.count) == [4, 2, 2, 2])
  }
}
