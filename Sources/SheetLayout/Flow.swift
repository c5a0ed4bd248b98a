/// The input as placement sees it: entries in reading order with section and cadence banners
/// inserted, then reduced to steps that refer to measured cards and banners by index.
extension WaterfallLayout {
  /// One input entry after section and cadence banners are inserted.
  enum FlowEntry {
    case item(LayoutItem)
    case banner(BannerContent, section: String?)
  }

  /// Calls `body` with each entry in reading order, with a banner inserted wherever the section
  /// changes and every `cadence.every` items. This is the one place sections become banners.
  ///
  /// A banner entry sets the current section to the one it introduces (its `section`, else its
  /// title), so the items of that section after it get no second banner.
  static func forEachFlowEntry(
    _ entries: [LayoutEntry], cadence: BannerCadence?, _ body: (FlowEntry) throws -> Void
  ) rethrows {
    let total =
      cadence == nil
      ? 0 : entries.reduce(0) { count, entry in if case .item = entry { count + 1 } else { count } }
    var currentSection: String?
    var index = 0
    for entry in entries {
      switch entry {
      case .banner(let content):
        try body(.banner(content, section: content.section))
        currentSection = content.section ?? content.title
      case .item(let item):
        if let section = item.section, section != currentSection {
          try body(.banner(BannerContent(title: section), section: section))
          currentSection = section
        }
        if let cadence, cadence.every > 0, index % cadence.every == 0 {
          let title = cadence.title(
            number: index / cadence.every + 1, first: index + 1, last: min(index + cadence.every, total))
          try body(.banner(BannerContent(title: title), section: nil))
        }
        try body(.item(item))
        index += 1
      }
    }
  }

  /// The height of the tallest run of consecutive banners that a card follows, each banner
  /// with its gap below; 0 for none.
  static func tallestBannerRun(_ steps: [FlowStep], banners: [BannerBox], gap: Double) -> Double {
    bannerRuns(steps, banners: banners, gap: gap).map(\.height).max() ?? 0
  }

  /// Each run of consecutive banners that a card follows: its height (banners and their gaps)
  /// and the card's item index.
  static func bannerRuns(_ steps: [FlowStep], banners: [BannerBox], gap: Double) -> [(
    height: Double, card: Int
  )] {
    var runs: [(height: Double, card: Int)] = []
    var run = 0.0
    for step in steps {
      switch step {
      case .banner(let index): run += banners[index].height + gap
      case .card(let index):
        if run > 0 { runs.append((run, index)) }
        run = 0
      }
    }
    return runs
  }
}

/// One step of placement: a card (by item index) or a banner (by banner index).
enum FlowStep {
  case card(Int)
  case banner(Int)
}

/// The input measured once: each item's pixel size, aspect and caption height, each banner's
/// box, and the placement steps in reading order.
struct MeasuredInput {
  /// Each item with its pixel size; its page and element are filled in when pages are finished.
  private(set) var items: [PlacedItem] = []
  private(set) var aspects: [Double] = []
  /// Height below each image: the caption's text and, for a card with a QR code, the gap and
  /// the code.
  private(set) var captions: [Double] = []
  /// The side of each card's QR code square, 0 for none.
  private(set) var qrCodes: [Double] = []
  /// In the row modes, the height of each slot of the captions' template lines (the tallest
  /// `n`th part, see ``CaptionSlots``); empty when no caption has more than one part.
  private(set) var captionSlots: [Double] = []
  private(set) var banners: [BannerBox] = []
  private(set) var steps: [FlowStep] = []
  /// Each section's running banner, by section, when `continuedWord` asks for them.
  private(set) var runningBanners: [String: BannerBox] = [:]

  /// The items, handed over: the input keeps none, so the caller holds their only reference.
  mutating func takeItems() -> [PlacedItem] {
    defer { items = [] }
    return items
  }

