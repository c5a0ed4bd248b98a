import SheetLayout
import Testing

/// Grid captions whose template lines line up across cards, and QR codes beside or below the
/// caption. Three 100 pt columns: images and captions 90 pt wide (18 fake characters a line).
@Suite("Caption slots and QR code positions")
struct CaptionSlotsTests {
  private let separator = String(CaptionSlots.separator)

  private func slotted(_ lines: String...) -> String { lines.joined(separator: separator) }

  private var gridOptions: LayoutOptions {
    var options = testOptions()
    options.mode = .grid
    return options
  }

  @Test("in a grid, each template line starts at the same height in every card, each with its own line limit")
  func gridSlots() throws {
    let entries = [
      item(100, 100, slotted("short", "$1", "SKU-A")),
      // 45 characters: three lines, cut to the limit of two; the price still gets its line.
      item(100, 100, slotted("a name that is long enough to wrap twice over", "$2", "SKU-B")),
      // No price: its slot stays empty, so the SKU still lines up.
      item(100, 100, slotted("c", "", "SKU-C")),
    ]
    let layout = try layOut(entries, gridOptions)
    #expect(layout.captionSlots == [20, 10, 10])
    let placed = cards(layout.pages[0])
    #expect(placed.count == 3)
    for card in placed {
      #expect(card.caption?.y == 107)  // 10 + 5 padding + 90 image + 2 gap.
      #expect(card.caption?.height == 40)
      #expect(card.frame.height == 5 + 90 + 2 + 40 + 5)
    }
  }

