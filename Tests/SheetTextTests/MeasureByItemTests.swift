import SheetLayout
import TestSupport
import Testing

@testable import SheetText

/// Captions measured by item (``LayoutTexts``, ``ParallelMeasurer/measure(_:)-(LayoutTexts)``,
/// ``WaterfallLayout/measure(_:captions:measurer:)``) rather than through a table of distinct
/// requests.
@Suite("captions measured by item")
struct MeasureByItemTests {
  /// Items with captions (some empty, some repeated), among a given banner and sections.
  static func entries() -> [LayoutEntry] {
    var entries: [LayoutEntry] = [.banner(BannerContent(title: "Opening", subtitle: "first"))]
    for index in 0..<40 {
      let caption =
        switch index % 5 {
        case 0: ""
        case 1: "p\(index).jpg"
        case 2: "same caption"
        default: "Linen chair \(index) in oak and wool, hand-made"
        }
      entries.append(
        .item(
          LayoutItem(
            pixelWidth: 100 + index, pixelHeight: 80 + 7 * index, caption: caption,
            section: "Section \(index / 15)")))
      if index == 20 { entries.append(.banner(BannerContent(title: "Middle"))) }
    }
    return entries
  }

  @Test("item captions list each item's caption in item order, banners skipped")
  func itemCaptions() {
    let entries = Self.entries()
    let expected = entries.compactMap { entry -> String? in
      if case .item(let item) = entry { item.caption } else { nil }
    }
    let captions = ItemCaptions(entries)
    #expect(captions.count == 40)
    #expect(Array(captions) == expected)
    let itemsOnly = entries.filter { if case .item = $0 { true } else { false } }
    #expect(Array(ItemCaptions(itemsOnly)) == expected)
    #expect(ItemCaptions([]).isEmpty)
  }

  @Test("the texts of a layout are its requests: captions by item, the others once each")
  func texts() throws {
    var options = LayoutOptions(columns: .count(3))
    options.header = PageMarginText(text: "Catalog")
    let engine = WaterfallLayout(options: options)
    let entries = Self.entries()
    let texts = try engine.texts(entries)
    let requests = try engine.textRequests(entries)
    let captionRequests = requests.filter { $0.style == texts.captionStyle && $0.width == texts.captionWidth }
    #expect(Set(captionRequests.map(\.text)) == Set(texts.captions.filter { !$0.isEmpty }))
    #expect(texts.others == requests.filter { !captionRequests.contains($0) })
    #expect(texts.others.map(\.text).contains("Middle"))
    #expect(texts.others.map(\.text).contains("Section 1"))
  }

  @Test("a layout from captions measured ahead is the layout measuring them in place gives")
  func captionsAhead() throws {
    let entries = Self.entries()
    let engine = WaterfallLayout(options: LayoutOptions(columns: .count(3)))
    let texts = try engine.texts(entries)
    let captions = texts.captions.map {
      $0.isEmpty ? .empty : LineCounting().measure($0, style: texts.captionStyle, width: texts.captionWidth)
    }
    let ahead = try engine.layout(
      engine.measure(entries, captions: captions, measurer: LineCounting()), measurer: LineCounting())
    #expect(ahead == (try engine.layout(entries, measurer: LineCounting())))
    // The heights given are the ones used: every caption twice as tall moves the cards.
    let doubled = captions.map {
      TextMeasurement(width: $0.width, height: 2 * $0.height, lineCount: $0.lineCount, isTruncated: false)
    }
    let taller = try engine.layout(
      engine.measure(entries, captions: doubled, measurer: LineCounting()), measurer: LineCounting())
    #expect(Self.captionHeights(taller) == Self.captionHeights(ahead).map { 2 * $0 })
    #expect(Self.captionHeights(ahead).count == 40)
  }

  /// The height of each card's caption box, by item.
  static func captionHeights(_ layout: Layout) -> [Double] {
    layout.pages.flatMap(\.elements).filter { $0.kind == .card }.sorted { ($0.item ?? 0) < ($1.item ?? 0) }
      .compactMap(\.caption?.height)
  }

  @Test("measuring in parallel by item gives each caption what one measurer gives it")
  func parallelByItem() throws {
    let entries = Self.entries()
    var options = LayoutOptions(columns: .count(3))
    options.captionStyle.isMarkup = true
    let engine = WaterfallLayout(options: options)
    var texts = try engine.texts(entries)
    // A caption Pango measures (markup beyond <b> and <i>), a long one, both repeated apart.
    let extra = [
      "<span size='large'>Oak</span> chair", "A long caption of a table in solid oak, oiled, with four legs",
    ]
    texts.captions = ItemCaptions(
      Array(entries) + (extra + extra).map { .item(LayoutItem(pixelWidth: 1, pixelHeight: 1, caption: $0)) })
    for fastPath in [true, false] {
      var parallel = ParallelMeasurer(fonts: .testFonts, threads: 2)
      parallel.fastPath = fastPath
      let measured = try parallel.measure(texts)
      let one = FastTextMeasurer(engine: try TextEngine(fonts: .testFonts))
      let pango = try TextEngine(fonts: .testFonts)
      let reference: any TextMeasuring = fastPath ? one : pango
      #expect(measured.captions.count == texts.captions.count)
      for (caption, measurement) in zip(texts.captions, measured.captions) {
        let expected =
          caption.isEmpty
          ? .empty : reference.measure(caption, style: texts.captionStyle, width: texts.captionWidth)
        #expect(measurement == expected, "“\(caption)”, fast path \(fastPath)")
      }
      #expect(Set(measured.others.keys) == Set(texts.others))
      for (request, measurement) in measured.others {
        #expect(measurement == reference.measure(request.text, style: request.style, width: request.width))
      }
    }
  }

  @Test("a caption is remembered when Pango measured it, when long, or when just measured")
  func captionMemo() throws {
    let style = TextStyle(font: "DejaVu Sans 7", isMarkup: true, maxLines: 2)
    let pango = try TextEngine(fonts: .testFonts)
    var memo = CaptionMemo(
      style: style, width: 80, pango: pango, fast: FastTextMeasurer(engine: try TextEngine(fonts: .testFonts))
    )
    let short = "p0000001.jpg"
    let long = String(repeating: "oak chair ", count: 8)
    let declined = "<span size='large'>Oak</span>"
    for text in [short, short, long, short, long, declined, short, declined, "", short] {
      let measured = memo.measure(text)
      let reference = text.isEmpty ? .empty : pango.measure(text, style: style, width: 80)
      #expect(measured.height == reference.height && measured.lineCount == reference.lineCount, "“\(text)”")
    }
    // The short caption each time but right after itself; the long one and the declined one once.
    #expect(memo.fastCount == 5)
    #expect(memo.pangoCount == 1)
  }
}

/// Every text is one 9 pt line per 20 characters, 50 pt wide.
private struct LineCounting: TextMeasuring {
  var fonts: FontSet { .system }

  func measure(_ text: String, style: TextStyle, width: Double) -> TextMeasurement {
    let lines = max(1, (text.count + 19) / 20)
    return TextMeasurement(width: 50, height: Double(lines) * 9, lineCount: lines, isTruncated: false)
  }
}
