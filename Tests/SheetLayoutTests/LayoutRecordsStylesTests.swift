import Foundation
import SheetLayout
import Testing

/// A fake measurer that remembers every style it was asked to measure in.
private final class StyleRecorder: TextMeasuring {
  var fake = FakeMeasurer(fonts: .pinned(["/fonts/Fake-Regular.ttf", "/fonts/Fake-Bold.ttf"]))
  private(set) var styles: Set<TextStyle> = []

  var fonts: FontSet { fake.fonts }

  func measure(_ text: String, style: TextStyle, width: Double) -> TextMeasurement {
    styles.insert(style)
    return fake.measure(text, style: style, width: width)
  }
}

@Suite("The layout records what it measured with")
struct LayoutRecordsStylesTests {
  private func options() -> LayoutOptions {
    var options = testOptions()
    options.captionStyle = TextStyle(font: "Fake 10", isMarkup: true, maxLines: 3)
    options.bannerSubtitleStyle = TextStyle(font: "Fake 12", alignment: .center)
    options.header = PageMarginText(text: "Page {page}", style: TextStyle(font: "Fake 9", isMarkup: true))
    options.footer = PageMarginText(text: "{title}", style: TextStyle(font: "Fake 8", maxLines: 4))
    return options
  }

  private let entries: [LayoutEntry] = [
    .banner(BannerContent(title: "Title", subtitle: "Subtitle")), item(100, 100, "a caption"),
    item(100, 50, "another", section: "Cats"),
  ]

  @Test("the text styles and the measurer's fonts, headers and footers as one line of markup")
  func recordsStylesAndFonts() throws {
    let recorder = StyleRecorder()
    let layout = try WaterfallLayout(options: options()).layout(entries, measurer: recorder)
    #expect(layout.fonts == .pinned(["/fonts/Fake-Regular.ttf", "/fonts/Fake-Bold.ttf"]))
    let styles = layout.textStyles
    #expect(styles.caption == TextStyle(font: "Fake 10", isMarkup: true, maxLines: 3))
    #expect(styles.bannerTitle == TextStyle(font: "Fake 20"))
    #expect(styles.bannerSubtitle == TextStyle(font: "Fake 12", alignment: .center))
    #expect(styles.header == TextStyle(font: "Fake 9", isMarkup: true, maxLines: 1))
    #expect(styles.footer == TextStyle(font: "Fake 8", isMarkup: true, maxLines: 1))
    // Every style text was measured in is one the layout recorded, and each was used.
    let recorded: Set = [
      styles.caption, styles.bannerTitle, styles.bannerSubtitle, styles.header, styles.footer,
    ]
    #expect(recorder.styles == recorded)
    #expect(
      try WaterfallLayout(options: options()).textRequests(entries).allSatisfy { recorded.contains($0.style) }
    )
  }

  @Test("styles and fonts survive JSON; JSON without them gets the defaults")
  func json() throws {
    let layout = try WaterfallLayout(options: options()).layout(entries, measurer: StyleRecorder())
    let data = try JSONEncoder().encode(layout)
    let text = String(decoding: data, as: UTF8.self)
    #expect(text.contains(#""source":"pinned""#) && text.contains(#""textStyles":{"#))
    let decoded = try JSONDecoder().decode(Layout.self, from: data)
    #expect(decoded.textStyles == layout.textStyles)
    #expect(decoded.fonts == layout.fonts)
    #expect(decoded == layout)

    var object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    object["textStyles"] = nil
    object["fonts"] = nil
    let older = try JSONDecoder().decode(Layout.self, from: JSONSerialization.data(withJSONObject: object))
    #expect(older.textStyles == TextStyles())
    #expect(older.fonts == .system)
    #expect(older.pages == layout.pages)
  }

  @Test("a banner introduces its section, or the one its title names; a section change adds one")
  func sectionBanners() throws {
    let entries: [LayoutEntry] = [
      .banner(BannerContent(title: "Cats", subtitle: "Indoors")), item(100, 100, section: "Cats"),
      item(100, 100, section: "Cats"),
      .banner(BannerContent(title: "Felines!", subtitle: nil, section: "Lions")),
      item(100, 100, section: "Lions"), item(100, 100, section: "Birds"),
      .banner(BannerContent(title: "Note")), item(100, 100, section: "Birds"),
    ]
    let banners = try layOut(entries, testOptions()).pages.flatMap(\.elements).filter { $0.kind == .banner }
    #expect(banners.map(\.text) == ["Cats", "Felines!", "Birds", "Note", "Birds"])
    #expect(banners.map(\.section) == [nil, "Lions", "Birds", nil, "Birds"])
  }
}
