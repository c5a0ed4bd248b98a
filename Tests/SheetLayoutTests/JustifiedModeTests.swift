import Testing

@testable import SheetLayout

/// `--mode justified` through the whole layout: flickr's boxes with no card chrome, captions
/// measured at each card's width in a band as tall as the row's tallest, rows never split by a
/// page, banners kept with the row after them.
@Suite("Justified mode")
struct JustifiedModeTests {
  /// flickr/justified-layout's defaults as layout options: a 1060 pt wide page, 10 pt
  /// margins, 10 pt between boxes, rows aiming at 320 pt; no padding, no captions.
  private func flickrOptions(height: Double = 10_000) -> LayoutOptions {
    var options = testOptions()
    options.mode = .justified
    options.page = .paper(width: 1060, height: height)
    options.margins = EdgeInsets(all: 10)
    options.gutter = 10
    options.rowGap = 10
    options.padding = 0
    options.rowHeight = 320
    return options
  }

  /// An item whose width ÷ height is `aspect` (1000 pixels high).
  private func shaped(_ aspect: Double, _ caption: String = "", section: String? = nil) -> LayoutEntry {
    item(Int((aspect * 1000).rounded()), 1000, caption, section: section)
  }

  @Test("with no padding and no captions, the cards are flickr's boxes (its own test cases)")
  func flickrBoxes() throws {
    // justifiedLayout([1, 1, 1, 1]) (test/fixtures/four-squares.json) and [1, 4, 1.1] at
    // containerWidth 1000, targetRowHeight 250 (its boxes are 194 high).
    let squares = try layOut(Array(repeating: shaped(1), count: 4), flickrOptions())
    #expect(
      cards(squares.pages[0]).map(\.frame) == [
        Rect(x: 10, y: 10, width: 340, height: 340), Rect(x: 360, y: 10, width: 340, height: 340),
        Rect(x: 710, y: 10, width: 340, height: 340), Rect(x: 10, y: 360, width: 340, height: 340),
      ])
    var options = flickrOptions()
    options.page = .paper(width: 1000, height: 10_000)
    options.rowHeight = 250
    let closer = try layOut([shaped(1), shaped(4), shaped(1.1)], options)
    let frames = cards(closer.pages[0]).map(\.frame)
    let expected: [[Double]] = [[10, 10, 194, 194], [214, 10, 776, 194], [10, 214, 213.4, 194]]
    for (frame, box) in zip(frames, expected) {
      #expect(
        abs(frame.x - box[0]) <= 0.5 && abs(frame.y - box[1]) <= 0.5 && abs(frame.width - box[2]) <= 0.5
          && abs(frame.height - box[3]) <= 0.5, "\(frame) against \(box)")
    }
  }

  @Test("padding is chrome: the pictures keep their shapes, the cards fill the width")
  func padding() throws {
    var options = flickrOptions()
    options.padding = 5
    let layout = try layOut([shaped(1.5), shaped(1), shaped(0.75), shaped(1.5)], options)
    let row = cards(layout.pages[0]).filter { $0.frame.y == 10 }
    #expect(row.count >= 2)
    #expect(abs((row.last!.frame.maxX) - 1050) <= 1)
    for card in row {
      let image = try #require(card.image)
      #expect(abs(image.height - row[0].image!.height) < 1e-9)
      #expect(abs(card.frame.width - image.width - 10) < 1e-9)
    }
  }

  @Test("captions are measured at each card's width; a row's cards share the tallest caption band")
  func captionBand() throws {
    var options = flickrOptions()
    options.captionStyle = TextStyle(font: "Fake 10", maxLines: 0)
    // The fake measurer sets 5 pt a character: 200 characters take 3 lines on the 340 pt card.
    let layout = try layOut(
      [
        shaped(1, "short"), shaped(1, String(repeating: "x", count: 200)), shaped(1, ""),
        shaped(1, "next row"),
      ],
      options)
    let row = cards(layout.pages[0]).filter { $0.frame.y == 10 }
    #expect(row.count == 3)
    #expect(Set(row.map(\.frame.height)).count == 1)
    #expect(row.allSatisfy { $0.caption?.height == 30 && $0.caption?.y == 10 + 340 + options.captionGap })
  }

  @Test("a row that does not fit goes whole to the next page; a banner stays with its row")
  func pagination() throws {
    // Rows 340 pt tall (and 10 pt apart) on pages holding 1000 pt: two rows a page.
    var entries = (0..<12).map { _ in shaped(1, section: "A") }
    entries += (0..<3).map { _ in shaped(1, section: "B") }
    let layout = try layOut(entries, flickrOptions(height: 1020))
    for page in layout.pages {
      #expect(page.elements.allSatisfy { $0.frame.maxY <= 1010 + 1e-9 })
    }
    // Section A: four rows of three, two a page; B's 18 pt banner would fit under A's last
    // row, but not with B's row, so both go to page 3.
    #expect(layout.pages.map { cards($0).count } == [6, 6, 3])
    #expect(layout.pages[2].elements.first?.kind == .banner)
  }

  @Test("a section's last row is laid out at the previous row's height, as --last-row says")
  func lastRow() throws {
    var options = flickrOptions()
    let entries = [shaped(1), shaped(1), shaped(1), shaped(1)]
    options.lastRow = .center
    let centred = cards(try layOut(entries, options).pages[0])[3].frame
    #expect(centred.height == 340 && abs(centred.x - (530 - 170)) < 1e-9)
    options.lastRow = .justify
    let justified = cards(try layOut(entries, options).pages[0])[3].frame
    #expect(justified.x == 10 && justified.width == 1040 && justified.height == 340)
  }

  @Test("options out of range are refused with the setting named")
  func badOptions() {
    var options = flickrOptions()
    options.rowHeightTolerance = 1
    #expect(throws: LayoutError.self) { try layOut([shaped(1)], options) }
    options = flickrOptions()
    options.rowHeight = 0
    #expect((try? layOut([shaped(1)], options)) == nil)
    options = flickrOptions()
    options.fullWidthEvery = 3
    options.rowBreaker = .balanced
    do {
      _ = try layOut([shaped(1)], options)
      Issue.record("full-width rows with the balanced breaker were accepted")
    } catch let error as LayoutError {
      #expect(error.setting == .fullWidthEvery)
    } catch {
      Issue.record("\(error)")
    }
  }
}
