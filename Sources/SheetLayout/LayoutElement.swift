/// A positioned element of a page, one of a few kinds, each with the boxes and texts it has.
///
/// A layout holds one per card and banner: the cases are kept small (about 200 bytes).
public enum LayoutElement: Hashable, Sendable {
  /// A card: image, caption, and perhaps a QR code.
  case card(CardElement)
  /// A full-width title, perhaps with a subtitle.
  case banner(BannerElement)
  /// The page head.
  case header(PageTextElement)
  /// The page foot (and the cover's note).
  case footer(PageTextElement)
  /// A line of a contents or index page.
  case entry(EntryElement)
  /// The cover's title block.
  case cover(CoverElement)
  /// A picture that belongs to no item (the cover's).
  case picture(PictureElement)

  /// What the element is.
  public var kind: ElementKind {
    switch self {
    case .card: .card
    case .banner: .banner
    case .header: .header
    case .footer: .footer
    case .entry: .entry
    case .cover: .cover
    case .picture: .picture
    }
  }

  /// The outer frame of the element, in page points. Setting it moves nothing inside.
  public var frame: Rect {
    get {
      switch self {
      case .card(let card): card.frame
      case .banner(let banner): banner.frame
      case .header(let text), .footer(let text): text.frame
      case .entry(let entry): entry.frame
      case .cover(let cover): cover.frame
      case .picture(let picture): picture.frame
      }
    }
    set {
      switch self {
      case .card(var card):
        card.frame = newValue
        self = .card(card)
      case .banner(var banner):
        banner.frame = newValue
        self = .banner(banner)
      case .header(var text):
        text.frame = newValue
        self = .header(text)
      case .footer(var text):
        text.frame = newValue
        self = .footer(text)
      case .entry(var entry):
        entry.frame = newValue
        self = .entry(entry)
      case .cover(var cover):
        cover.frame = newValue
        self = .cover(cover)
      case .picture(var picture):
        picture.frame = newValue
        self = .picture(picture)
      }
    }
  }

  /// The element with each of its boxes passed through `mirror` (a right-to-left layout's
  /// reflection) and a card's column counted from the other side of `columns`.
  func mirrored(by mirror: (Rect) -> Rect, columns: Int) -> LayoutElement {
    switch self {
    case .card(var card):
      card.frame = mirror(card.frame)
      card.image = mirror(card.image)
      card.caption = mirror(card.caption)
      card.imageArea = card.imageArea.map(mirror)
      card.qrCode = card.qrCode.map(mirror)
      card.column = card.column.map { columns - 1 - $0 }
      return .card(card)
    case .banner(var banner):
      banner.frame = mirror(banner.frame)
      banner.titleFrame = mirror(banner.titleFrame)
      banner.subtitleFrame = banner.subtitleFrame.map(mirror)
      return .banner(banner)
    case .cover(var cover):
      cover.frame = mirror(cover.frame)
      cover.titleFrame = mirror(cover.titleFrame)
      cover.subtitleFrame = cover.subtitleFrame.map(mirror)
      return .cover(cover)
    case .header, .footer, .entry, .picture:
      var element = self
      element.frame = mirror(frame)
      return element
    }
  }

  /// The card, when this is one.
  public var card: CardElement? {
    if case .card(let card) = self { card } else { nil }
  }

  /// The banner, when this is one.
  public var banner: BannerElement? {
    if case .banner(let banner) = self { banner } else { nil }
  }
}

/// What an element is.
public enum ElementKind: String, Codable, Hashable, Sendable, CaseIterable {
  /// A card: image, caption, and perhaps a QR code.
  case card
  /// A full-width title.
  case banner
  /// The page head and foot.
  case header, footer
  /// A line of a contents or index page.
  case entry
  /// The cover's title block.
  case cover
  /// A picture that belongs to no item (the cover's).
  case picture
}

/// A card: an item's image and caption, and its QR code when QR codes are asked for.
public struct CardElement: Hashable, Sendable {
  /// The card's outer frame.
  public var frame: Rect
  /// The box the image fills (the renderer crops the image's centre when the aspect differs).
  public var image: Rect
  /// The box of the caption text.
  public var caption: Rect
  /// The box reserved for the image when the image does not fill it (letterboxed, fitted in a
  /// grid cell, or scaled to fit the page); nil when it equals `image`.
  public var imageArea: Rect?
  /// The square the QR code of the card's link fills, quiet zone included, below the caption
  /// (`LayoutOptions.qrCodeSize`); nil for none.
  public var qrCode: Rect?
  private var storedItem: Int32
  private var storedColumn: Int32
  /// Whether the card was scaled down because it was taller than a page.
  public var scaledToFit: Bool

