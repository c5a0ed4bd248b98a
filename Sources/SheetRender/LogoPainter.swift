import CPangoCairo
import Foundation
import SheetImages
import SheetLayout

/// A picture (a studio's or shop's logo) in a header or footer corner of every page.
public struct Logo: Hashable, Sendable {
  /// Where on the page the logo sits.
  public enum Slot: String, CaseIterable, Codable, Hashable, Sendable {
    /// The header's left end.
    case headerLeft = "header-left"
    /// The header's right end (the default).
    case headerRight = "header-right"
    /// The footer's left end.
    case footerLeft = "footer-left"
    /// The footer's right end.
    case footerRight = "footer-right"

    /// Whether the logo is in the footer (else the header).
    public var isFooter: Bool { self == .footerLeft || self == .footerRight }
    /// Whether the logo is at the left end of its line (else the right).
    public var isLeft: Bool { self == .headerLeft || self == .footerLeft }
  }

  /// The image file (any format the tool reads; transparency is kept).
  public var path: String
  /// The corner it goes in.
  public var slot: Slot
  /// Its height in points; its width follows its shape. The header or footer is at least this tall.
  public var height: Double

  /// The logo at `path`, `height` points tall, in `slot`.
  public init(path: String, slot: Slot = .headerRight, height: Double) {
    self.path = path
    self.slot = slot
    self.height = height
  }

  /// Pixels per inch the logo is prepared at: sharp in print, small on screen pages.
  static let ppi = 300.0

  /// The logo's pixels, decoded once for the document (shrunk while decoding where the format
  /// can, refused over `maxPixels`) and resampled to ``ppi`` at its height (never enlarged).
  func picture(maxPixels: Int) throws -> RasterImage {
    let wanted = max(1, Int((height / 72 * Self.ppi).rounded()))
    let image = try ImageReader.decode(path: path, minimumSize: (wanted, wanted), maxPixels: maxPixels)
    let rows = min(image.height, wanted)
    guard rows < image.height else { return image }
    let columns = max(1, Int((Double(image.width) * Double(rows) / Double(image.height)).rounded()))
    return image.resampled(width: columns, height: rows)
  }
}

extension CardPainter {
  /// The part of a header or footer `frame` left for its text once the logo, if it shares
  /// that line, has its corner: its width and a gap of half its height come off its side, and
  /// off both sides when the line has a centred part (`centred`), which so stays centred.
  func textFrame(_ frame: Rect, isFooter: Bool, centred: Bool) -> Rect {
    guard let logo = style.logo, let picture = logoPicture, logo.slot.isFooter == isFooter else {
      return frame
    }
    let taken = min(frame.width / 2, logoSize(logo, picture, frame: frame).width + logo.height / 2)
    let left = centred || logo.slot.isLeft ? taken : 0
    let right = centred || !logo.slot.isLeft ? taken : 0
    return Rect(x: frame.x + left, y: frame.y, width: frame.width - left - right, height: frame.height)
  }

  /// Draws the logo at its end of the header or footer `frame`, vertically centred.
  func drawLogo(_ cairo: OpaquePointer, in frame: Rect, isFooter: Bool) {
    guard let logo = style.logo, let picture = logoPicture, logo.slot.isFooter == isFooter else { return }
    let size = logoSize(logo, picture, frame: frame)
    let box = Rect(
      x: logo.slot.isLeft ? frame.x : frame.maxX - size.width, y: frame.y + (frame.height - size.height) / 2,
      width: size.width, height: size.height)
    let surface = picture.makeCairoSurface()
    defer { cairo_surface_destroy(surface) }
    // One image in the PDF however many pages show it.
    MimeData.attachUniqueID("contactsheet-logo", to: surface)
    cairo_save(cairo)
    defer { cairo_restore(cairo) }
    cairo_translate(cairo, box.x, box.y)
    cairo_scale(cairo, box.width / Double(picture.width), box.height / Double(picture.height))
    cairo_set_source_surface(cairo, surface, 0, 0)
    cairo_pattern_set_filter(cairo_get_source(cairo), CAIRO_FILTER_GOOD)
    cairo_paint(cairo)
  }

  /// The logo's size on the page: its height, its width from its shape; a wordmark wider than
  /// a third of the line (`frame`) is shrunk to that width.
  private func logoSize(_ logo: Logo, _ picture: RasterImage, frame: Rect) -> (width: Double, height: Double)
  {
    let aspect = Double(picture.width) / Double(max(1, picture.height))
    let width = min(logo.height * aspect, frame.width / 3)
    return (width, width / aspect)
  }
}
