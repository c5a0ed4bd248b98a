import SheetLayout
import SheetSupport
import TestSupport
import Testing

/// Random but valid-looking options and inputs, including extreme image sizes.
struct RandomCase {
  var options: LayoutOptions
  var entries: [LayoutEntry]

  init(seed: UInt64) {
    var random = SeededRandom(seed: seed)
    var options = LayoutOptions()
    options.mode = random.pick(LayoutMode.allCases)
    options.placement = random.pick(Placement.allCases)
    options.direction = random.pick(Direction.allCases)
    options.imageFit = random.pick(ImageFit.allCases)
    let width = random.double(200...900)
    options.page =
      random.chance(15) ? .continuous(width: width) : .paper(width: width, height: random.double(250...1200))
    options.margins = EdgeInsets(
      top: random.double(0...30), right: random.double(0...30), bottom: random.double(0...30),
      left: random.double(0...30))
    options.columns = random.chance(70) ? .count(random.int(1...6)) : .minimumWidth(random.double(40...300))
    options.gutter = random.double(0...15)
    options.rowGap = random.double(0...15)
    options.padding = random.double(0...8)
    options.captionGap = random.double(0...6)
    options.captionStyle = TextStyle(font: "Fake 10", maxLines: random.int(0...3))
    if random.chance(20) { options.imageAspect = random.double(0.3...2) }
    if random.chance(20) { options.maxImageHeight = random.double(20...300) }
    if random.chance(30) { options.balance = random.int(1...4) }
    if random.chance(15) { options.bannerCadence = BannerCadence(every: random.int(1...12)) }
    if random.chance(15) { options.header = PageMarginText(text: "Page {page} of {pages}") }
    if random.chance(15) { options.footer = PageMarginText(text: "footer") }
    options.staggerOffset = random.double(0...0.9)
    self.options = options
    let sizes = [(640, 427), (427, 640), (1, 5000), (5000, 1), (0, 0), (100, 100), (4000, 3000), (-5, 10)]
    let sections = ["Birds", "Cats", "Trees"]
    var entries: [LayoutEntry] = []
    for _ in 0..<random.int(1...60) {
      if random.chance(4) {
        entries.append(.banner(BannerContent(title: "Banner", subtitle: random.chance(50) ? "sub" : nil)))
      }
      let size = random.chance(40) ? random.pick(sizes) : (random.int(1...3000), random.int(1...3000))
      let caption = String(repeating: "x", count: random.chance(30) ? 0 : random.int(1...80))
      let section = random.chance(20) ? random.pick(sections) : nil
      entries.append(
        .item(LayoutItem(pixelWidth: size.0, pixelHeight: size.1, caption: caption, section: section)))
    }
    self.entries = entries
  }

  var itemCount: Int {
    entries.reduce(0) { count, entry in if case .item = entry { count + 1 } else { count } }
  }
}

@Suite("Layout properties over random inputs")
struct PropertyTests {
  static let seeds: [UInt64] = Array(1...2000)

  @Test("no overlaps, inside the margins, every item once, order kept, deterministic")
  func properties() throws {
    var laidOut = 0
    for seed in Self.seeds {
      let input = RandomCase(seed: seed)
      let layout: Layout
      do {
        layout = try layOut(input.entries, input.options)
      } catch let error as LayoutError {
        // Only the documented refusals: options leaving no room, text taller than a page.
        #expect(error.setting != nil, "seed \(seed): \(error)")
        continue
      }
      laidOut += 1
      try check(layout, input, seed: seed)
      #expect(try layOut(input.entries, input.options) == layout, "seed \(seed): not deterministic")
    }
    // Most random cases must actually lay out, or the properties test nothing.
    #expect(laidOut > Self.seeds.count * 3 / 4)
  }

  private func check(_ layout: Layout, _ input: RandomCase, seed: UInt64) throws {
    let options = input.options
    var seen = Array(repeating: 0, count: input.itemCount)
    var outputOrder: [Int] = []
    for (pageIndex, page) in layout.pages.enumerated() {
      let margins = options.margins
      let box = Rect(
        x: margins.left, y: margins.top, width: page.width - margins.left - margins.right,
        height: page.height - margins.top - margins.bottom)
      var lastInColumn: [Int: Int] = [:]
      for (index, element) in page.elements.enumerated() {
        #expect(
          box.contains(element.frame), "seed \(seed) page \(pageIndex): \(element.frame) outside \(box)")
        for part in [element.image, element.imageArea, element.caption].compactMap({ $0 }) {
          #expect(
            element.frame.contains(part), "seed \(seed): part \(part) outside its card \(element.frame)")
        }
        for other in page.elements[(index + 1)...] {
          let shrunk = Rect(
            x: other.frame.x + 1e-6, y: other.frame.y + 1e-6, width: other.frame.width - 2e-6,
            height: other.frame.height - 2e-6)
          #expect(!element.frame.intersects(shrunk), "seed \(seed): \(element.frame) overlaps \(other.frame)")
        }
        guard element.kind == .card, let item = element.item else { continue }
        seen[item] += 1
        outputOrder.append(item)
        #expect(layout.items[item].page == pageIndex && layout.items[item].element == index)
        // Justified rows have no columns.
        guard let column = element.column else { continue }
        if options.balance == 0, let previous = lastInColumn[column] {
          #expect(previous < item, "seed \(seed): column \(column) has item \(item) after \(previous)")
        }
        lastInColumn[column] = item
      }
    }
    #expect(seen.allSatisfy { $0 == 1 }, "seed \(seed): items placed \(seen)")
    // A banner never ends a page, unless nothing follows it at all.
    for page in layout.pages.dropLast() {
      let last = page.elements.last { $0.kind == .card || $0.kind == .banner }
      #expect(last?.kind != .banner, "seed \(seed): a page ends with a banner")
    }
    let displacement = outputOrder.enumerated().map { abs($0.offset - $0.element) }.max() ?? 0
    #expect(displacement <= options.balance, "seed \(seed): a card moved \(displacement) places")
    #expect(layout.metrics.maxDisplacement == displacement)
  }

  @Test("rectangle queries find exactly the elements a brute-force scan finds")
  func spatialIndex() throws {
    var checkedLayouts = 0
    defer { #expect(checkedLayouts > 250, "only \(checkedLayouts) of 500 random cases could be laid out") }
    for seed in Self.seeds.prefix(500) {
      let input = RandomCase(seed: seed)
      guard let layout = try? layOut(input.entries, input.options) else { continue }
      checkedLayouts += 1
      var random = SeededRandom(seed: seed &* 31)
      for page in layout.pages {
        let index = PageIndex(page)
        for _ in 0..<20 {
          let query = Rect(
            x: random.double(-50...page.width), y: random.double(-50...page.height),
            width: random.double(0...400), height: random.double(0...600))
          let expected = page.elements.indices.filter { page.elements[$0].frame.intersects(query) }
          #expect(index.indices(in: query) == expected, "seed \(seed): query \(query)")
        }
      }
    }
  }
}
