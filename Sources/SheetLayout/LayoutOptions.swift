/// How many columns a waterfall has.
public enum ColumnRule: Hashable, Sendable {
  /// Exactly this many columns.
  case count(Int)
  /// As many columns as fit with each at least this wide, in points (at least one column,
  /// as wide as the content, when even one does not fit).
  case minimumWidth(Double)
}

/// Where a banner's frame runs; its text always stays inside the margins.
public enum BannerLook: String, Codable, CaseIterable, Hashable, Sendable {
  /// Across the content width, inside the margins.
  case inset
  /// From the page's left edge to its right edge (and, in a PDF with a bleed, into the bleed),
  /// for a band of colour across the page.
  case fullBleed = "full-bleed"
}

/// Where a card's QR code stands (``LayoutOptions/qrCodePosition``).
public enum QRCodePosition: String, Codable, CaseIterable, Hashable, Sendable {
  /// Beside the caption when the caption keeps at least the code's width, else below it.
  case auto
  /// Below the caption, across its left.
  case below
  /// At the right of the caption, top-aligned with it (below it when the card is too narrow).
  case beside
}

/// Everything that decides where elements go. All lengths are in points.
public struct LayoutOptions: Hashable, Sendable {
  /// The paper, or one continuous sheet.
  public var page: PageSize
  /// Space between the page edges and the content (and any header or footer).
  public var margins: EdgeInsets
  /// A fixed column count or a minimum column width.
  public var columns: ColumnRule
  /// Horizontal gap between columns.
  public var gutter: Double
  /// Vertical gap between cards in a column, and around banners.
  public var rowGap: Double
  /// Space between a card's edge and its image and caption.
  public var padding: Double
  /// Space between the image and its caption.
  public var captionGap: Double
  /// How captions are set; its line limit is `--caption-lines`.
  public var captionStyle: TextStyle
  /// How banner titles are set.
  public var bannerStyle: TextStyle
  /// How banner subtitles are set.
  public var bannerSubtitleStyle: TextStyle
  /// Space around a banner's text inside its frame.
  public var bannerPadding: Double
  /// Columns of varying heights, staggered rows or a uniform grid.
  public var mode: LayoutMode = .waterfall
  /// Which column each waterfall card goes to.
  public var placement: Placement = .shortest
  /// Whether each section begins a page.
  public var sectionStart: SectionStart = .anywhere
  /// Whether the first column is the leftmost or the rightmost.
  public var direction: Direction = .ltr
  /// A fixed image box shape as height ÷ width (`--image-aspect 4:3` is 0.75), else each
  /// image's own aspect in the waterfall and square cells in the other modes.
  public var imageAspect: Double?
  /// The tallest an image box may be, in points; taller images are cropped or letterboxed.
  public var maxImageHeight: Double?
  /// How images whose aspect differs from their box are fitted (`--fit`).
  public var imageFit: ImageFit = .crop
  /// Where a letterboxed image sits in its box: in the middle, or at the bottom, on its caption
  /// (a row of products standing on one line).
  public var imageAlignment: ImageAlignment = .center
  /// Banners every N items, with a title template; nil for none.
  public var bannerCadence: BannerCadence?
  /// How many positions a card may move from input order to even out column bottoms (0: none;
  /// at most 1000).
  /// Waterfall mode only: the row modes' cells are all the same height.
  public var balance: Int = 0
  /// How far odd rows of `staggered` mode are shifted, as a fraction of the cell width.
  public var staggerOffset: Double = 0.5
  /// The picture height `justified` rows aim for, in points; nil for the height at which 3:2
  /// landscapes fill a row in ``columns`` columns.
  public var rowHeight: Double?
  /// How far a `justified` row's height may stray from ``rowHeight``, as a fraction of it.
  public var rowHeightTolerance = 0.25
  /// How the last row of each `justified` section is laid out.
  public var lastRow = LastRowStyle.left
  /// How `justified` rows are chosen.
  public var rowBreaker = RowBreaker.greedy
  /// Every this many `justified` rows, a landscape picture takes a full-width row of its own
  /// (for panoramas); nil for never.
  public var fullWidthEvery: Int?
  /// Text at the top of every page, whose height each page reserves.
  public var header: PageMarginText?
  /// Text at the bottom of every page, whose height each page reserves.
  public var footer: PageMarginText?
  /// When set, each card whose item has a link reserves a square this many points wide below
  /// or beside its caption (``qrCodePosition``) for a QR code of the link (quiet zone included);
  /// at most the card's inner width.
  public var qrCodeSize: Double?
  /// Where QR codes stand: below the caption, or beside it (at its right, the caption
  /// narrower); `auto` puts them beside when the caption keeps at least the code's width.
  /// `justified` mode always puts them below.
  public var qrCodePosition: QRCodePosition = .auto
  /// When set, contents page(s) with this title come first: each section with its page number.
  public var contentsTitle: String?
  /// When set, a section that continues onto a new page gets a small banner atop it: the
  /// section's name and this word (`Kitchen (continued)`), in the banner subtitle's style.
  /// Nil (the default) for none.
  public var continuedWord: String?
  /// When set, index page(s) with this title come last: items' `indexTerm`s in alphabetical
  /// order with their page numbers.
  public var indexTitle: String?
  /// The number of columns of index pages (1 to 10); nil for as many as fit at least 180 pt wide.
  public var indexColumns: Int?
  /// When set, a cover comes first (before any contents): page 1, without header or footer.
  public var cover: CoverContent?
  /// Whether banners stay inside the margins or run from page edge to page edge.
  public var bannerLook: BannerLook = .inset

  /// Options with the given page, margins, columns, spacings and text styles; the defaults are
  /// A4 portrait, 36 pt margins, 4 columns, 12 pt gutter and row gap, 6 pt padding, 4 pt caption
  /// gap, DejaVu Sans 7 pt captions of at most 2 lines, DejaVu Sans Bold 16 pt banner titles,
  /// DejaVu Sans 9 pt banner subtitles and 6 pt banner padding. The other properties start at
  /// their declared defaults (waterfall mode, shortest-column placement, left to right, crop).
  public init(
    page: PageSize = .named("a4")!,
    margins: EdgeInsets = EdgeInsets(all: 36),
    columns: ColumnRule = .count(4),
    gutter: Double = 12,
    rowGap: Double = 12,
    padding: Double = 6,
    captionGap: Double = 4,
    captionStyle: TextStyle = TextStyle(font: "DejaVu Sans 7", maxLines: 2),
    bannerStyle: TextStyle = TextStyle(font: "DejaVu Sans Bold 16"),
    bannerSubtitleStyle: TextStyle = TextStyle(font: "DejaVu Sans 9"),
    bannerPadding: Double = 6
  ) {
    self.page = page
    self.margins = margins
    self.columns = columns
    self.gutter = gutter
    self.rowGap = rowGap
    self.padding = padding
    self.captionGap = captionGap
    self.captionStyle = captionStyle
    self.bannerStyle = bannerStyle
    self.bannerSubtitleStyle = bannerSubtitleStyle
    self.bannerPadding = bannerPadding
  }
}
