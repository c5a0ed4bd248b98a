/// A card's measured parts, before it is given a position.
struct CardBox {
  var imageHeight: Double
  var captionHeight: Double
  let padding: Double
  let captionGap: Double

  init(item: LayoutItem, options: LayoutOptions, geometry: ColumnGeometry, measurer: some TextMeasuring) {
    let aspect =
      item.pixelWidth > 0 && item.pixelHeight > 0
      ? Double(item.pixelHeight) / Double(item.pixelWidth) : 1
    imageHeight = geometry.innerWidth * min(max(aspect, 1e-3), 1e3)
    captionHeight =
      item.caption.isEmpty
      ? 0 : measurer.measure(item.caption, style: options.captionStyle, width: geometry.innerWidth).height
    padding = options.padding
    captionGap = item.caption.isEmpty ? 0 : options.captionGap
  }

  var height: Double { 2 * padding + imageHeight + captionGap + captionHeight }

  /// Shrinks the image so the whole card is at most `limit` tall; returns whether it had to.
  mutating func scale(toFit limit: Double) -> Bool {
    guard height > limit else { return false }
    imageHeight = max(0, limit - (2 * padding + captionGap + captionHeight))
    return true
  }
}

/// A banner's measured parts, before it is given a position.
struct BannerBox {
  let content: BannerContent
  let titleHeight: Double
  let subtitleHeight: Double
  let padding: Double

  /// Space between the title and the subtitle.
  static let subtitleGap = 2.0

  init(content: BannerContent, options: LayoutOptions, geometry: ColumnGeometry, measurer: some TextMeasuring)
  {
    self.content = content
    let width = geometry.content.width - 2 * options.bannerPadding
    titleHeight = measurer.measure(content.title, style: options.bannerStyle, width: width).height
    if let subtitle = content.subtitle, !subtitle.isEmpty {
      subtitleHeight = measurer.measure(subtitle, style: options.bannerSubtitleStyle, width: width).height
    } else {
      subtitleHeight = 0
    }
    padding = options.bannerPadding
  }

  var height: Double {
    2 * padding + titleHeight + (subtitleHeight > 0 ? Self.subtitleGap + subtitleHeight : 0)
  }
}
