import SheetLayout

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

/// How elements are drawn: colours, corners, shadow, fonts and resolutions.
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
  public var captionStyle: TextStyle
  public var bannerStyle: TextStyle
  public var bannerSubtitleStyle: TextStyle
  /// Images whose header claims more pixels are refused before decoding.
  public var maxPixels: Int = 200_000_000
  /// JPEG quality (1…100) of photos embedded in PDF and SVG output.
  public var jpegQuality: Int = 90
  /// Text at the top of each page, a template with `{title}`, `{page}`, `{pages}` and `{date}`;
  /// `|` splits it into left, centre and right parts (`{title}|{date}` is left and right).
  public var header: String?
  /// Text at the bottom of each page, a template like `header`.
  public var footer: String?
  /// How header and footer text is set.
  public var headerFooterStyle = TextStyle(font: "DejaVu Sans 7")
  public var headerFooterColor: Color = Color(parsing: "#777777")!
  /// The page margins the layout used: headers and footers are centred in the top and bottom ones.
  public var pageMargins = EdgeInsets(all: 34)

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
    ppi: Double? = 300,
    captionStyle: TextStyle = LayoutOptions().captionStyle,
    bannerStyle: TextStyle = LayoutOptions().bannerStyle,
    bannerSubtitleStyle: TextStyle = LayoutOptions().bannerSubtitleStyle
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
    self.captionStyle = captionStyle
    self.bannerStyle = bannerStyle
    self.bannerSubtitleStyle = bannerSubtitleStyle
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
