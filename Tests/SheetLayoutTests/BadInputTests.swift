import SheetLayout
import Testing

@Suite("Bad input: typed errors that name the option, or documented clamps")
struct BadInputTests {
  /// The error laying out `entries` with options changed by `change`, or nil.
  private func refusal(
    _ entries: [LayoutEntry] = [item(100, 100)], changing change: (inout LayoutOptions) -> Void
  ) -> LayoutError? {
    var options = testOptions()
    change(&options)
    do {
      _ = try layOut(entries, options)
      return nil
    } catch {
      return error as? LayoutError
    }
  }

  @Test("each bad option is refused with its name and a hint")
  func badOptions() {
    let cases: [(LayoutSetting, (inout LayoutOptions) -> Void)] = [
      (.columns, { $0.columns = .count(0) }),
      (.columns, { $0.columns = .count(-3) }),
      (.columns, { $0.columns = .count(40) }),  // 40 columns leave no room inside the padding.
      (.columnWidth, { $0.columns = .minimumWidth(0) }),
      (.columnWidth, { $0.columns = .minimumWidth(.nan) }),
      (.gutter, { $0.gutter = -1 }),
      (.gutter, { $0.gutter = 2_000 }),  // Gutters wider than the page between the margins.
      (.rowGap, { $0.rowGap = .nan }),
      (.padding, { $0.padding = -0.5 }),
      // Padding wider than the 100 pt columns: the column rule is named, the message names both.
      (.columns, { $0.padding = 60 }),
      (.captionGap, { $0.captionGap = .infinity }),
      (.margin, { $0.margins = EdgeInsets(all: 400) }),
      (.margin, { $0.margins.left = -2 }),
      (.page, { $0.page = .paper(width: 0, height: 100) }),
      (.page, { $0.page = .paper(width: 300, height: .nan) }),
      (.page, { $0.page = .continuous(width: .infinity) }),
      (.imageAspect, { $0.imageAspect = 0 }),
      (.maxImageHeight, { $0.maxImageHeight = -5 }),
      (.bannerEvery, { $0.bannerCadence = BannerCadence(every: 0) }),
      (.balance, { $0.balance = -1 }),
      (.balance, { $0.balance = 1_000_000 }),  // Would make each step scan a million cards.
      (.stagger, { $0.staggerOffset = 1 }),
    ]
    for (option, change) in cases {
      let found = refusal(changing: change)
      #expect(
        found?.setting == option, "expected an error naming \(option), got \(String(describing: found))")
      #expect(found.map { !$0.message.isEmpty } ?? false)
    }
  }

  @Test("a column narrower than its padding names both options")
  func paddingWiderThanColumn() {
    let found = refusal(changing: { $0.padding = 60 })
    // The library names settings as style keys; the command spells them as its flags.
    #expect(found?.message.contains("inside padding 60.0 pt") == true, "\(String(describing: found))")
    #expect(found?.message.contains("--") == false)
    #expect(found?.message(spelling: { "--\($0.rawValue)" }).contains("inside --padding 60.0 pt") == true)
    #expect(found?.description(spelling: { "--\($0.rawValue)" }).hasPrefix("--columns: ") == true)
    #expect(found?.message.contains("fewer columns or less padding") == true)
  }

  @Test("an empty input is refused")
  func emptyInput() {
    for entries in [[], [LayoutEntry.banner(BannerContent(title: "Only a banner"))]] {
      let found = refusal(entries, changing: { _ in })
      #expect(found?.description == "there is nothing to lay out; give at least one image or item")
      #expect(found != nil && found?.setting == nil)
    }
  }

  @Test("a caption taller than a page is refused, naming caption-lines")
  func captionTallerThanPage() {
    let long = item(100, 100, String(repeating: "x", count: 18 * 200))  // 200 lines of 10 pt.
    for mode in LayoutMode.allCases {
      let found = refusal([long]) {
        $0.mode = mode
        $0.captionStyle.maxLines = 0
      }
      #expect(found?.setting == .captionLines, "\(mode): \(String(describing: found))")
    }
    // With a line limit the same caption fits.
    #expect(refusal([long]) { $0.captionStyle.maxLines = 3 } == nil)
  }

  @Test("a caption that fits a page but not below its banner is refused: a banner never ends a page")
  func captionBelowBanner() {
    // 230 pt of content; an 18 pt banner and 5 pt gap leave 207; a 20-line caption is 200 pt,
    // the card around it 5 + 2 + 200 + 5 = 212 pt before any image.
    let caption = String(repeating: "x", count: 18 * 20)
    for mode in LayoutMode.allCases {
      let found = refusal([.banner(BannerContent(title: "Section")), item(100, 100, caption)]) {
        $0.mode = mode
        // Same 90 pt caption width in every mode.
        $0.staggerOffset = 0
        $0.rowHeight = 90
        $0.page = .paper(width: 330, height: 250)
        $0.captionStyle.maxLines = 0
      }
      #expect(found?.setting == .captionLines, "\(mode): \(String(describing: found))")
      #expect(found?.message.contains("banner") == true)
    }
  }

  @Test("zero, negative and enormous image sizes are clamped, never a crash")
  func extremeImageSizes() throws {
    let entries = [item(0, 0), item(-10, 20), item(1, 1_000_000), item(1_000_000, 1), item(Int.max, 1)]
    let layout = try layOut(entries, testOptions())
    let placed = layout.pages.flatMap(cards)
    #expect(placed.count == 5)
    // Zero and negative sizes count as square; aspects clamp to 1:1000…1000:1.
    #expect(placed[0].image?.height == 90)
    #expect(placed[1].image?.height == 90)
    #expect(placed[3].image!.height == 0.09)
    #expect(placed.allSatisfy { $0.frame.height.isFinite && $0.frame.height > 0 })
  }

  @Test("a banner taller than the page is refused, naming page")
  func bannerTallerThanPage() {
    let banner = LayoutEntry.banner(BannerContent(title: String(repeating: "x", count: 60 * 200)))
    #expect(refusal([banner, item(100, 100)], changing: { _ in })?.setting == .page)
  }
}
