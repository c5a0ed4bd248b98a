/// The result of laying out a sheet: pages of positioned elements, ready to render or export.
///
/// Coordinates are points from each page's top-left corner.
public struct Layout: Codable, Hashable, Sendable {
  /// Always `"pt"`.
  public var unit: String = "pt"
  /// The pages in order, each with its size and the elements drawn on it; never empty for a
  /// layout made by ``WaterfallLayout``.
  public var pages: [LayoutPage]
  /// One entry per input item, in input order: its pixel size and where its card went.
  public var items: [PlacedItem]
  /// How well the pages are used (whitespace, column spread, reordering, cards scaled to fit).
  public var metrics: LayoutMetrics
  /// The styles every text box was measured in: draw each text in its style.
  public var textStyles: TextStyles
  /// The fonts the text was measured with: draw it with the same fonts.
  public var fonts: FontSet
  /// In the row modes, the height of each slot of the captions' template lines: draw the
  /// `n`th part of a caption (``CaptionSlots``) at the top of slot `n` in its caption box. Nil
  /// when captions are drawn whole.
  public var captionSlots: [Double]?

  /// A layout of `pages`; `textStyles` and `fonts` say how its text boxes were measured.
  public init(
    pages: [LayoutPage], items: [PlacedItem] = [], metrics: LayoutMetrics,
    textStyles: TextStyles = TextStyles(), fonts: FontSet = .system
  ) {
    self.pages = pages
    self.items = items
    self.metrics = metrics
    self.textStyles = textStyles
    self.fonts = fonts
  }

  private enum CodingKeys: String, CodingKey {
    case unit, pages, items, metrics, textStyles, fonts, captionSlots
  }

  /// Decodes a layout; the item table is rebuilt from the pages' cards, taking sizes and
  /// sources from `items` where present, so JSON whose items carry other fields (such as the
  /// `contactsheet layout --json` export) still decodes. JSON without `textStyles` or `fonts`
  /// (written before layouts carried them) gets the default styles and the system's fonts.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    unit = try container.decodeIfPresent(String.self, forKey: .unit) ?? "pt"
    pages = try container.decode([LayoutPage].self, forKey: .pages)
    metrics = try container.decode(LayoutMetrics.self, forKey: .metrics)
    textStyles = try container.decodeIfPresent(TextStyles.self, forKey: .textStyles) ?? TextStyles()
    fonts = try container.decodeIfPresent(FontSet.self, forKey: .fonts) ?? .system
    captionSlots = try container.decodeIfPresent([Double].self, forKey: .captionSlots)
    let described = try container.decodeIfPresent([ItemDescription].self, forKey: .items) ?? []
    var table: [Int: PlacedItem] = [:]
    for (pageIndex, page) in pages.enumerated() {
      for (elementIndex, element) in page.elements.enumerated() {
        guard let item = element.card?.item else { continue }
        let description = described.indices.contains(item) ? described[item] : ItemDescription()
        table[item] = PlacedItem(
          source: description.source, width: description.width ?? 0, height: description.height ?? 0,
          caption: description.caption ?? "", page: pageIndex, element: elementIndex)
      }
    }
    let count = (table.keys.max() ?? -1) + 1
    guard table.count == count else {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: [CodingKeys.pages], debugDescription: "card item numbers must run from 0 without gaps"))
    }
    items = (0..<count).map { table[$0]! }
  }

  /// The fields of an item that decoding uses, all optional.
  private struct ItemDescription: Decodable {
    var source: String?
    var width: Int?
    var height: Int?
    var caption: String?
  }

  /// The card of input item `item`, found in O(1) through `items`; nil when out of range.
  public func element(forItem item: Int) -> LayoutElement? {
    guard items.indices.contains(item) else { return nil }
    let placed = items[item]
    return pages[placed.page].elements[placed.element]
  }
}

/// An input item as the layout saw it, and where its card is.
public struct PlacedItem: Codable, Hashable, Sendable {
  /// Where the image comes from (a path or URL), when the caller says; the layout leaves it nil.
  public var source: String?
  /// Pixel width after EXIF orientation.
  public var width: Int
  /// Pixel height after EXIF orientation.
  public var height: Int
  /// The caption exactly as measured (markup or plain text as the caption style says): the
  /// renderer draws this text, so it always fits the box measured for it.
  public var caption: String
  /// The page the card is on (0-based).
  public var page: Int
  /// The card's position in that page's `elements`.
  public var element: Int

  /// An item of `width`×`height` upright pixels with `caption`, on `page` as element `element`.
  public init(
    source: String? = nil, width: Int, height: Int, caption: String = "", page: Int, element: Int
  ) {
    self.source = source
    self.width = width
    self.height = height
    self.caption = caption
    self.page = page
    self.element = element
  }
}

/// One page and the elements on it, in drawing order.
public struct LayoutPage: Codable, Hashable, Sendable {
  /// Page width in points (595.28 for A4 portrait).
  public var width: Double
  /// Page height in points; for one continuous sheet, the height the content needed.
  public var height: Double
  /// The cards, banners, headers and footers on this page, in the order they are drawn.
  public var elements: [LayoutElement]

  /// A page `width`×`height` points holding `elements`, drawn in the order given.
  public init(width: Double, height: Double, elements: [LayoutElement]) {
    self.width = width
    self.height = height
    self.elements = elements
  }
}

/// Figures that describe how well the layout uses its pages.
public struct LayoutMetrics: Codable, Hashable, Sendable {
  /// Share of the content area not covered by elements, averaged over pages (0…1).
  public var whitespace: Double
  /// Largest difference between column bottoms at the end of any page or before a banner
  /// (waterfall mode; zero in the row modes).
  public var columnSpread: Double
  /// Largest distance, in positions, that any card moved from input order.
  public var maxDisplacement: Int
  /// Number of cards scaled down because they were taller than a page.
  public var scaledToFit: Int

  /// Metrics as computed by the layout; see each property for its meaning and unit.
  public init(whitespace: Double, columnSpread: Double, maxDisplacement: Int, scaledToFit: Int) {
    self.whitespace = whitespace
    self.columnSpread = columnSpread
    self.maxDisplacement = maxDisplacement
    self.scaledToFit = scaledToFit
  }
}
