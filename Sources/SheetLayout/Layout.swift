/// The result of laying out a sheet: pages of positioned elements, ready to render or export.
///
/// Coordinates are points from each page's top-left corner.
public struct Layout: Codable, Hashable, Sendable {
  /// Always `"pt"`.
  public var unit: String = "pt"
  public var pages: [LayoutPage]
  public var metrics: LayoutMetrics

  public init(pages: [LayoutPage], metrics: LayoutMetrics) {
    self.pages = pages
    self.metrics = metrics
  }
}

/// One page and the elements on it, in drawing order.
public struct LayoutPage: Codable, Hashable, Sendable {
  public var width: Double
  public var height: Double
  public var elements: [LayoutElement]

  public init(width: Double, height: Double, elements: [LayoutElement]) {
    self.width = width
    self.height = height
    self.elements = elements
  }
}

/// What an element is.
public enum ElementKind: String, Codable, Hashable, Sendable {
  case card, banner, header, footer
}

/// A positioned element: a card (image and caption), a banner, a header or a footer.
public struct LayoutElement: Codable, Hashable, Sendable {
  public var kind: ElementKind
  /// For cards: the index of the item in the input's items (banners not counted).
  public var item: Int?
  /// For cards: the column the card stands in, counted from the left.
  public var column: Int?
  /// The outer frame of the element.
  public var frame: Rect
  /// For cards: the box the image fills.
  public var image: Rect?
  /// For cards: the box of the caption text; for banners, of the title.
  public var caption: Rect?
  /// For banners: the title; for headers and footers, the text.
  public var text: String?
  /// For banners: the subtitle, when there is one.
  public var subtitle: String?
  /// For banners: the box of the subtitle.
  public var subtitleFrame: Rect?

  public init(
    kind: ElementKind, item: Int? = nil, column: Int? = nil, frame: Rect, image: Rect? = nil,
    caption: Rect? = nil, text: String? = nil, subtitle: String? = nil, subtitleFrame: Rect? = nil
  ) {
    self.kind = kind
    self.item = item
    self.column = column
    self.frame = frame
    self.image = image
    self.caption = caption
    self.text = text
    self.subtitle = subtitle
    self.subtitleFrame = subtitleFrame
  }
}

/// Figures that describe how well the layout uses its pages.
public struct LayoutMetrics: Codable, Hashable, Sendable {
  /// Share of the content area not covered by elements, averaged over pages (0…1).
  public var whitespace: Double
  /// Largest difference between column bottoms at the end of any page or before a banner.
  public var columnSpread: Double
  /// Largest distance, in positions, that any card moved from input order.
  public var maxDisplacement: Int
  /// Number of cards scaled down because they were taller than a page.
  public var scaledToFit: Int

  public init(whitespace: Double, columnSpread: Double, maxDisplacement: Int, scaledToFit: Int) {
    self.whitespace = whitespace
    self.columnSpread = columnSpread
    self.maxDisplacement = maxDisplacement
    self.scaledToFit = scaledToFit
  }
}
