import Foundation

/// How cards are arranged on the page.
public enum LayoutMode: String, Codable, CaseIterable, Hashable, Sendable {
  /// Columns of cards whose heights follow their images (the Pinterest-style masonry).
  case waterfall
  /// Rows of equal square cells, every other row shifted sideways (the offset-rows layout).
  case staggered
  /// Rows of equal cells with each image fitted inside, like ImageMagick's montage.
  case grid
  /// Rows of pictures at one height each, every row filling the width with the pictures'
  /// shapes kept (Flickr's and Google Photos' justified layout).
  case justified
}

/// Which column a waterfall card goes to.
public enum Placement: String, Codable, CaseIterable, Hashable, Sendable {
  /// The column whose bottom is highest; ties and sub-tolerance differences go to the first
  /// column in reading direction.
  case shortest
  /// Round robin: the k-th card after a page start or a banner goes to column k mod columns.
  case order
}

/// Where a section (a banner naming one) may begin.
public enum SectionStart: String, Codable, CaseIterable, Hashable, Sendable {
  /// Wherever the section before it ends, when it and its first row fit below.
  case anywhere
  /// At the top of a new page.
  case page
  /// At the top of a new odd-numbered page (a right-hand page in print), counting the cover
  /// and contents pages; an even page before it is left blank. On a continuous sheet, as `page`.
  case oddPage = "odd-page"
}

/// The reading direction of columns.
public enum Direction: String, Codable, CaseIterable, Hashable, Sendable {
  /// The first column is the leftmost.
  case ltr
  /// The first column is the rightmost (a mirror image), for right-to-left catalogs.
  case rtl
}

/// What happens when an image's aspect differs from the box reserved for it.
public enum ImageFit: String, Codable, CaseIterable, Hashable, Sendable {
  /// The image fills the whole box; the renderer crops its centre.
  case crop
  /// The image keeps its aspect inside the box, centred, leaving bars on two sides.
  case letterbox
}

/// Where a letterboxed image sits in its box (``LayoutOptions/imageAlignment``).
public enum ImageAlignment: String, Codable, CaseIterable, Hashable, Sendable {
  /// In the middle, bars above and below (or at both sides).
  case center
  /// At the bottom, on the caption, the bar above it; centred across.
  case bottom
}

/// Banners inserted every so many items, with text from a template.
public struct BannerCadence: Hashable, Sendable {
  /// Items between banners; the first banner comes before the first item.
  public var every: Int
  /// The banner title: `{n}` is the banner's number, `{first}` and `{last}` the 1-based
  /// numbers of the first and last item it introduces, `{count}` the number of items.
  public var template: String

  /// The default template, e.g. `Items 1–50`.
  public static let defaultTemplate = "Items {first}–{last}"

  /// Banners before every `every` items, titled by `template` (see ``template`` for its fields;
  /// default `Items {first}–{last}`).
  public init(every: Int, template: String = BannerCadence.defaultTemplate) {
    self.every = every
    self.template = template
  }

  /// The title of banner number `number` (1-based) introducing items `first...last` (1-based).
  public func title(number: Int, first: Int, last: Int) -> String {
    template.replacingOccurrences(of: "{n}", with: String(number))
      .replacingOccurrences(of: "{first}", with: String(first))
      .replacingOccurrences(of: "{last}", with: String(last))
      .replacingOccurrences(of: "{count}", with: String(last - first + 1))
  }
}

/// Text repeated at the top or bottom of every page, whose measured height each page reserves.
public struct PageMarginText: Hashable, Sendable {
  /// The text, Pango markup; `{page}` becomes the page number and `{pages}` the number of pages.
  public var text: String
  /// The font and alignment of the text, which is always set as one line of markup.
  public var style: TextStyle
  /// Space between this text and the cards.
  public var gap: Double
  /// The least height its line takes (a logo's beside it); 0 leaves it the text's.
  public var minimumHeight = 0.0

  /// DejaVu Sans 8 pt, one line of markup.
  public static let defaultStyle = TextStyle(font: "DejaVu Sans 8", isMarkup: true, maxLines: 1)

  /// Margin text `text` (see ``text`` for its fields) set in `style` (default DejaVu Sans 8 pt,
  /// one line), `gap` points (default 6) away from the cards.
  public init(text: String, style: TextStyle = PageMarginText.defaultStyle, gap: Double = 6) {
    self.text = text
    self.style = style
    self.gap = gap
  }

  /// The style the text is measured and drawn in: `style` as one line of markup, so the
  /// fields filled in when drawing (`{title}`, `{date}`, escaped) can never make it taller.
  var lineStyle: TextStyle {
    var line = style
    line.maxLines = 1
    line.isMarkup = true
    return line
  }

  /// The text for page `page` (1-based) of `pages`.
  public func text(page: Int, of pages: Int) -> String {
    text.replacingOccurrences(of: "{page}", with: String(page))
      .replacingOccurrences(of: "{pages}", with: String(pages))
  }
}
