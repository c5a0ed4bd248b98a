import CPangoCairo
import SheetImages
import SheetLayout
import SheetSupport
import SheetText

/// Draws cards, banners, headers and footers onto a page: paint from the render style, text
/// in the styles the layout measured it with.
final class CardPainter {
  let style: RenderStyle
  let textStyles: TextStyles
  let text: TextEngine
  private var shadowMasks: [Double: ShadowMask] = [:]
  /// The shadows of vector output, one image a card size (made on the first vector page).
  private var shadowImages: ShadowImages?
  /// How far, in points, fills that touch the page's edges run past them (a PDF's bleed).
  var bleed = 0.0
  /// The placeholders' words.
  var words = RenderWords()
  /// The structure of a tagged PDF, written as cards, banners and the cover are drawn.
  var tags = StructureTags()
  /// The layout's caption slots (``Layout/captionSlots``): each template line of a caption
  /// drawn at the top of its slot. Nil to draw captions whole.
  var captionSlots: [Double]?
  /// `style.logo`, read once for the document; nil without a logo.
  var logoArtwork: LogoArtwork?
  /// The picture of `style.watermark`, read once for the document; nil for none or text.
  var watermarkArtwork: LogoArtwork?

  init(style: RenderStyle, textStyles: TextStyles, text: TextEngine) {
    self.style = style
    self.textStyles = textStyles
    self.text = text
  }

  /// Draws `caption` in `box`: whole, or each template line at the top of its slot when the
  /// layout has caption slots and the caption its parts (``CaptionSlots``).
  private func drawCaption(_ cairo: OpaquePointer, _ caption: String, in box: Rect) {
    guard let slots = captionSlots, CaptionSlots.isSlotted(caption) else {
      text.draw(caption, style: textStyles.caption, in: box, cairo: cairo)
      return
    }
    var top = box.y
    for (slot, part) in CaptionSlots.parts(caption).enumerated() {
      // A caption with more parts than the layout has slots (a layout from elsewhere): the
      // rest of it goes in the box below the last slot.
      let height = slots.indices.contains(slot) ? slots[slot] : box.maxY - top
      if !part.isEmpty {
        text.draw(
          String(part), style: textStyles.caption,
          in: Rect(x: box.x, y: top, width: box.width, height: height),
          cairo: cairo)
      }
      top += height
    }
  }

  /// The most pixels a card's image is prepared at (64 MB): a larger box (a huge page, a high
  /// `--dpi` or `--ppi`) gets an image of this many pixels, scaled up when painted, so no page
  /// size makes the resampler's output unbounded.
  static let maxCardPixels = 16_000_000
  /// The longest side a card's image may have: Cairo's image surfaces hold at most 32,767
  /// pixels a side (a 16×40,000 strip is within ``maxCardPixels`` but not within this).
  static let maxCardSide = 32_767

  /// The pixel size an image box gets in this output, at most ``maxCardPixels`` pixels (the
  /// original size of `--ppi original` too).
  static func pixelSize(of box: Rect, resolution: ImageResolution, original: (Int, Int)?) -> (
    width: Int, height: Int
  ) {
    let width: Double
    let height: Double
    switch resolution {
    case .device(let scale):
      let device = deviceRect(box, scale: scale)
      (width, height) = (Double(device.width), Double(device.height))
    case .embedded(let ppi):
      if let ppi {
        (width, height) = (box.width * ppi / 72, box.height * ppi / 72)
      } else if let original {
        (width, height) = (Double(original.0), Double(original.1))
      } else {
        (width, height) = (box.width, box.height)
      }
    }
    return capped(width: width, height: height)
  }

  /// `width`×`height` rounded, at least 1×1, shrunk (keeping its shape) to at most
  /// ``maxCardPixels`` pixels and ``maxCardSide`` a side; the arithmetic is floating point, so
  /// no size overflows.
  static func capped(width: Double, height: Double) -> (width: Int, height: Int) {
    var width = width.isFinite ? max(1, width) : 1
    var height = height.isFinite ? max(1, height) : 1
    let area = width * height
    if area > Double(maxCardPixels) {
      let shrink = (Double(maxCardPixels) / area).squareRoot()
      width = max(1, (width * shrink).rounded(.down))
      height = max(1, (height * shrink).rounded(.down))
    }
    let longest = max(width, height)
    if longest > Double(maxCardSide) {
      let shrink = Double(maxCardSide) / longest
      width = min(Double(maxCardSide), max(1, (width * shrink).rounded(.down)))
      height = min(Double(maxCardSide), max(1, (height * shrink).rounded(.down)))
    }
    return (max(1, Int(width.rounded())), max(1, Int(height.rounded())))
  }

