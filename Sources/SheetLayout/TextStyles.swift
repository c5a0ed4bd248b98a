/// Every text style a layout measures with. The layout records them, and the renderer draws
/// each caption, banner, header and footer in the style its box was measured in.
public struct TextStyles: Codable, Hashable, Sendable {
  /// Card captions; its line limit is `--caption-lines`.
  public var caption: TextStyle
  /// Banner titles.
  public var bannerTitle: TextStyle
  /// Banner subtitles.
  public var bannerSubtitle: TextStyle
  /// The header: one line of markup, each part aligned as its template says.
  public var header: TextStyle
  /// The footer: one line of markup, like the header.
  public var footer: TextStyle
  /// The cover's title: the banner title's font, sized to the page (30 pt on A4), centred.
  public var coverTitle: TextStyle = Self.coverTitle(
    bannerTitle: LayoutOptions().bannerStyle, pageWidth: 595.28)
  /// The cover's subtitle: the banner subtitle's font, sized to the page (13 pt on A4), centred.
  public var coverSubtitle: TextStyle = Self.coverSubtitle(
    bannerSubtitle: LayoutOptions().bannerSubtitleStyle, pageWidth: 595.28)

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
  /// markup, whatever their style's line limit and markup flag say).
  public init(options: LayoutOptions) {
    self.init(
      caption: options.captionStyle, bannerTitle: options.bannerStyle,
      bannerSubtitle: options.bannerSubtitleStyle,
      header: options.header?.lineStyle ?? PageMarginText.defaultStyle,
      footer: options.footer?.lineStyle ?? PageMarginText.defaultStyle)
    coverTitle = Self.coverTitle(bannerTitle: options.bannerStyle, pageWidth: options.page.width)
    coverSubtitle = Self.coverSubtitle(
      bannerSubtitle: options.bannerSubtitleStyle, pageWidth: options.page.width)
  }

  private enum CodingKeys: String, CodingKey {
    case caption, bannerTitle, bannerSubtitle, header, footer, coverTitle, coverSubtitle
  }

  /// Decodes styles; JSON written before layouts had covers gets the default cover styles.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    caption = try container.decode(TextStyle.self, forKey: .caption)
    bannerTitle = try container.decode(TextStyle.self, forKey: .bannerTitle)
    bannerSubtitle = try container.decode(TextStyle.self, forKey: .bannerSubtitle)
    header = try container.decode(TextStyle.self, forKey: .header)
    footer = try container.decode(TextStyle.self, forKey: .footer)
    if let style = try container.decodeIfPresent(TextStyle.self, forKey: .coverTitle) { coverTitle = style }
    if let style = try container.decodeIfPresent(TextStyle.self, forKey: .coverSubtitle) {
      coverSubtitle = style
    }
  }

  /// The cover title's style on a page `pageWidth` points wide: about a twentieth of the width
  /// (30 pt on A4, between 14 and 60 pt), at most 3 lines.
  static func coverTitle(bannerTitle: TextStyle, pageWidth: Double) -> TextStyle {
    let size = min(60, max(14, (pageWidth / 20).rounded()))
    return TextStyle(font: bannerTitle.resizedFont(size), maxLines: 3, alignment: .center)
  }

  /// The cover subtitle's style: about 0.43 of the title's size (13 pt on A4), at most 2 lines.
  static func coverSubtitle(bannerSubtitle: TextStyle, pageWidth: Double) -> TextStyle {
    let size = min(26, max(8, (pageWidth / 46).rounded()))
    return TextStyle(font: bannerSubtitle.resizedFont(size), maxLines: 2, alignment: .center)
  }
}
