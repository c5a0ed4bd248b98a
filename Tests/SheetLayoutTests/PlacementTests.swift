import SheetLayout
import Testing

@Suite("Placement rules and directions")
struct PlacementTests {
  /// Image heights at 90 pt wide: 90, 45, 180, 90; one 10 pt caption line each, so cards are
  /// 112, 67, 202 and 112 pt tall.
  private let entries = [(100, 100), (200, 100), (50, 100), (100, 100)].map { item($0.0, $0.1, "abc") }

  @Test("order placement goes round robin even when another column is shorter")
  func orderPlacement() throws {
    var options = testOptions()
    options.placement = .order
    let placed = cards(try layOut(entries, options).pages[0])
    #expect(placed.map(\.column) == [0, 1, 2, 0])
    // Column 0's bottom is 10 + 112 + 5 = 127, although column 1 (82) is higher.
    #expect(placed[3].frame == Rect(x: 10, y: 127, width: 100, height: 112))
  }

  @Test("order placement starts a new page when its column is full, restarting at column 0")
  func orderPageBreak() throws {
    var options = testOptions()
    options.page = .paper(width: 330, height: 250)  // Content from y 10 to 240.
    // Cards of 190, 100, 100, 100, 100 pt. Round robin sends card 3 to column 0, whose bottom
    // (205) leaves no room; the shortest rule sends it to column 1 (bottom 115) instead.
    let input = [item(100, 200), item(100, 100), item(100, 100), item(100, 100), item(100, 100)]
    let shortest = try layOut(input, options)
    #expect(shortest.pages.map { cards($0).map(\.column) } == [[0, 1, 2, 1, 2]])
    options.placement = .order
    let ordered = try layOut(input, options)
    #expect(ordered.pages.map { cards($0).map(\.column) } == [[0, 1, 2], [0, 1]])
    #expect(ordered.pages[1].elements[1].frame == Rect(x: 115, y: 10, width: 100, height: 100))
  }

  @Test("a minimum column width derives the column count")
  func minimumColumnWidth() throws {
    var options = testOptions()
    options.columns = .minimumWidth(100)  // (310 + 5) / (100 + 5) = 3 columns of 100 pt.
    #expect(cards(try layOut([item(100, 100)], options).pages[0])[0].frame.width == 100)
    options.columns = .minimumWidth(101)  // Only 2 fit: 152.5 pt each.
    #expect(cards(try layOut([item(100, 100)], options).pages[0])[0].frame.width == 152.5)
    options.columns = .minimumWidth(5000)  // Wider than the page: one column.
    #expect(cards(try layOut([item(100, 100)], options).pages[0])[0].frame.width == 310)
  }

  @Test("right to left mirrors the columns: the first card stands on the right")
  func rightToLeft() throws {
    var options = testOptions()
    options.direction = .rtl
    let placed = cards(try layOut(entries, options).pages[0])
    #expect(placed.map(\.column) == [2, 1, 0, 1])
    #expect(placed[0].frame == Rect(x: 220, y: 10, width: 100, height: 112))
    #expect(placed[2].frame == Rect(x: 10, y: 10, width: 100, height: 202))
    #expect(placed[3].frame == Rect(x: 115, y: 82, width: 100, height: 112))
    #expect(placed[3].image == Rect(x: 120, y: 87, width: 90, height: 90))
    #expect(placed[3].caption == Rect(x: 120, y: 179, width: 90, height: 10))
  }

  @Test("right to left mirrors every box of a card, its QR code included")
  func rightToLeftQRCode() throws {
    var options = testOptions()
    options.qrCodeSize = 40
    let linked = (0..<4).map {
      LayoutEntry.item(LayoutItem(pixelWidth: 100, pixelHeight: 100, link: "https://example.com/\($0)"))
    }
    let leftToRight = cards(try layOut(linked, options).pages[0])
    options.direction = .rtl
    let rightToLeft = cards(try layOut(linked, options).pages[0])
    #expect(rightToLeft.count == 4)
    for (ltr, rtl) in zip(leftToRight, rightToLeft) {
      let qr = try #require(rtl.qrCode)
      #expect(
        qr.x >= rtl.frame.x && qr.maxX <= rtl.frame.maxX && qr.y >= rtl.frame.y && qr.maxY <= rtl.frame.maxY)
      // Mirrored in the content box (10…320): the code's right edge sits where its left one was.
      let mirroredX = 2 * 10 + 310 - ltr.qrCode!.maxX
      #expect(abs(qr.x - mirroredX) < 1e-9)
    }
  }

  @Test("sub-tolerance differences between column bottoms go to the first column")
  func levelTolerance() throws {
    // 100×100 and 1000×1004 pixels: images 90 and 90.36 pt tall, 0.36 pt apart (< 0.5).
    let placed = cards(
      try layOut([item(100, 100), item(1000, 1004), item(100, 100), item(100, 100)], testOptions()).pages[0])
    #expect(placed.map(\.column) == [0, 1, 2, 0])
  }

  @Test("balance moves a card by one place to even out the column bottoms, and says so")
  func balance() throws {
    // Two columns of 100 pt: cards of 100, 100 and 190 pt (images 90, 90, 180).
    var options = testOptions()
    options.page = .paper(width: 225, height: 1000)
    options.columns = .count(2)
    let input = [item(100, 100), item(100, 100), item(100, 200)]
    let plain = try layOut(input, options)
    #expect(cards(plain.pages[0]).map(\.item) == [0, 1, 2])
    #expect(plain.metrics.columnSpread == 195)  // Bottoms 10+100+5+190+5 = 310 and 115.
    #expect(plain.metrics.maxDisplacement == 0)
    options.balance = 1
    let balanced = try layOut(input, options)
    let placed = cards(balanced.pages[0])
    #expect(placed.map(\.item) == [0, 2, 1])
    #expect(placed.map(\.column) == [0, 1, 0])
    #expect(placed[1].frame == Rect(x: 115, y: 10, width: 100, height: 190))
    #expect(placed[2].frame == Rect(x: 10, y: 115, width: 100, height: 100))
    #expect(balanced.metrics.columnSpread == 15)  // Bottoms 220 and 205.
    #expect(balanced.metrics.maxDisplacement == 1)
    // The item table still finds every card.
    #expect(balanced.element(forItem: 1)?.frame.y == 115)
  }

  @Test("balance takes a later card that fits when the next one would start a new page")
  func balanceAtPageEnd() throws {
    var options = testOptions()
    options.page = .paper(width: 120, height: 250)  // One column of 100 pt, 230 pt of content.
    options.columns = .count(1)
    // Cards of 100, 190 and 100 pt: input order puts the 190 pt card on page 2 alone.
    let input = [item(100, 100), item(100, 200), item(100, 100)]
    #expect(try layOut(input, options).pages.map { cards($0).map(\.item) } == [[0], [1], [2]])
    options.balance = 1
    let balanced = try layOut(input, options)
    #expect(balanced.pages.map { cards($0).map(\.item) } == [[0, 2], [1]])
    #expect(balanced.metrics.maxDisplacement == 1)
  }
}