  /// The box in whole device pixels: its edges rounded, so images land on pixel boundaries.
  static func deviceRect(_ box: Rect, scale: Double) -> (x: Int, y: Int, width: Int, height: Int) {
    let x0 = Int((box.x * scale).rounded())
    let y0 = Int((box.y * scale).rounded())
    let x1 = Int((box.maxX * scale).rounded())
    let y1 = Int((box.maxY * scale).rounded())
    return (x0, y0, x1 - x0, y1 - y0)
  }

  func drawCard(
    _ cairo: OpaquePointer, card element: CardElement, image: PreparedImage?, item: RenderItem,
    caption: String,
    resolution: ImageResolution
  ) {
    let frame = element.frame
    if let shadow = style.shadow, shadow.opacity > 0 {
      drawShadow(cairo, shape: frame, shadow: shadow, resolution: resolution)
    }
    Cairo.roundedRectangle(cairo, frame, radius: style.cornerRadius)
    Cairo.setColor(cairo, style.cardBackground)
    cairo_fill(cairo)
    let imageRadius = innerRadius(frame: frame, box: element.image)
    tags.endTableOfContents()
    tags.figure(item.alternativeText(caption: caption)) {
      drawPrepared(
        cairo, image, in: element.image, radius: imageRadius,
        missing: (item.failure ?? "no image", item.source?.name ?? ""), resolution: resolution)
      if let watermark = style.watermark, image?.isDrawn == true {
        drawWatermark(cairo, watermark, in: element.image, radius: imageRadius)
      }
      if let badge = item.badge {
        drawBadge(cairo, badge, frame: frame, imageBox: element.image, imageRadius: imageRadius)
      }
    }
    if let border = style.border, border.width > 0 {
      let inset = border.width / 2
      Cairo.roundedRectangle(
        cairo,
        Rect(
          x: frame.x + inset, y: frame.y + inset, width: frame.width - border.width,
          height: frame.height - border.width),
        radius: max(0, style.cornerRadius - inset))
      Cairo.setColor(cairo, border.color)
      cairo_set_line_width(cairo, border.width)
      cairo_stroke(cairo)
    }
    // A card's link (its product page) is its caption's text, or stands alone without one.
    let isLink = !(item.link ?? "").isEmpty
    if !caption.isEmpty {
      tags.tag("P") {
        tags.link(isLink) {
          Cairo.setColor(cairo, style.captionColor)
          drawCaption(cairo, caption, in: element.caption)
        }
      }
    } else {
      tags.link(isLink) {}
    }
    if let box = element.qrCode, let link = item.link, let code = QRCode(link) {
      code.draw(cairo, in: box)
    }
  }

  /// Draws a banner on a page `pageWidth` points wide: its fill (when the style has one; the
  /// sides that touch the page's edges run on into the bleed) or a hairline under its text,
  /// then its title and subtitle.
  func drawBanner(_ cairo: OpaquePointer, banner element: BannerElement, pageWidth: Double) {
    let frame = element.frame
    if let fill = style.bannerFill {
      var box = frame
      if box.x <= 0.01 {
        box.x -= bleed
        box.width += bleed
      }
      if box.maxX >= pageWidth - 0.01 { box.width += bleed }
      Cairo.setColor(cairo, fill)
      cairo_rectangle(cairo, box.x, box.y, box.width, box.height)
      cairo_fill(cairo)
    } else {
      // A hairline under the banner's text separates the sections.
      Cairo.setColor(cairo, style.bannerColor, opacity: 0.25)
      cairo_rectangle(cairo, frame.x, frame.maxY - 0.5, frame.width, 0.5)
      cairo_fill(cairo)
    }
    // A running banner (no title: `Kitchen (continued)` atop a page a section goes on to) is
    // drawn untagged, a pagination artifact like a running head.
    if element.title.isEmpty {
      if let subtitle = element.subtitle, let box = element.subtitleFrame {
        Cairo.setColor(cairo, style.bannerSubtitleColor)
        text.draw(subtitle, style: textStyles.bannerSubtitle, in: box, cairo: cairo)
      }
      return
    }
    tags.beginSection()
    tags.tag("H1") {
      Cairo.setColor(cairo, style.bannerColor)
      text.draw(element.title, style: textStyles.bannerTitle, in: element.titleFrame, cairo: cairo)
    }
    if let subtitle = element.subtitle, let box = element.subtitleFrame {
      tags.tag("P") {
        Cairo.setColor(cairo, style.bannerSubtitleColor)
        text.draw(subtitle, style: textStyles.bannerSubtitle, in: box, cairo: cairo)
      }
    }
  }