  /// A card of item `item` in `column` (nil outside columns) with these boxes.
  public init(
    item: Int, column: Int?, frame: Rect, image: Rect, caption: Rect, imageArea: Rect? = nil,
    qrCode: Rect? = nil, scaledToFit: Bool = false
  ) {
    self.frame = frame
    self.image = image
    self.caption = caption
    self.imageArea = imageArea
    self.qrCode = qrCode
    storedItem = Int32(clamping: item)
    storedColumn = column.map { Int32(clamping: $0) } ?? -1
    self.scaledToFit = scaledToFit
  }

  /// The index of the item in the input's items (banners not counted).
  public var item: Int {
    get { Int(storedItem) }
    set { storedItem = Int32(clamping: newValue) }
  }

  /// The column the card stands in, counted from the left; nil when the mode has none.
  public var column: Int? {
    get { storedColumn < 0 ? nil : Int(storedColumn) }
    set { storedColumn = newValue.map { Int32(clamping: $0) } ?? -1 }
  }
}

/// A banner: a title across the content width, perhaps a subtitle under it.
public struct BannerElement: Hashable, Sendable {
  /// The banner's outer frame (with a full-bleed look, from page edge to page edge).
  public var frame: Rect
  /// The box of the title.
  public var titleFrame: Rect
  /// The title.
  public var title: String
  /// The subtitle and its box, when there is one.
  public var subtitle: String?
  /// See `subtitle`.
  public var subtitleFrame: Rect?
  /// For banners made from a change of section: the section's name (for PDF bookmarks).
  public var section: String?

  /// A banner titled `title` in `titleFrame`, with `subtitle` in `subtitleFrame` if any.
  public init(
    frame: Rect, titleFrame: Rect, title: String, subtitle: String? = nil, subtitleFrame: Rect? = nil,
    section: String? = nil
  ) {
    self.frame = frame
    self.titleFrame = titleFrame
    self.title = title
    self.subtitle = subtitle
    self.subtitleFrame = subtitleFrame
    self.section = section
  }
}

/// A page's head or foot: a template (`{page}`, `{title}`…) drawn in its frame.
public struct PageTextElement: Hashable, Sendable {
  /// The box the text is drawn in.
  public var frame: Rect
  /// The text, with its fields still to fill.
  public var text: String

  /// `text` drawn in `frame`.
  public init(frame: Rect, text: String) {
    self.frame = frame
    self.text = text
  }
}

/// A line of a contents or index page: its text on the left, a page number on the right,
/// going to `target` when clicked.
public struct EntryElement: Hashable, Sendable {
  /// The line's box.
  public var frame: Rect
  /// The section title or index term.
  public var text: String
  /// The page number printed on the right.
  public var pageNumber: String
  /// Where the line goes.
  public var target: ElementTarget

  /// A line reading `text` … `pageNumber`, going to `target`.
  public init(frame: Rect, text: String, pageNumber: String, target: ElementTarget) {
    self.frame = frame
    self.text = text
    self.pageNumber = pageNumber
    self.target = target
  }
}

/// The cover's title block: the title, and a subtitle under it.
public struct CoverElement: Hashable, Sendable {
  /// The block's frame.
  public var frame: Rect
  /// The box of the title.
  public var titleFrame: Rect
  /// The title.
  public var title: String
  /// The subtitle and its box, when there is one.
  public var subtitle: String?
  /// See `subtitle`.
  public var subtitleFrame: Rect?

  /// A title block with `title` in `titleFrame` and `subtitle` in `subtitleFrame` if any.
  public init(
    frame: Rect, titleFrame: Rect, title: String, subtitle: String? = nil, subtitleFrame: Rect? = nil
  ) {
    self.frame = frame
    self.titleFrame = titleFrame
    self.title = title
    self.subtitle = subtitle
    self.subtitleFrame = subtitleFrame
  }
}

/// A picture that belongs to no item (the cover's), filling its frame, its centre kept.
public struct PictureElement: Hashable, Sendable {
  /// The box the picture fills.
  public var frame: Rect

  /// A picture filling `frame`.
  public init(frame: Rect) { self.frame = frame }
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
