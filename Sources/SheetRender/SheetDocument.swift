import SheetImages
import SheetLayout
import SheetSupport

/// What the renderer draws: a layout plus, for each item, where its image comes from.
public struct SheetDocument: Sendable {
  /// The pages and elements to draw, with the fonts and text styles the text was measured in.
  public var layout: Layout
  /// One entry per layout item, in the layout's item order.
  public var items: [RenderItem]
  /// Metadata written into PDF output; its title and creation date also fill `{title}` and
  /// `{date}` in page headers and footers.
  public var info: DocumentInfo
  /// The image file the layout's picture elements (the cover's) show, or nil for none.
  public var coverImage: String?

  /// A document drawing `layout`, with `items` matching `layout.items` one to one, and `info`
  /// (default: no title, reproducible date); `coverImage` fills the cover's picture frame.
  public init(
    layout: Layout, items: [RenderItem], info: DocumentInfo = DocumentInfo(), coverImage: String? = nil
  ) {
    self.layout = layout
    self.items = items
    self.info = info
    self.coverImage = coverImage
  }
}

/// Where one card's image comes from; its caption is the layout's (`PlacedItem.caption`).
public struct RenderItem: Sendable, Hashable {
  /// Where the picture comes from: a file (``FileImageSource``), pixels in memory
  /// (``RasterImageSource``) or a source of your own; nil for a card that only says why it
  /// has no image.
  public var source: (any ImageSource)?
  /// Why the image is missing, known before rendering (for example, unreadable at layout time).
  public var failure: String?
  /// A URI the card opens when clicked in a PDF.
  public var link: String?
  /// Stars and a colour label drawn on the card (`--show-rating`); nil for none.
  public var badge: CardBadge?
  /// An entry of a PDF's outline going to the card (a review sheet's case); nil for none.
  public var bookmark: String?
  /// What the picture shows, for a screen reader (a tagged PDF's alternative text); nil to
  /// describe it by its caption's text.
  public var alt: String?

  /// The image file, when the source is one; setting it makes the source that file.
  public var path: String? {
    get { (source as? FileImageSource)?.path }
    set { source = newValue.map { FileImageSource(path: $0) } }
  }

  /// The image file's header, read once before layout, when the source is a file whose header
  /// was read; decoding takes it instead of reading the header again.
  public var header: ImageHeader? { (source as? FileImageSource)?.header }

  /// A card showing the picture `source` gives (its caption is the layout's, as measured).
  public init(
    source: (any ImageSource)?, failure: String? = nil, link: String? = nil, badge: CardBadge? = nil,
    bookmark: String? = nil
  ) {
    self.source = source
    self.failure = failure
    self.link = link
    self.badge = badge
    self.bookmark = bookmark
  }

  /// A card showing the image at `path` (its caption is the layout's, as measured), whose
  /// header was read before layout when `header` is given.
  public init(
    path: String?, failure: String? = nil, link: String? = nil, header: ImageHeader? = nil,
    badge: CardBadge? = nil
  ) {
    self.init(
      source: path.map { FileImageSource(path: $0, header: header) }, failure: failure, link: link,
      badge: badge)
  }

  /// A card showing the image at `path`, whose header is in `sharedHeader` (a box other items
  /// of the same file may share).
  package init(path: String?, failure: String? = nil, link: String? = nil, sharedHeader: Box<ImageHeader>?) {
    self.init(
      source: path.map { FileImageSource(path: $0, sharedHeader: sharedHeader) }, failure: failure, link: link
    )
  }

  /// Whether both items draw the same card.
  public static func == (left: RenderItem, right: RenderItem) -> Bool {
    left.source?.identity == right.source?.identity && left.failure == right.failure
      && left.link == right.link
      && left.header == right.header && left.badge == right.badge && left.bookmark == right.bookmark
  }

  /// Hashes what `==` compares.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(source?.identity)
    hasher.combine(failure)
    hasher.combine(link)
    hasher.combine(header)
    hasher.combine(badge)
    hasher.combine(bookmark)
  }
}

/// A photo's rating and colour label as a proof shows them: stars in a small dark pill on the
/// image's lower left corner (a cross for a rejected photo, whose image is also faded), and the
/// label's colour as a bar along the card's foot.
public struct CardBadge: Sendable, Hashable {
  /// -1 rejected, 0 unrated (no stars drawn), 1–5 stars.
  public var rating: Int
  /// The label's colour, or nil for no label.
  public var labelColor: Color?
  /// A video clip's duration (`0:42`), drawn with a play mark in the image's lower right
  /// corner; nil for a photo.
  public var duration: String?
  /// A frame's time in its clip (`12:30`), drawn in the image's lower right corner (a sheet of
  /// one video); nil for the rest.
  public var time: String?

  /// A badge with `rating` stars (-1 for rejected), an optional label colour and, for a clip,
  /// its duration or, for a frame of one, its time.
  public init(rating: Int, labelColor: Color? = nil, duration: String? = nil, time: String? = nil) {
    self.rating = max(-1, min(5, rating))
    self.labelColor = labelColor
    self.duration = duration
    self.time = time
  }
}
