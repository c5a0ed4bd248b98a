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
    case unit, pages, items, metrics, textStyles, fonts
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
    let described = try container.decodeIfPresent([ItemDescription].self, forKey: .items) ?? []
    var table: [Int: PlacedItem] = [:]
    for (pageIndex, page) in pages.enumerated() {
      for (elementIndex, element) in page.elements.enumerated() where element.kind == .card {
        guard let item = element.item else { continue }
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

/// What an element is.
public enum ElementKind: String, Codable, Hashable, Sendable {
  /// A card: image, caption, and perhaps a QR code.
  case card
  /// A full-width title.
  case banner
  /// The page head and foot.
  case header, footer
  /// A line of a contents or index page: `text` on the left, the page number (`subtitle`)
  /// on the right, going to `target`.
  case entry
  /// The cover's title block: `text` (the title) in `caption`, `subtitle` in `subtitleFrame`.
  case cover
  /// A picture that belongs to no item (the cover's), filling `image` (its centre kept).
  case picture
}

/// A place in the document an element goes to when clicked.
public struct ElementTarget: Codable, Hashable, Sendable {
  /// The page, counted from 0.
  public var page: Int
  /// The point on it, in points from the page's left edge…
  public var x: Double
  /// …and from its top edge.
  public var y: Double

  /// The point (`x`, `y`) on page `page` (from 0).
  public init(page: Int, x: Double, y: Double) {
    self.page = page
    self.x = x
    self.y = y
  }
}

/// A positioned element: a card (image and caption), a banner, a header or a footer, a line of
/// contents or index, or a part of the cover.
///
/// A layout holds one per card and banner, so the fields few elements use (banners' subtitles,
/// QR codes, contents targets) are kept in one box, present only when one is set.
public struct LayoutElement: Codable, Hashable, Sendable {
  // Stored in this order, so the fields pack without gaps (200 bytes an element).
  /// The outer frame of the element.
  public var frame: Rect
  /// For cards: the box the image fills (the renderer crops the image's centre when the
  /// aspect differs).
  public var image: Rect?
  /// Whether this is a card, a banner, a header or a footer; says which optional fields apply.
  public var kind: ElementKind
  /// For cards: true when the card was scaled down because it was taller than a page.
  public var scaledToFit: Bool?
  /// For cards: the box of the caption text; for banners, of the title.
  public var caption: Rect?
  /// For cards whose image does not fill the box reserved for it (letterboxed, fitted in a
  /// grid cell, or scaled to fit the page): that reserved box. Nil when it equals `image`.
  public var imageArea: Rect?
  private var storedItem: Int32 = -1
  private var storedColumn: Int32 = -1
  /// For banners made from a change of section: the section's name (for PDF bookmarks).
  public var section: String?
  /// For banners: the title; for headers and footers, the text.
  public var text: String?
  /// For cards: the index of the item in the input's items (banners not counted).
  public var item: Int? {
    get { storedItem < 0 ? nil : Int(storedItem) }
    set { storedItem = newValue.map { Int32(clamping: $0) } ?? -1 }
  }
  /// For cards: the column the card stands in, counted from the left.
  public var column: Int? {
    get { storedColumn < 0 ? nil : Int(storedColumn) }
    set { storedColumn = newValue.map { Int32(clamping: $0) } ?? -1 }
  }
  /// For banners: the subtitle, when there is one.
  public var subtitle: String? {
    get { extras?.subtitle }
    set { change { $0.subtitle = newValue } }
  }
  /// For banners: the box of the subtitle.
  public var subtitleFrame: Rect? {
    get { extras?.subtitleFrame }
    set { change { $0.subtitleFrame = newValue } }
  }
  /// For cards with a link when QR codes are asked for (`LayoutOptions.qrCodeSize`): the
  /// square the code fills, quiet zone included, below the caption.
  public var qrCode: Rect? {
    get { extras?.qrCode }
    set { change { $0.qrCode = newValue } }
  }
  /// For entries of contents and index pages: the banner or card they go to.
  public var target: ElementTarget? {
    get { extras?.target }
    set { change { $0.target = newValue } }
  }

  /// The fields few elements have; nil when none is set.
  private var extras: ElementExtras?

  /// An element of `kind` occupying `frame`; give the optional fields that apply to that kind
  /// (see each property) and leave the others nil. All rectangles are in page points.
  public init(
    kind: ElementKind, item: Int? = nil, column: Int? = nil, frame: Rect, image: Rect? = nil,
    caption: Rect? = nil, text: String? = nil, subtitle: String? = nil, subtitleFrame: Rect? = nil,
    imageArea: Rect? = nil, scaledToFit: Bool? = nil, section: String? = nil, qrCode: Rect? = nil,
    target: ElementTarget? = nil
  ) {
    self.frame = frame
    self.image = image
    self.kind = kind
    self.scaledToFit = scaledToFit
    self.caption = caption
    self.imageArea = imageArea
    self.section = section
    self.text = text
    self.item = item
    self.column = column
    // Most elements (every card without a QR code) have none of the rare fields.
    let hasExtras = subtitle != nil || subtitleFrame != nil || qrCode != nil || target != nil
    extras =
      hasExtras
      ? ElementExtras.unlessEmpty(
        ElementExtras.Values(subtitle: subtitle, subtitleFrame: subtitleFrame, qrCode: qrCode, target: target)
      )
      : nil
  }

  private mutating func change(_ body: (inout ElementExtras.Values) -> Void) {
    var values = extras?.values ?? ElementExtras.Values()
    body(&values)
    extras = ElementExtras.unlessEmpty(values)
  }

  private enum CodingKeys: String, CodingKey {
    case kind, item, column, frame, image, imageArea, scaledToFit, section, caption, text, subtitle
    case subtitleFrame, qrCode, target
  }

  /// Decodes the keys `encode(to:)` writes; absent optional fields are nil.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      kind: try container.decode(ElementKind.self, forKey: .kind),
      item: try container.decodeIfPresent(Int.self, forKey: .item),
      column: try container.decodeIfPresent(Int.self, forKey: .column),
      frame: try container.decode(Rect.self, forKey: .frame),
      image: try container.decodeIfPresent(Rect.self, forKey: .image),
      caption: try container.decodeIfPresent(Rect.self, forKey: .caption),
      text: try container.decodeIfPresent(String.self, forKey: .text),
      subtitle: try container.decodeIfPresent(String.self, forKey: .subtitle),
      subtitleFrame: try container.decodeIfPresent(Rect.self, forKey: .subtitleFrame),
      imageArea: try container.decodeIfPresent(Rect.self, forKey: .imageArea),
      scaledToFit: try container.decodeIfPresent(Bool.self, forKey: .scaledToFit),
      section: try container.decodeIfPresent(String.self, forKey: .section),
      qrCode: try container.decodeIfPresent(Rect.self, forKey: .qrCode),
      target: try container.decodeIfPresent(ElementTarget.self, forKey: .target))
  }

  /// Encodes every field that is set, in declaration order, as the synthesized encoder did.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(kind, forKey: .kind)
    try container.encodeIfPresent(item, forKey: .item)
    try container.encodeIfPresent(column, forKey: .column)
    try container.encode(frame, forKey: .frame)
    try container.encodeIfPresent(image, forKey: .image)
    try container.encodeIfPresent(imageArea, forKey: .imageArea)
    try container.encodeIfPresent(scaledToFit, forKey: .scaledToFit)
    try container.encodeIfPresent(section, forKey: .section)
    try container.encodeIfPresent(caption, forKey: .caption)
    try container.encodeIfPresent(text, forKey: .text)
    try container.encodeIfPresent(subtitle, forKey: .subtitle)
    try container.encodeIfPresent(subtitleFrame, forKey: .subtitleFrame)
    try container.encodeIfPresent(qrCode, forKey: .qrCode)
    try container.encodeIfPresent(target, forKey: .target)
  }

  /// Whether both elements have the same fields.
  public static func == (left: LayoutElement, right: LayoutElement) -> Bool {
    left.kind == right.kind && left.item == right.item && left.column == right.column
      && left.frame == right.frame && left.image == right.image && left.scaledToFit == right.scaledToFit
      && left.section == right.section && left.caption == right.caption && left.imageArea == right.imageArea
      && left.text == right.text
      && left.extras?.values == right.extras?.values
  }

  /// Hashes what `==` compares.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(kind)
    hasher.combine(item)
    hasher.combine(column)
    hasher.combine(frame)
    hasher.combine(image)
    hasher.combine(scaledToFit)
    hasher.combine(section)
    hasher.combine(caption)
    hasher.combine(imageArea)
    hasher.combine(text)
    hasher.combine(extras?.values)
  }
}

/// The fields of a ``LayoutElement`` that few elements have, boxed (immutable: a change makes a
/// new box).
private final class ElementExtras: Sendable {
  struct Values: Hashable, Sendable {
    var subtitle: String?
    var subtitleFrame: Rect?
    var qrCode: Rect?
    var target: ElementTarget?
  }

  let values: Values

  private init(_ values: Values) {
    self.values = values
  }

  /// A box for `values`, nil when none is set.
  static func unlessEmpty(_ values: Values) -> ElementExtras? {
    values == Values() ? nil : ElementExtras(values)
  }

  var subtitle: String? { values.subtitle }
  var subtitleFrame: Rect? { values.subtitleFrame }
  var qrCode: Rect? { values.qrCode }
  var target: ElementTarget? { values.target }
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