  /// Measures each item's caption with `measurer`, unless `captionMeasurements` holds their measurements
  /// (by item). Throws when a banner is taller than a page.
  init(
    _ entries: [LayoutEntry], options: LayoutOptions, styles: TextStyles, geometry: ColumnGeometry,
    measurer: some TextMeasuring, captionMeasurements: [TextMeasurement]? = nil
  ) throws {
    let slotted = CaptionSlots.apply(to: options.mode)
    let countMessage =
      "one caption measurement per caption (per part, in a row mode): measure what texts(_:) lists"
    var slotHeights: [Double] = []
    // The tallest caption of a row mode with no parts (markup across its lines, say): kept out
    // of the slots, but the slots together are at least as tall.
    var tallestWhole = 0.0
    // Each item's caption text height, and the number of caption measurements read.
    var texts: [Double] = []
    var measured = 0
    texts.reserveCapacity(entries.count)
    items.reserveCapacity(entries.count)
    aspects.reserveCapacity(entries.count)
    captions.reserveCapacity(entries.count)
    steps.reserveCapacity(entries.count)
    try WaterfallLayout.forEachFlowEntry(entries, cadence: options.bannerCadence) { entry in
      switch entry {
      case .item(let item):
        let index = items.count
        steps.append(.card(index))
        items.append(
          PlacedItem(
            width: item.pixelWidth, height: item.pixelHeight, caption: item.caption, page: 0, element: 0))
        aspects.append(CardBox.aspect(of: item))
        var text = 0.0
        if !item.caption.isEmpty {
          let parts = slotted && CaptionSlots.isSlotted(item.caption) ? CaptionSlots.parts(item.caption) : nil
          for (slot, part) in (parts ?? [Substring(item.caption)]).enumerated() {
            let height: Double
            if part.isEmpty {
              height = 0
            } else if let captionMeasurements {
              precondition(measured < captionMeasurements.count, countMessage)
              height = captionMeasurements[measured].height
            } else {
              height =
                measurer.measure(String(part), style: styles.caption, width: geometry.captionWidth).height
            }
            measured += 1
            if slotted && parts != nil {
              if slot == slotHeights.count { slotHeights.append(0) }
              slotHeights[slot] = max(slotHeights[slot], height)
            } else if slotted {
              tallestWhole = max(tallestWhole, height)
            }
            text += height
          }
        } else {
          measured += 1
        }
        let qr = (item.link ?? "").isEmpty ? 0 : geometry.qrCode
        qrCodes.append(qr)
        texts.append(text)
      case .banner(let content, let section):
        let box = BannerBox(
          content: content, section: section, options: options, styles: styles,
          width: geometry.content.width, measurer: measurer)
        guard box.height <= geometry.content.height else {
          throw LayoutError(
            .page,
            "the banner “\(content.title)” is \(ColumnGeometry.format(box.height)) pt tall, more than the \(ColumnGeometry.format(geometry.content.height)) pt a page holds; shorten it or use a bigger page"
          )
        }
        steps.append(.banner(banners.count))
        banners.append(box)
        if let section, let word = options.continuedWord, runningBanners[section] == nil {
          // No title: the section's name and the word, small, in the subtitle's style.
          runningBanners[section] = BannerBox(
            content: BannerContent(title: "", subtitle: "\(section) (\(word))"), section: nil,
            options: options,
            styles: styles, width: geometry.content.width, measurer: measurer)
        }
      }
    }
    precondition(captionMeasurements.map { $0.count == measured } ?? true, countMessage)
    if slotHeights.count > 1 {
      // Every caption fills all the slots, so each template line starts at the same height.
      let shortfall = tallestWhole - slotHeights.reduce(0, +)
      if shortfall > 0 { slotHeights[slotHeights.count - 1] += shortfall }
      captionSlots = slotHeights
      let total = slotHeights.reduce(0, +)
      for index in texts.indices { texts[index] = total }
    }
    captions = texts.indices.map { index in
      Self.captionHeight(text: texts[index], qrCode: qrCodes[index], geometry: geometry, options: options)
    }
  }

  /// The height below an image: the caption's `text` and a QR code of side `qrCode` (0 for
  /// none) below it with a caption gap between, or beside it.
  static func captionHeight(text: Double, qrCode: Double, geometry: ColumnGeometry, options: LayoutOptions)
    -> Double
  {
    if geometry.qrBeside { return max(text, qrCode) }
    return text + (qrCode > 0 && text > 0 ? options.captionGap : 0) + qrCode
  }
}
