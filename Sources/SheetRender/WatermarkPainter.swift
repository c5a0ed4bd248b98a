import CPangoCairo
import Foundation
import SheetLayout

/// Text or a picture set across every image of a sheet (`PROOF`, a studio's name or mark), so
/// a client's proof cannot stand in for the delivered photos.
public struct Watermark: Hashable, Sendable {
  /// The text, plain (not markup); ignored when ``image`` is set.
  public var text: String
  /// A picture file instead of text (an SVG, a PDF's first page, or any image, transparency
  /// kept), centred on each image at 60 % of its width or height.
  public var image: String?
  /// How opaque the white letters are, 0…1; their soft dark edge is a third of it.
  public var opacity: Double
  /// The Pango font family and style, without a size (the size follows each image).
  public var font: String

  /// `text` at `opacity` (default 0.3) in `font` (default DejaVu Sans Bold).
  public init(text: String, opacity: Double = 0.3, font: String = "DejaVu Sans Bold") {
    self.text = text
    self.opacity = opacity
    self.font = font
  }

  /// The picture at `image` at `opacity` (default 0.3).
  public init(image: String, opacity: Double = 0.3) {
    self.init(text: "", opacity: opacity)
    self.image = image
  }

  /// Pixels high a raster watermark is prepared at: enough for a card's image in print.
  static let rows = 1200

  /// The watermark's picture, read once for the document; nil for a text watermark.
  package func artwork(maxPixels: Int) throws -> LogoArtwork? {
    try image.map { try LogoArtwork.read(path: $0, rows: Self.rows, maxPixels: maxPixels) }
  }
}

extension CardPainter {
  /// Draws `watermark` centred on `box` (an image's) along its rising diagonal, its length 70 %
  /// of the diagonal (type 6 pt at least), clipped to the image's rounded corners: white
  /// letters over a faint dark copy a little below, so it reads on light and dark photos.
  func drawWatermark(_ cairo: OpaquePointer, _ watermark: Watermark, in box: Rect, radius: Double) {
    if let artwork = watermarkArtwork {
      return drawWatermark(cairo, artwork, opacity: watermark.opacity, in: box, radius: radius)
    }
    let reference = 100.0
    let probe = TextStyle(font: "\(watermark.font) \(Int(reference))", maxLines: 1)
    let natural = text.measure(watermark.text, style: probe, width: 1e6)
    guard natural.width > 0, box.width > 0, box.height > 0 else { return }
    let diagonal = (box.width * box.width + box.height * box.height).squareRoot()
    let size = max(6, (reference * 0.7 * diagonal / natural.width * 10).rounded(.down) / 10)
    let style = TextStyle(font: "\(watermark.font) \(size)", maxLines: 1)
    let measured = text.measure(watermark.text, style: style, width: 1e6)
    cairo_save(cairo)
    defer { cairo_restore(cairo) }
    Cairo.roundedRectangle(cairo, box, radius: radius)
    cairo_clip(cairo)
    cairo_translate(cairo, box.x + box.width / 2, box.y + box.height / 2)
    cairo_rotate(cairo, -atan2(box.height, box.width))
    let textBox = Rect(
      x: -measured.width / 2, y: -measured.height / 2, width: measured.width + 1, height: measured.height)
    let offset = max(0.5, size * 0.04)
    Cairo.setColor(cairo, .black, opacity: watermark.opacity / 3)
    text.draw(
      watermark.text, style: style,
      in: Rect(x: textBox.x, y: textBox.y + offset, width: textBox.width, height: textBox.height),
      cairo: cairo)
    Cairo.setColor(cairo, .white, opacity: watermark.opacity)
    text.draw(watermark.text, style: style, in: textBox, cairo: cairo)
  }

  /// Draws `artwork` centred on `box` (an image's), 60 % of its width or height, whichever
  /// binds, at `opacity`, clipped to the image's rounded corners.
  private func drawWatermark(
    _ cairo: OpaquePointer, _ artwork: LogoArtwork, opacity: Double, in box: Rect, radius: Double
  ) {
    let width = min(box.width * 0.6, box.height * 0.6 * artwork.aspect)
    let height = width / artwork.aspect
    cairo_save(cairo)
    defer { cairo_restore(cairo) }
    Cairo.roundedRectangle(cairo, box, radius: radius)
    cairo_clip(cairo)
    cairo_push_group(cairo)
    artwork.draw(
      cairo,
      in: Rect(
        x: box.x + (box.width - width) / 2, y: box.y + (box.height - height) / 2, width: width, height: height
      ))
    cairo_pop_group_to_source(cairo)
    cairo_paint_with_alpha(cairo, opacity)
  }
}
