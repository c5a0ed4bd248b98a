import SheetText

/// A soft drop shadow behind each card.
public struct ShadowStyle: Hashable, Sendable {
  /// Blur radius in points (about two standard deviations of the Gaussian).
  public var blur: Double
  public var offsetX: Double
  public var offsetY: Double
  public var opacity: Double
  public var color: Color

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

/// How elements are painted: colours, corners, shadow, border, resolutions and image limits.
///
/// Paint only: the fonts and text styles come from the layout, which measured every text box
/// with them.
public struct RenderStyle: Hashable, Sendable {
  public var pageBackground: Color
  public var cardBackground: Color
  public var captionColor: Color
  public var bannerColor: Color
  public var bannerSubtitleColor: Color
  public var placeholderColor: Color
  public var cornerRadius: Double
  /// The shadow behind cards, or nil for none.
  public var shadow: ShadowStyle?
  /// A line around each card, or nil for none.
  public var border: Border?
  /// Pixels per inch of PNG output.
  public var dpi: Double
  /// Pixels per inch at which images are embedded in PDF and SVG output; nil keeps originals.
  public var ppi: Double?
  /// Images whose header claims more pixels are refused before decoding.
  public var maxPixels: Int = 200_000_000
  /// JPEG quality (1…100) of photos embedded in PDF and SVG output.
  public var jpegQuality: Int = 90
  /// The colour of the layout's headers and footers.
  public var headerFooterColor: Color = Color(parsing: "#777777")!
  /// How glyph edges are smoothed (grey by default).
  public var textAntialiasing: TextAntialiasing = .grey

  public init(
    pageBackground: Color = Color(parsing: "#f4f4f2")!,
    cardBackground: Color = .white,
    captionColor: Color = Color(parsing: "#333333")!,
    bannerColor: Color = Color(parsing: "#1a1a1a")!,
    bannerSubtitleColor: Color = Color(parsing: "#666666")!,
    placeholderColor: Color = Color(parsing: "#e2e2e2")!,
    cornerRadius: Double = 6,
    shadow: ShadowStyle? = ShadowStyle(),
    border: Border? = nil,
    dpi: Double = 150,
    ppi: Double? = 300
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
    self.dpi = dpi
    self.ppi = ppi
  }
}

/// A line drawn around each card.
public struct Border: Hashable, Sendable {
  /// Line width in points.
  public var width: Double
  public var color: Color

  public init(width: Double, color: Color) {
    self.width = width
    self.color = color
  }
}
