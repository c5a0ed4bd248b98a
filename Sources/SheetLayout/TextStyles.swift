/// Every text style a layout measures with. The layout records them, and the renderer draws
/// each caption, banner, header and footer in the style its box was measured in.
public struct TextStyles: Codable, Hashable, Sendable {
  /// Card captions; its line limit is `--caption-lines`.
  public var caption: TextStyle
  /// Banner titles.
  public var bannerTitle: TextStyle
  /// Banner subtitles.
  public var bannerSubtitle: TextStyle
  /// The header: one line of plain text, each part aligned as its template says.
  public var header: TextStyle
  /// The footer: one line of plain text, like the header.
  public var footer: TextStyle

  /// The styles of a default ``LayoutOptions``, unless given.
  public init(
    caption: TextStyle = LayoutOptions().captionStyle,
    bannerTitle: TextStyle = LayoutOptions().bannerStyle,
    bannerSubtitle: TextStyle = LayoutOptions().bannerSubtitleStyle,
    header: TextStyle = PageMarginText.defaultStyle,
    footer: TextStyle = PageMarginText.defaultStyle
  ) {
    self.caption = caption
    self.bannerTitle = bannerTitle
    self.bannerSubtitle = bannerSubtitle
    self.header = header
    self.footer = footer
  }

  /// The styles a layout with `options` measures with (headers and footers as one line of
  /// plain text, whatever their style's line limit and markup flag say).
  public init(options: LayoutOptions) {
    self.init(
      caption: options.captionStyle, bannerTitle: options.bannerStyle,
      bannerSubtitle: options.bannerSubtitleStyle,
      header: options.header?.lineStyle ?? PageMarginText.defaultStyle,
      footer: options.footer?.lineStyle ?? PageMarginText.defaultStyle)
  }
}