  @Test("captions measured ahead, part by part, lay out as captions measured in place")
  func measuredAhead() throws {
    let entries = [
      item(100, 100, slotted("one", "$1")), item(100, 100, "plain caption"),
      item(100, 100, slotted("three lines of text, cut to two", "", "$3")),
    ]
    let engine = WaterfallLayout(options: gridOptions)
    let texts = try engine.texts(entries)
    #expect(
      Array(texts.captions) == ["one", "$1", "plain caption", "three lines of text, cut to two", "", "$3"])
    let measurer = FakeMeasurer()
    let ahead = texts.captions.map {
      measurer.measure($0, style: texts.captionStyle, width: texts.captionWidth)
    }
    let early = try engine.layout(
      engine.measure(entries, captions: ahead, measurer: measurer), measurer: measurer)
    let inPlace = try layOut(entries, gridOptions)
    #expect(early == inPlace)
    #expect(inPlace.captionSlots == [20, 10, 10])
  }

  @Test("the waterfall draws a caption whole: no slots")
  func waterfallHasNoSlots() throws {
    let layout = try layOut(
      [item(100, 100, slotted("a", "b")), item(100, 100, slotted("c", "d"))], testOptions())
    #expect(layout.captionSlots == nil)
    #expect(
      Array(try WaterfallLayout(options: testOptions()).texts([item(1, 1, slotted("a", "b"))]).captions).count
        == 1)
  }

  @Test("a grid whose captions have one line each has no slots")
  func singleLineGrid() throws {
    #expect(try layOut([item(100, 100, "a"), item(100, 100, "bb")], gridOptions).captionSlots == nil)
  }

  private func linked(_ caption: String) -> LayoutEntry {
    .item(LayoutItem(pixelWidth: 100, pixelHeight: 100, caption: caption, link: "https://example.com/p"))
  }

  @Test("a QR code stands beside the caption when the caption keeps at least the code's width")
  func qrBeside() throws {
    var options = gridOptions
    options.qrCodeSize = 30
    // Beside: the caption is 90 − 30 − 2 = 58 pt wide (11 characters a line).
    let layout = try layOut([linked("twelve chars"), item(100, 100, "x")], options)
    let placed = cards(layout.pages[0])
    let card = placed[0]
    let caption = try #require(card.caption)
    #expect(caption == Rect(x: 15, y: 107, width: 58, height: 30))
    #expect(card.qrCode == Rect(x: 75, y: 107, width: 30, height: 30))
    // The card without a link has the same caption width and cell height, and no code.
    #expect(placed[1].caption?.width == 58)
    #expect(placed[1].qrCode == nil)
    #expect(placed[1].frame.height == card.frame.height)
    // Asked for below, the code goes under a 90 pt caption.
    options.qrCodePosition = .below
    let below = cards(try layOut([linked("twelve chars")], options).pages[0])[0]
    #expect(below.caption == Rect(x: 15, y: 107, width: 90, height: 10))
    #expect(below.qrCode == Rect(x: 15, y: 119, width: 30, height: 30))
  }

  @Test("automatic placement puts a code below when beside it the caption would be narrower than the code")
  func qrBelowWhenNarrow() throws {
    var options = gridOptions
    options.qrCodeSize = 50  // Beside, the caption would be 38 pt: less than 50.
    let card = cards(try layOut([linked("a")], options).pages[0])[0]
    #expect(card.qrCode == Rect(x: 15, y: 119, width: 50, height: 50))
    options.qrCodePosition = .beside  // Asked for, beside it is (38 pt is more than 36).
    let beside = cards(try layOut([linked("a")], options).pages[0])[0]
    #expect(beside.qrCode == Rect(x: 55, y: 107, width: 50, height: 50))
    #expect(beside.caption?.width == 38)
    options.qrCodeSize = 60  // 28 pt would be left: too narrow even when asked.
    #expect(cards(try layOut([linked("a")], options).pages[0])[0].qrCode?.x == 15)
  }

  @Test("beside a code, captions wrap at the narrower width")
  func besideWidth() throws {
    var options = gridOptions
    options.qrCodeSize = 20
    options.captionStyle.maxLines = 0
    // 90 − 20 − 2 = 68 pt: 13 characters a line, so 60 characters take 5 lines (4 at 90 pt).
    let card = cards(try layOut([linked(String(repeating: "x", count: 60))], options).pages[0])[0]
    #expect(card.caption == Rect(x: 15, y: 107, width: 68, height: 50))
    #expect(card.qrCode == Rect(x: 85, y: 107, width: 20, height: 20))
  }

  @Test("image-align bottom stands a letterboxed picture on its caption")
  func imageOnCaption() throws {
    var options = gridOptions
    // A 2:1 landscape in a 90 pt square: 45 pt tall, in the middle or at the bottom.
    let centred = cards(try layOut([item(200, 100, "x")], options).pages[0])[0]
    #expect(centred.image == Rect(x: 15, y: 37.5, width: 90, height: 45))
    options.imageAlignment = .bottom
    let standing = cards(try layOut([item(200, 100, "x"), item(100, 200, "y")], options).pages[0])
    #expect(standing[0].image == Rect(x: 15, y: 60, width: 90, height: 45))
    #expect(standing[0].imageArea == Rect(x: 15, y: 15, width: 90, height: 90))
    // A portrait fills the height: centred across, as before.
    #expect(standing[1].image == Rect(x: 142.5, y: 15, width: 45, height: 90))
  }

  @Test("a caption without parts among slotted ones stays out of the slots, which grow to hold it")
  func wholeCaptionAmongSlots() throws {
    var options = gridOptions
    options.captionStyle.maxLines = 0
    let entries = [
      item(100, 100, slotted("one", "$1")),
      // Four lines drawn whole: the slots (10 + 10) grow to 40, the last taking the rest.
      item(100, 100, "a\nb\nc\nd"),
    ]
    let layout = try layOut(entries, options)
    #expect(layout.captionSlots == [10, 30])
    #expect(cards(layout.pages[0]).allSatisfy { $0.caption?.height == 40 })
  }

  @Test("a waterfall card's caption height with a code beside it is the taller of the two")
  func waterfallBeside() throws {
    var options = testOptions()
    options.qrCodeSize = 30
    let long = String(repeating: "x", count: 45)  // 5 lines at 11 a line, cut to 2: 20 pt.
    let card = cards(try layOut([linked(long)], options).pages[0])[0]
    #expect(card.frame.height == 5 + 90 + 2 + 30 + 5)
    #expect(card.caption?.height == 30)
  }
}
