import CPangoCairo
import SheetLayout

/// Shadows for vector output (PDF, SVG): the whole shadow of a card of one size is drawn once
/// into an image, through the same nine-slice mask as on pixels (``ShadowMask``), and every
/// card of that size paints that image. In a PDF it is one image and its soft mask, reused by
/// every card of the size (a grid has one size, a waterfall a few per column width); painting
/// each slice through the mask cost each card 36 objects (a soft-mask group per slice), which
/// every later pass over the file paid for, and viewers drew a stretched slice by enlarging
/// the whole mask (poppler took minutes and gigabytes for a page at 150 dpi). One image a card
/// also leaves no seams where slices meet, which abutting images do in viewers that round
/// image edges to whole pixels.
final class ShadowImages {
  /// Pixels per point of the images.
  let scale: Double
  /// How far a shadow reaches beyond its card, in points (a whole number of pixels).
  let reach: Double
  /// The images' format: alpha only (a quarter of the memory) for a black shadow, which is
  /// all a black shadow needs; colour and alpha for another colour.
  private let format: cairo_format_t
  /// The images kept, by card size in steps, and their sizes from the least recently drawn.
  private var images: [Size: OpaquePointer] = [:]
  private var order: [Size] = []
  /// The bytes of the images kept.
  private var keptBytes = 0
  /// How many bytes of images are kept for reuse: the least recently drawn are let go beyond
  /// it (and made again when needed, under the same identity), the newest always kept. 16 MB
  /// holds some 30 black shadows of cards a quarter of an A4 page wide, at 300 ppi.
  static let budget = 16 << 20

  private struct Size: Hashable {
    let width: Int
    let height: Int
  }

  /// Images at `scale` pixels per point for shadows reaching `reach` points beyond their card,
  /// `black` or not.
  init(scale: Double, reach: Double, black: Bool) {
    self.scale = scale
    format = black ? CAIRO_FORMAT_A8 : CAIRO_FORMAT_ARGB32
    self.reach = (reach * scale).rounded(.up) / scale
  }

  deinit {
    for image in images.values { cairo_surface_destroy(image) }
  }

  /// The most pixels a side, and in all, of a shadow image.
  static let largestSide = 8_192.0
  static let largestArea = 16_000_000.0

  /// Sizes within this many points share an image, stretched to each card (by at most half
  /// of it: the soft edge moves by a quarter of a point, which no eye sees). A waterfall's
  /// cards differ in height by their photos and captions; this keeps their shadows to a few
  /// images a column width.
  static let step = 2.0

  /// Paints the shadow of `shape`, drawing its image with `draw` (given a context in points
  /// and the shape in it) when no card of its size (to ``step``) was drawn before.
  func paint(_ cairo: OpaquePointer, shape: Rect, draw: (OpaquePointer, Rect) -> Void) {
    let size = Size(
      width: Int((shape.width / Self.step).rounded()), height: Int((shape.height / Self.step).rounded()))
    guard size.width > 0, size.height > 0 else { return }
    let image: OpaquePointer
    if let made = images[size] {
      image = made
      order.removeAll { $0 == size }
      order.append(size)
    } else {
      image = make(size, draw: draw)
      keep(image, for: size)
    }
    // The image covers the shape and its reach, stretched by what its size was rounded by.
    let outer = Rect(
      x: shape.x - reach, y: shape.y - reach, width: shape.width + 2 * reach, height: shape.height + 2 * reach
    )
    cairo_save(cairo)
    cairo_translate(cairo, outer.x, outer.y)
    cairo_scale(
      cairo, outer.width / Double(cairo_image_surface_get_width(image)),
      outer.height / Double(cairo_image_surface_get_height(image)))
    cairo_set_source_surface(cairo, image, 0, 0)
    cairo_pattern_set_filter(cairo_get_source(cairo), CAIRO_FILTER_BILINEAR)
    cairo_paint(cairo)
    cairo_restore(cairo)
  }

  /// The shadow image of a card of `size` (in steps), drawn by `draw`.
  private func make(_ size: Size, draw: (OpaquePointer, Rect) -> Void) -> OpaquePointer {
    let drawn = (width: Double(size.width) * Self.step, height: Double(size.height) * Self.step)
    // A card metres wide gets a shadow of fewer pixels a point: at most 8,192 pixels a side
    // and 16 million in all, as Cairo and memory allow.
    let outer = (width: drawn.width + 2 * reach, height: drawn.height + 2 * reach)
    let imageScale = min(
      scale, Self.largestSide / max(outer.width, outer.height),
      (Self.largestArea / (outer.width * outer.height)).squareRoot())
    let margin = Int((reach * imageScale).rounded())
    let image = cairo_image_surface_create(
      format, Int32(max(1, Int((drawn.width * imageScale).rounded()) + 2 * margin)),
      Int32(max(1, Int((drawn.height * imageScale).rounded()) + 2 * margin)))!
    let context = cairo_create(image)!
    cairo_scale(context, imageScale, imageScale)
    draw(context, Rect(x: reach, y: reach, width: drawn.width, height: drawn.height))
    cairo_destroy(context)
    cairo_surface_flush(image)
    // The same identity for the same size, so that a shadow made again after its image was
    // let go is written once: Cairo's vector surfaces share images by this identity (one
    // renderer, so one shadow style, draws a file).
    MimeData.attachUniqueID("contactsheet-shadow-\(size.width)x\(size.height)", to: image)
    return image
  }

  private func keep(_ image: OpaquePointer, for size: Size) {
    images[size] = image
    order.append(size)
    keptBytes += Self.bytes(image)
    while keptBytes > Self.budget, order.count > 1 {
      let oldest = order.removeFirst()
      guard let old = images.removeValue(forKey: oldest) else { continue }
      keptBytes -= Self.bytes(old)
      cairo_surface_destroy(old)
    }
  }

  private static func bytes(_ image: OpaquePointer) -> Int {
    Int(cairo_image_surface_get_stride(image)) * Int(cairo_image_surface_get_height(image))
  }
}
