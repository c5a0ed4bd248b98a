/// One image to place: its pixel size after EXIF orientation and the text under it.
public struct LayoutItem: Codable, Hashable, Sendable {
  /// Width in pixels, after EXIF orientation is applied.
  public var pixelWidth: Int
  /// Height in pixels, after EXIF orientation is applied.
  public var pixelHeight: Int
  /// Caption text (plain, or Pango markup when the caption style says so); empty for none.
  public var caption: String
  /// The section this item belongs to: the layout puts a banner titled with it before the item
  /// when it differs from the section of the last banner (which is the last inserted section
  /// banner, or a given banner's `section`, or else its title).
  public var section: String?
  /// A URL that the card links to in PDF output.
  public var link: String?
  /// The item's entry in the index (`LayoutOptions.indexTitle`), as plain text; nil for none.
  public var indexTerm: String?

  /// An image of `pixelWidth`×`pixelHeight` pixels (after EXIF orientation) with an optional
  /// caption, section and link; see each property.
  public init(
    pixelWidth: Int, pixelHeight: Int, caption: String = "", section: String? = nil,
    link: String? = nil, indexTerm: String? = nil
  ) {
    self.indexTerm = indexTerm
    self.pixelWidth = pixelWidth
    self.pixelHeight = pixelHeight
    self.caption = caption
    self.section = section
    self.link = link
  }
}

/// A full-width title that breaks the waterfall.
public struct BannerContent: Codable, Hashable, Sendable {
  /// The text in the banner's title font.
  public var title: String
  /// A second line in the subtitle font, if any.
  public var subtitle: String?
  /// The section this banner introduces, if it does (carried to the element for PDF bookmarks).
  public var section: String?

  /// A banner with `title` and an optional `subtitle`, introducing no section.
  public init(title: String, subtitle: String? = nil) {
    self.title = title
    self.subtitle = subtitle
  }

  /// A banner that introduces `section`.
  public init(title: String, subtitle: String?, section: String?) {
    self.title = title
    self.subtitle = subtitle
    self.section = section
  }
}

/// One entry of the layout's input, in reading order.
public enum LayoutEntry: Hashable, Sendable {
  case item(LayoutItem)
  case banner(BannerContent)
}