  /// Draws the cover's title block: the title, a short centred rule, the subtitle.
  func drawCover(_ cairo: OpaquePointer, cover element: CoverElement) {
    let title = element.titleFrame
    tags.tag("H1") {
      Cairo.setColor(cairo, style.bannerColor)
      text.draw(element.title, style: textStyles.coverTitle, in: title, cairo: cairo)
    }
    if let subtitle = element.subtitle, let box = element.subtitleFrame {
      let ruleWidth = 36.0
      Cairo.setColor(cairo, style.bannerColor, opacity: 0.6)
      cairo_rectangle(
        cairo, title.x + (title.width - ruleWidth) / 2, (title.maxY + box.y) / 2 - 0.5, ruleWidth, 1)
      cairo_fill(cairo)
      tags.tag("P") {
        Cairo.setColor(cairo, style.bannerSubtitleColor)
        text.draw(subtitle, style: textStyles.coverSubtitle, in: box, cairo: cairo)
      }
    }
  }

  /// Draws a picture that belongs to no card (the cover's) filling its frame, its centre kept;
  /// a placeholder saying why when it cannot be shown.
  func drawPicture(
    _ cairo: OpaquePointer, picture element: PictureElement, image: PreparedImage?, path: String,
    alternativeText: String, resolution: ImageResolution
  ) {
    tags.figure(alternativeText) {
      drawPrepared(
        cairo, image, in: element.frame, radius: 0, missing: ("no image", path), resolution: resolution)
    }
  }

