/// A card's measured parts, before it is given a position.
struct CardBox {
  /// Index of the item in the input's items.
  let item: Int
  /// The image's height ÷ width, clamped to 1:1000…1000:1 (zero or negative pixel sizes
  /// count as square).
  let imageAspect: Double
  /// Height of the box reserved for the image.
  var areaHeight: Double
  /// Whether the image keeps its aspect inside the box rather than filling it.
  var letterbox: Bool
  /// Height below the image's box: caption text, and the QR code with its gap when there is one.
  let captionHeight: Double
  /// The side of the QR code square at the bottom of `captionHeight` (or at its top right,
  /// when `besideRoom` is kept), 0 for none.
  var qrCode: Double = 0
  /// Room kept at the caption's right for QR codes beside it (a code and a caption gap), on
  /// every card of a layout whose codes stand beside captions, with a code or not; 0 for none.
  var besideRoom: Double = 0
  let padding: Double
  let captionGap: Double
  /// Whether a letterboxed image sits at the bottom of its box, on the caption, rather than in
  /// its middle (``LayoutOptions/imageAlignment``).
  let sitsOnCaption: Bool
  private(set) var scaled = false

  /// A waterfall card: the image box follows the image's aspect (or `imageAspect`), clamped to
  /// `maxImageHeight`.
  init(item: Int, aspect: Double, captionHeight: Double, options: LayoutOptions, innerWidth: Double) {
    self.item = item
    imageAspect = aspect
    var height = innerWidth * (options.imageAspect ?? aspect)
    var fitted = false
    if let limit = options.maxImageHeight, height > limit {
      height = limit
      fitted = true
    }
    areaHeight = height
    letterbox = (options.imageAspect != nil || fitted) && options.imageFit == .letterbox
    self.captionHeight = captionHeight
    padding = options.padding
    captionGap = captionHeight > 0 ? options.captionGap : 0
    sitsOnCaption = options.imageAlignment == .bottom
  }

  /// A cell of the row modes: every cell has the same image box and caption slot.
  init(
    item: Int, aspect: Double, captionHeight: Double, areaHeight: Double, letterbox: Bool,
    options: LayoutOptions
  ) {
    self.item = item
    imageAspect = aspect
    self.areaHeight = areaHeight
    self.letterbox = letterbox
    self.captionHeight = captionHeight
    padding = options.padding
    captionGap = captionHeight > 0 ? options.captionGap : 0
    sitsOnCaption = options.imageAlignment == .bottom
  }

  /// The image's height ÷ width for an item, clamped.
  static func aspect(of item: LayoutItem) -> Double {
    guard item.pixelWidth > 0, item.pixelHeight > 0 else { return 1 }
    return min(max(Double(item.pixelHeight) / Double(item.pixelWidth), 1e-3), 1e3)
  }

  var height: Double { 2 * padding + areaHeight + captionGap + captionHeight }

  /// Height of everything but the image box.
  var fixedHeight: Double { 2 * padding + captionGap + captionHeight }

  /// Shrinks the image box so the whole card is at most `limit` tall, keeping the image's
  /// aspect inside it; returns whether it had to.
  mutating func scale(toFit limit: Double) -> Bool {
    guard height > limit + 1e-9 else { return false }
    areaHeight = max(0, limit - fixedHeight)
    letterbox = true
    scaled = true
    return true
  }

  /// The card's element with its top-left corner at (`x`, `y`) and the given outer width.
  func element(x: Double, y: Double, width: Double, column: Int?) -> LayoutElement {
    let frame = Rect(x: x, y: y, width: width, height: height)
    let area = Rect(x: x + padding, y: y + padding, width: width - 2 * padding, height: areaHeight)
    var image = letterbox ? Self.fit(aspect: imageAspect, in: area) : area
    if sitsOnCaption { image.y = area.maxY - image.height }
    var caption = Rect(x: area.x, y: area.maxY + captionGap, width: area.width, height: captionHeight)
    var qr: Rect?
    if besideRoom > 0 {
      caption.width = max(0, caption.width - besideRoom)
      if qrCode > 0 { qr = Rect(x: area.maxX - qrCode, y: caption.y, width: qrCode, height: qrCode) }
    } else if qrCode > 0 {
      qr = Rect(x: area.x, y: caption.maxY - qrCode, width: qrCode, height: qrCode)
      caption.height = max(0, caption.height - qrCode - captionGap)
    }
    return .card(
      CardElement(
        item: item, column: column, frame: frame, image: image, caption: caption,
        imageArea: image == area ? nil : area, qrCode: qr, scaledToFit: scaled))
  }

  /// The largest rectangle of `aspect` (height ÷ width) centred in `box`.
  static func fit(aspect: Double, in box: Rect) -> Rect {
    guard box.width > 0, box.height > 0 else { return box }
    if box.width * aspect <= box.height {
      let height = box.width * aspect
      return Rect(x: box.x, y: box.y + (box.height - height) / 2, width: box.width, height: height)
    }
    let width = box.height / aspect
    return Rect(x: box.x + (box.width - width) / 2, y: box.y, width: width, height: box.height)
  }
}

/// A banner's measured parts, before it is given a position.
struct BannerBox {
  let content: BannerContent
  /// The section the banner introduces, when a change of section made it.
  let section: String?
  let titleHeight: Double
  let subtitleHeight: Double
  let padding: Double

  /// Space between the title and the subtitle.
  static let subtitleGap = 2.0

  init(
    content: BannerContent, section: String?, options: LayoutOptions, styles: TextStyles, width: Double,
    measurer: some TextMeasuring
  ) {
    self.content = content
    self.section = section
    let textWidth = width - 2 * options.bannerPadding
    titleHeight = measurer.measure(content.title, style: styles.bannerTitle, width: textWidth).height
    if let subtitle = content.subtitle, !subtitle.isEmpty {
      subtitleHeight = measurer.measure(subtitle, style: styles.bannerSubtitle, width: textWidth).height
    } else {
      subtitleHeight = 0
    }
    padding = options.bannerPadding
  }

  var height: Double {
    2 * padding + titleHeight + (subtitleHeight > 0 ? Self.subtitleGap + subtitleHeight : 0)
  }

  /// The banner's element across `width` points from (`x`, `y`).
  func element(x: Double, y: Double, width: Double) -> LayoutElement {
    let frame = Rect(x: x, y: y, width: width, height: height)
    let title = Rect(
      x: frame.x + padding, y: frame.y + padding, width: frame.width - 2 * padding, height: titleHeight)
    let subtitle =
      subtitleHeight > 0
      ? Rect(x: title.x, y: title.maxY + Self.subtitleGap, width: title.width, height: subtitleHeight) : nil
    return .banner(
      BannerElement(
        frame: frame, titleFrame: title, title: content.title,
        subtitle: subtitle == nil ? nil : content.subtitle,
        subtitleFrame: subtitle, section: section))
  }
}
