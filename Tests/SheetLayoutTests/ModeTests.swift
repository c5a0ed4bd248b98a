import SheetLayout
import Testing

@Suite("Staggered and grid modes, image boxes, banners, headers")
struct ModeTests {
  /// A 280 pt page with 10 pt margins and 2 columns 10 pt apart: 260 pt of content.
  private func rowOptions(_ mode: LayoutMode) -> LayoutOptions {
    var options = testOptions()
    options.page = .paper(width: 280, height: 1000)
    options.columns = .count(2)
    options.gutter = 10
    options.mode = mode
    return options
  }

  /// Captions of one and two lines (18 characters fit on a 90 pt line): the slot is 20 pt.
  private let rowItems = [
    item(200, 100, "abc"), item(100, 200, "abcdefghijklmnopqrst"), item(100, 100, "abc"), item(100, 100),
  ]

  @Test("staggered: square cells, odd rows shifted by half a cell")
  func staggered() throws {
    // Cell width (260 - 10) / (2 + 0.5) = 100; cell height 5 + 90 + 2 + 20 + 5 = 122.
    let placed = cards(try layOut(rowItems, rowOptions(.staggered)).pages[0])
    #expect(
      placed.map(\.frame) == [
        Rect(x: 10, y: 10, width: 100, height: 122), Rect(x: 120, y: 10, width: 100, height: 122),
        Rect(x: 60, y: 137, width: 100, height: 122), Rect(x: 170, y: 137, width: 100, height: 122),
      ])
    // Cropped to the square box; the caption slot is the tallest caption's.
    #expect(placed[0].image == Rect(x: 15, y: 15, width: 90, height: 90))
    #expect(placed[0].imageArea == nil)
    #expect(placed[0].caption == Rect(x: 15, y: 107, width: 90, height: 20))
  }

  @Test("staggered right to left: rows fill from the right, odd rows shift left")
  func staggeredRightToLeft() throws {
    var options = rowOptions(.staggered)
    options.direction = .rtl
    let placed = cards(try layOut(rowItems, options).pages[0])
    #expect(placed.map(\.frame.x) == [170, 60, 120, 10])
    #expect(placed.map(\.column) == [1, 0, 1, 0])
  }

  @Test("grid: equal cells, each image fitted inside its square box")
  func grid() throws {
    // Cell width (260 - 10) / 2 = 125: image boxes 115 pt square. 23 characters fit on a
    // 115 pt line, so every caption is one line: cell height 5 + 115 + 2 + 10 + 5 = 137.
    let placed = cards(try layOut(rowItems, rowOptions(.grid)).pages[0])
    #expect(placed.map(\.frame.origin) == [[10, 10], [145, 10], [10, 152], [145, 152]])
    #expect(placed[0].imageArea == Rect(x: 15, y: 15, width: 115, height: 115))
    #expect(placed[0].image == Rect(x: 15, y: 43.75, width: 115, height: 57.5))
    #expect(placed[1].image == Rect(x: 178.75, y: 15, width: 57.5, height: 115))
    #expect(placed[2].imageArea == nil)  // A square image fills its square box.
  }

  @Test("grid: a banner starts below the current row and the next row starts below it")
  func gridBanner() throws {
    let entries = Array(rowItems.prefix(3)) + [.banner(BannerContent(title: "Birds")), item(100, 100)]
    let elements = try layOut(entries, rowOptions(.grid)).pages[0].elements
    #expect(elements.map(\.kind) == [.card, .card, .card, .banner, .card])
    #expect(elements[3].frame == Rect(x: 10, y: 294, width: 260, height: 18))  // 152 + 137 + 5.
    #expect(elements[4].frame == Rect(x: 10, y: 317, width: 125, height: 137))
  }

  @Test("grid: a row that does not fit starts a new page")
  func gridPageBreak() throws {
    var options = rowOptions(.grid)
    options.page = .paper(width: 280, height: 330)  // 310 pt of content: two rows of 137 pt.
    let layout = try layOut(rowItems + [item(100, 100)], options)
    #expect(layout.pages.map { cards($0).map(\.item) } == [[0, 1, 2, 3], [4]])
    #expect(layout.pages[1].elements[0].frame == Rect(x: 10, y: 10, width: 125, height: 137))
  }

  @Test("banners name their section: from a change of section or given explicitly")
  func bannerSections() throws {
    let entries: [LayoutEntry] = [
      item(100, 100, section: "Birds"),
      .banner(BannerContent(title: "Cats!", subtitle: nil, section: "Cats")),
      item(100, 100),
      .banner(BannerContent(title: "Note")), item(100, 100),
    ]
    let banners = try layOut(entries, testOptions()).pages[0].elements.filter { $0.kind == .banner }
    #expect(banners.map(\.text) == ["Birds", "Cats!", "Note"])
    #expect(banners.map(\.section) == ["Birds", "Cats", nil])
  }

  @Test("--banner-every puts a templated banner before every N items")
  func bannerCadence() throws {
    var options = testOptions()
    options.bannerCadence = BannerCadence(every: 2, template: "Part {n}: {first}-{last}")
    let elements = try layOut([item(100, 100), item(100, 100), item(100, 100)], options).pages[0].elements
    #expect(elements.map(\.kind) == [.banner, .card, .card, .banner, .card])
    #expect(elements.compactMap(\.text) == ["Part 1: 1-2", "Part 2: 3-3"])
    #expect(elements[3].frame == Rect(x: 10, y: 138, width: 310, height: 18))
    #expect(elements[4].frame == Rect(x: 10, y: 161, width: 100, height: 100))
  }

  @Test("a banner that fits but whose next card does not moves to the next page with it")
  func bannerKeepsWithNext() throws {
    var options = testOptions()
    options.page = .paper(width: 330, height: 250)  // Content from y 10 to 240.
    let entries =
      Array(repeating: item(100, 100), count: 6) + [.banner(BannerContent(title: "Next")), item(100, 100)]
    let layout = try layOut(entries, options)
    // Bottoms are at 220: the 18 pt banner would fit, the banner and a 100 pt card would not.
    #expect(
      layout.pages.map { $0.elements.map(\.kind) } == [Array(repeating: .card, count: 6), [.banner, .card]])
    #expect(layout.pages[1].elements[0].frame == Rect(x: 10, y: 10, width: 310, height: 18))
    #expect(layout.pages[1].elements[1].frame == Rect(x: 10, y: 33, width: 100, height: 100))
    #expect(layout.element(forItem: 6)?.frame.y == 33)
  }

  @Test("a card taller than the page is scaled down, and one after a banner fits beside it")
  func scaledToFit() throws {
    var options = testOptions()
    options.page = .paper(width: 120, height: 250)
    options.columns = .count(1)
    // 100×1000 pixels: a 900 pt image. Alone it shrinks to 230 - 10 = 220 pt; after an 18 pt
    // banner and a 5 pt gap to 207 - 10 = 197 pt, fitted inside (19.7 pt wide, centred).
    let alone = try layOut([item(100, 1000)], options)
    #expect(alone.pages[0].elements[0].frame.height == 230)
    #expect(alone.metrics.scaledToFit == 1)
    let afterBanner = try layOut([.banner(BannerContent(title: "Tall")), item(100, 1000)], options)
    #expect(afterBanner.pages.count == 1)
    let card = afterBanner.pages[0].elements[1]
    #expect(card.frame == Rect(x: 10, y: 33, width: 100, height: 207))
    #expect(card.scaledToFit == true)
    #expect(abs(card.image!.width - 19.7) < 1e-9 && abs(card.image!.x - 50.15) < 1e-9)
    #expect(card.imageArea == Rect(x: 15, y: 38, width: 90, height: 197))
    #expect(afterBanner.metrics.scaledToFit == 1)
  }

  @Test("--image-aspect fixes the box; --max-image-height clamps it; --fit chooses crop or letterbox")
  func imageBoxes() throws {
    var options = testOptions()
    options.imageAspect = 0.75
    var card = cards(try layOut([item(100, 100)], options).pages[0])[0]
    #expect(card.image == Rect(x: 15, y: 15, width: 90, height: 67.5))
    options.imageFit = .letterbox
    card = cards(try layOut([item(100, 100)], options).pages[0])[0]
    #expect(card.image == Rect(x: 26.25, y: 15, width: 67.5, height: 67.5))
    #expect(card.imageArea == Rect(x: 15, y: 15, width: 90, height: 67.5))
    options = testOptions()
    options.maxImageHeight = 90
    card = cards(try layOut([item(100, 300)], options).pages[0])[0]
    #expect(card.image == Rect(x: 15, y: 15, width: 90, height: 90))
    #expect(card.frame.height == 100)
    options.imageFit = .letterbox
    card = cards(try layOut([item(100, 300)], options).pages[0])[0]
    #expect(card.image == Rect(x: 45, y: 15, width: 30, height: 90))
  }

  @Test("headers and footers reserve their measured height on every page")
  func headerAndFooter() throws {
    var options = testOptions()
    options.page = .paper(width: 330, height: 250)
    options.header = PageMarginText(text: "Sheet {page}/{pages}", gap: 6)
    options.footer = PageMarginText(text: "footer", gap: 6)
    // Content from 10 + 10 + 6 = 26 to 250 - 10 - 16 = 224: one row of 100 pt cards per page.
    let layout = try layOut(Array(repeating: item(100, 100), count: 4), options)
    #expect(layout.pages.count == 2)
    let first = layout.pages[0].elements
    #expect(first.first?.kind == .header && first.first?.text == "Sheet 1/2")
    #expect(first.first?.frame == Rect(x: 10, y: 10, width: 310, height: 10))
    #expect(first.last?.kind == .footer && first.last?.frame == Rect(x: 10, y: 230, width: 310, height: 10))
    #expect(first[1].frame == Rect(x: 10, y: 26, width: 100, height: 100))
    #expect(layout.pages[1].elements.first?.text == "Sheet 2/2")
    #expect(layout.element(forItem: 3)?.frame == Rect(x: 10, y: 26, width: 100, height: 100))
  }

  @Test("a continuous page grows with its content")
  func continuousPage() throws {
    var options = testOptions()
    options.page = .continuous(width: 330)
    let layout = try layOut(Array(repeating: item(100, 100), count: 40), options)
    #expect(layout.pages.count == 1)
    // 14 rows of 100 pt cards 5 pt apart: the last ends at 10 + 14 × 105 - 5 = 1475.
    #expect(layout.pages[0].height == 1485)
  }
}

extension Rect {
  /// `[x, y]`, for compact expectations.
  fileprivate var origin: [Double] { [x, y] }
}