  /// Draws `image` filling `box` with corners of `radius`; a placeholder saying why when it
  /// failed, or giving `missing` (reason, name) when there is none.
  private func drawPrepared(
    _ cairo: OpaquePointer, _ image: PreparedImage?, in box: Rect, radius: Double,
    missing: (reason: String, name: String), resolution: ImageResolution
  ) {
    switch image {
    case .ready(let raster, let jpeg, _):
      let surface = raster.makeCairoSurface()
      defer { cairo_surface_destroy(surface) }
      if let jpeg { MimeData.attachJPEG(jpeg, to: surface) }
      drawImage(
        cairo, surface, size: (raster.width, raster.height), in: box, radius: radius, resolution: resolution)
    case .originalJPEG(let bytes, let width, let height):
      // The pixels are never read: the PDF embeds the attached file as it is.
      let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height))!
      defer { cairo_surface_destroy(surface) }
      MimeData.attachJPEG(bytes, to: surface)
      drawImage(cairo, surface, size: (width, height), in: box, radius: radius, resolution: resolution)
    case .failed(let error):
      drawPlaceholder(cairo, in: box, radius: radius, reason: error.reason, name: error.path)
    case nil:
      drawPlaceholder(cairo, in: box, radius: radius, reason: missing.reason, name: missing.name)
    }
  }

  /// Corners of the image follow the card's corners, concentric with them.
  func innerRadius(frame: Rect, box: Rect) -> Double {
    let inset = min(box.x - frame.x, box.y - frame.y)
    return inset > 0 ? max(0, style.cornerRadius - inset) : style.cornerRadius
  }

  private func drawShadow(
    _ cairo: OpaquePointer, shape: Rect, shadow: ShadowStyle, resolution: ImageResolution
  ) {
    let scale: Double
    switch resolution {
    case .device(let deviceScale): scale = deviceScale
    // The photos' resolution (300 ppi unless `--ppi` says otherwise): a print shop's
    // preflight checks every image against its minimum, a shadow's too.
    case .embedded(let ppi): scale = (ppi ?? 300) / 72
    }
    let offsetShape = Rect(
      x: shape.x + shadow.offsetX, y: shape.y + shadow.offsetY, width: shape.width, height: shape.height)
    guard case .device = resolution else {
      if shadowImages?.scale != scale {
        let black = shadow.color.red == 0 && shadow.color.green == 0 && shadow.color.blue == 0
        // The reach: 3σ of the blur, and a pixel.
        shadowImages = ShadowImages(scale: scale, reach: 1.5 * shadow.blur + 1 / scale, black: black)
      }
      shadowImages?.paint(cairo, shape: offsetShape) { context, shape in
        paintShadow(context, shape: shape, shadow: shadow, scale: scale)
      }
      return
    }
    paintShadow(cairo, shape: offsetShape, shadow: shadow, scale: scale)
  }

  /// Paints the shadow of `shape` (the card moved by the shadow's offset) through the
  /// nine-slice mask, at `scale` pixels per point.
  private func paintShadow(_ cairo: OpaquePointer, shape: Rect, shadow: ShadowStyle, scale: Double) {
    Cairo.setColor(cairo, shadow.color, opacity: shadow.opacity)
    // The corners a card really has: a radius larger than half its shorter side is clamped.
    let radius = min(style.cornerRadius, shape.width / 2, shape.height / 2)
    if radius == style.cornerRadius, let mask = shadowMask(blur: shadow.blur, scale: scale),
      mask.fits(shape)
    {
      mask.paint(cairo, shape: shape)
    } else {
      // Too small for the shared nine slices: a mask of its own, made once for this card.
      ShadowMask(radius: radius, blur: min(shadow.blur, min(shape.width, shape.height) / 2), scale: scale)?
        .paint(cairo, shape: shape)
    }
  }

  /// The shared mask for the style's corner radius and `blur`, made once per resolution.
  private func shadowMask(blur: Double, scale: Double) -> ShadowMask? {
    if let mask = shadowMasks[blur], mask.scale == scale { return mask }
    let mask = ShadowMask(radius: style.cornerRadius, blur: blur, scale: scale)
    shadowMasks[blur] = mask
    return mask
  }

  /// Paints `surface` (`size` pixels) filling `box`, its centre cropped when the aspect ratios
  /// differ, clipped to rounded corners.
  private func drawImage(
    _ cairo: OpaquePointer, _ surface: OpaquePointer, size: (width: Int, height: Int), in box: Rect,
    radius: Double, resolution: ImageResolution
  ) {
    cairo_save(cairo)
    Cairo.roundedRectangle(cairo, box, radius: radius)
    cairo_clip(cairo)
    switch resolution {
    case .device(let scale):
      // Resampled to the device box already: paint pixel for pixel at whole device coordinates.
      let device = Self.deviceRect(box, scale: scale)
      // The page's origin in device pixels: not (0, 0) when the page is drawn in bands.
      var originX = 0.0
      var originY = 0.0
      cairo_user_to_device(cairo, &originX, &originY)
      cairo_identity_matrix(cairo)
      if size.width == device.width && size.height == device.height {
        cairo_set_source_surface(
          cairo, surface, Double(device.x) + originX.rounded(), Double(device.y) + originY.rounded())
        cairo_pattern_set_filter(cairo_get_source(cairo), CAIRO_FILTER_NEAREST)
      } else {
        // A box larger than maxCardPixels: its capped image is scaled up to fill it.
        cairo_translate(cairo, Double(device.x) + originX.rounded(), Double(device.y) + originY.rounded())
        cairo_scale(
          cairo, Double(device.width) / Double(size.width), Double(device.height) / Double(size.height))
        cairo_set_source_surface(cairo, surface, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cairo), CAIRO_FILTER_GOOD)
      }
    case .embedded:
      let region = PreparedImage.fillRegion(
        source: size, target: (Int((box.width * 100).rounded()), Int((box.height * 100).rounded())))
      let scale = box.width / region.width
      cairo_translate(cairo, box.x - region.x * scale, box.y - region.y * scale)
      cairo_scale(cairo, scale, box.height / region.height)
      cairo_set_source_surface(cairo, surface, 0, 0)
      cairo_pattern_set_filter(cairo_get_source(cairo), CAIRO_FILTER_GOOD)
    }
    cairo_paint(cairo)
    cairo_restore(cairo)
  }

  private func drawPlaceholder(
    _ cairo: OpaquePointer, in box: Rect, radius: Double, reason: String, name: String
  ) {
    Cairo.roundedRectangle(cairo, box, radius: radius)
    Cairo.setColor(cairo, style.placeholderColor)
    cairo_fill(cairo)
    let readable = PathBytes.readable(name)  // A name's bytes that are not UTF-8 show as U+FFFD.
    let fileName = readable.split(separator: "/").last.map(String.init) ?? readable
    let message =
      fileName.isEmpty ? "\(words.noImage)\n\(reason)" : "\(words.cannotShow) \(fileName)\n\(reason)"
    let inset = min(8, box.width / 8)
    let textBox = Rect(
      x: box.x + inset, y: box.y + inset, width: box.width - 2 * inset, height: box.height - 2 * inset)
    Cairo.setColor(cairo, style.captionColor)
    var placeholderStyle = textStyles.caption
    placeholderStyle.isMarkup = false
    placeholderStyle.alignment = .center
    // The name and the reason, up to three lines each: a limit counts the whole text.
    placeholderStyle.maxLines = 6
    let measured = text.measure(message, style: placeholderStyle, width: textBox.width)
    let centred = Rect(
      x: textBox.x, y: textBox.y + max(0, (textBox.height - measured.height) / 2), width: textBox.width,
      height: measured.height)
    text.draw(message, style: placeholderStyle, in: centred, cairo: cairo)
  }
}
