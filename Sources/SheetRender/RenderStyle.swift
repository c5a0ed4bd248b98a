import SheetText

/// A soft drop shadow behind each card.
public struct ShadowStyle: Hashable, Sendable {
  /// Blur radius in points (about two standard deviations of the Gaussian).
  public var blur: Double
  /// Horizontal shift of the shadow from the card, in points; positive moves it right.
  /// Default 0.
  public var offsetX: Double
  /// Vertical shift of the shadow from the card, in points; positive moves it down. Default 2.
  public var offsetY: Double
  /// How opaque the shadow is at its darkest, 0…1 (0 draws no shadow). Default 0.22.
  public var opacity: Double
  /// The shadow's colour before `opacity` is applied. Default black.
  public var color: Color

  /// A shadow blurred over `blur` points (default 6), shifted by `offsetX`, `offsetY` points
  /// (default 0, 2), at `opacity` 0…1 (default 0.22) in `color` (default black).
  public init(
    blur: Double = 6, offsetX: Double = 0, offsetY: Double = 2, opacity: Double = 0.22, color: Color = .black
  ) {
    self.blur = blur
    self.offsetX = offsetX
    self.offsetY = offsetY
    self.opacity = opacity
    self.color = color
  }
}

/// How elements are painted: colours, corners, shadow and border.
///
/// Paint only: the fonts and text styles come from the layout, which measured every text box
/// with them, and resolutions and limits are the output's (``OutputSettings``).
public struct RenderStyle: Hashable, Sendable {
  /// Fill of the whole page behind the cards. Default `#f4f4f2`, a warm light grey.
  public var pageBackground: Color
  /// Fill of each card behind its image and caption. Default white.
  public var cardBackground: Color
  /// Colour of caption text, and of the message on a placeholder card. Default `#333333`.
  public var captionColor: Color
  /// Colour of banner titles. Default `#1a1a1a`.
  public var bannerColor: Color
  /// Colour of banner subtitles. Default `#666666`.
  public var bannerSubtitleColor: Color
  /// Fill of the image box of a card whose image cannot be shown. Default `#e2e2e2`.
  public var placeholderColor: Color
  /// Radius of the cards' rounded corners, in points (image boxes inside a card use it less
  /// the padding); 0 for square corners. Default 6.
  public var cornerRadius: Double
  /// The shadow behind cards, or nil for none.
  public var shadow: ShadowStyle?
  /// A line around each card, or nil for none.
  public var border: Border?
  /// Fill of each banner's frame (a band of colour behind its text), or nil for no fill and a
  /// hairline under the text. A banner whose frame touches the page's side edges runs on into
  /// a PDF's bleed.
  public var bannerFill: Color?
  /// A picture in a header or footer corner of every page (the layout reserves its height), or nil.
  public var logo: Logo?
  /// Text across every card's image, or nil for none.
  public var watermark: Watermark?
  /// The colour of the layout's headers and footers.
  public var headerFooterColor: Color = Color(parsing: "#777777")!
  /// How glyph edges are smoothed (grey by default).
  public var textAntialiasing: TextAntialiasing = .grey

  /// A style with the given colours, corner radius, shadow and border; each parameter's
  /// default is documented on the property of the same name. `bannerFill`,
  /// `headerFooterColor` and `textAntialiasing` start at their declared defaults.
  public init(
    pageBackground: Color = Color(parsing: "#f4f4f2")!,
    cardBackground: Color = .white,
    captionColor: Color = Color(parsing: "#333333")!,
    bannerColor: Color = Color(parsing: "#1a1a1a")!,
    bannerSubtitleColor: Color = Color(parsing: "#666666")!,
    placeholderColor: Color = Color(parsing: "#e2e2e2")!,
    cornerRadius: Double = 6,
    shadow: ShadowStyle? = ShadowStyle(),
    border: Border? = nil
  ) {
    self.pageBackground = pageBackground
    self.cardBackground = cardBackground
    self.captionColor = captionColor
    self.bannerColor = bannerColor
    self.bannerSubtitleColor = bannerSubtitleColor
    self.placeholderColor = placeholderColor
    self.cornerRadius = cornerRadius
    self.shadow = shadow
    self.border = border
  }
}

/// A line drawn around each card.
public struct Border: Hashable, Sendable {
  /// Line width in points.
  public var width: Double
  /// Colour of the line.
  public var color: Color

  /// A line `width` points wide in `color` around each card.
  public init(width: Double, color: Color) {
    self.width = width
    self.color = color
  }
}
