import CPangoCairo
import CPoppler
import CRsvg
import Foundation
import SheetImages
import SheetLayout
import SheetSupport

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

  /// The file: a PDF (its first page) or an SVG, drawn as vectors, or any image format the
  /// tool reads (transparency kept).
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

  /// Pixels per inch a raster logo is prepared at: sharp in print, small on screen pages.
  static let ppi = 300.0

  /// The logo ready to draw, read once for the document (``LogoArtwork/read(path:rows:maxPixels:)``
  /// at ``ppi`` for its height).
  ///
  /// - Throws: ``ImageError`` naming the file when it cannot be read.
  package func artwork(maxPixels: Int) throws -> LogoArtwork {
    try LogoArtwork.read(
      path: path, rows: max(1, Int((height / 72 * Self.ppi).rounded())), maxPixels: maxPixels)
  }
}

/// A logo ready to draw on every page: pixels, or a PDF page or SVG drawing kept open.
package final class LogoArtwork {
  private enum Art {
    case raster(RasterImage)
    /// A poppler document and its first page.
    case pdf(document: OpaquePointer, page: OpaquePointer)
    /// A librsvg handle.
    case svg(UnsafeMutablePointer<RsvgHandle>)
  }

  private let art: Art
  /// Width over height.
  let aspect: Double

  /// The largest vector file read (a logo is kilobytes; a PDF page or SVG of many megabytes is
  /// not one).
  static let maxFileBytes = 32 << 20

  /// The artwork in the file at `path`: a PDF's first page or an SVG, drawn as vectors
  /// (poppler, librsvg), else an image decoded (shrunk while decoding where the format can,
  /// refused over `maxPixels`) and resampled to `rows` pixels high (never enlarged).
  ///
  /// - Throws: ``ImageError`` naming the file when it cannot be read as any of them.
  package static func read(path: String, rows: Int, maxPixels: Int) throws -> LogoArtwork {
    let start: [UInt8]
    do {
      start = try RegularFile.start(path, count: 512)
    } catch {
      throw ImageError(path: path, reason: error.reason)
    }
    let isPDF = start.starts(with: Array("%PDF-".utf8))
    if isPDF || isSVG(start, path: path) {
      let bytes: [UInt8]
      do {
        bytes = try RegularFile.contents(path, limit: maxFileBytes)
      } catch {
        throw ImageError(path: path, reason: error.reason)
      }
      return try isPDF ? LogoArtwork(pdf: bytes, path: path) : LogoArtwork(svg: bytes, path: path)
    }
    let image = try ImageReader.decode(path: path, minimumSize: (rows, rows), maxPixels: maxPixels)
    guard rows < image.height else { return LogoArtwork(raster: image) }
    let columns = max(1, Int((Double(image.width) * Double(rows) / Double(image.height)).rounded()))
    return LogoArtwork(raster: image.resampled(width: columns, height: rows))
  }

  /// The name a PDF writes a raster artwork's one image object under.
  private let uniqueID = "contactsheet-artwork-\(UUID().uuidString)"

  init(raster: RasterImage) {
    art = .raster(raster)
    aspect = Double(raster.width) / Double(max(1, raster.height))
  }

  /// The first page of the PDF in `bytes`.
  init(pdf bytes: [UInt8], path: String) throws {
    var error: UnsafeMutablePointer<GError>?
    let data = bytes.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
    defer { g_bytes_unref(data) }
    guard let document = poppler_document_new_from_bytes(data, nil, &error) else {
      throw ImageError(path: path, reason: "not a readable PDF (\(Self.consume(error)))")
    }
    guard let page = poppler_document_get_page(document, 0) else {
      g_object_unref(UnsafeMutableRawPointer(document))
      throw ImageError(path: path, reason: "the PDF has no page")
    }
    var (width, height) = (0.0, 0.0)
    poppler_page_get_size(page, &width, &height)
    guard width > 0, height > 0 else {
      g_object_unref(UnsafeMutableRawPointer(page))
      g_object_unref(UnsafeMutableRawPointer(document))
      throw ImageError(path: path, reason: "the PDF's first page has no size")
    }
    art = .pdf(document: document, page: page)
    aspect = width / height
  }

  /// The SVG drawing in `bytes`; its size from its width and height, else its viewBox.
  init(svg bytes: [UInt8], path: String) throws {
    var error: UnsafeMutablePointer<GError>?
    guard
      let handle = bytes.withUnsafeBufferPointer({
        rsvg_handle_new_from_data($0.baseAddress, gsize($0.count), &error)
      })
    else {
      throw ImageError(path: path, reason: "not a readable SVG (\(Self.consume(error)))")
    }
    var (width, height) = (0.0, 0.0)
    if rsvg_handle_get_intrinsic_size_in_pixels(handle, &width, &height) == 0 || width <= 0 || height <= 0 {
      var hasViewBox: gboolean = 0
      var viewBox = RsvgRectangle()
      rsvg_handle_get_intrinsic_dimensions(handle, nil, nil, nil, nil, &hasViewBox, &viewBox)
      (width, height) = hasViewBox != 0 ? (viewBox.width, viewBox.height) : (0, 0)
    }
    guard width > 0, height > 0, width.isFinite, height.isFinite else {
      g_object_unref(UnsafeMutableRawPointer(handle))
      throw ImageError(path: path, reason: "the SVG gives no size (no width and height, no viewBox)")
    }
    art = .svg(handle)
    aspect = width / height
  }

  deinit {
    switch art {
    case .raster: break
    case .pdf(let document, let page):
      g_object_unref(UnsafeMutableRawPointer(page))
      g_object_unref(UnsafeMutableRawPointer(document))
    case .svg(let handle): g_object_unref(UnsafeMutableRawPointer(handle))
    }
  }

  /// Draws the logo filling `box` (which has its shape).
  func draw(_ cairo: OpaquePointer, in box: Rect) {
    cairo_save(cairo)
    defer { cairo_restore(cairo) }
    switch art {
    case .raster(let picture):
      let surface = picture.makeCairoSurface()
      defer { cairo_surface_destroy(surface) }
      // One image in the PDF however many pages show it.
      MimeData.attachUniqueID(uniqueID, to: surface)
      cairo_translate(cairo, box.x, box.y)
      cairo_scale(cairo, box.width / Double(picture.width), box.height / Double(picture.height))
      cairo_set_source_surface(cairo, surface, 0, 0)
      cairo_pattern_set_filter(cairo_get_source(cairo), CAIRO_FILTER_GOOD)
      cairo_paint(cairo)
    case .pdf(_, let page):
      var (width, height) = (0.0, 0.0)
      poppler_page_get_size(page, &width, &height)
      cairo_rectangle(cairo, box.x, box.y, box.width, box.height)
      cairo_clip(cairo)
      cairo_translate(cairo, box.x, box.y)
      cairo_scale(cairo, box.width / width, box.height / height)
      poppler_page_render(page, cairo)
    case .svg(let handle):
      var viewport = RsvgRectangle(x: box.x, y: box.y, width: box.width, height: box.height)
      rsvg_handle_render_document(handle, cairo, &viewport, nil)
    }
  }

  /// Whether the file starting with `start` is an SVG: named `.svg`, or XML whose first
  /// element is `<svg`.
  private static func isSVG(_ start: [UInt8], path: String) -> Bool {
    if (path as NSString).pathExtension.lowercased() == "svg" { return true }
    let text = String(decoding: start, as: UTF8.self)
    return text.contains("<svg")
      && (text.hasPrefix("<?xml") || text.hasPrefix("<svg") || text.hasPrefix("\u{FEFF}"))
  }

  private static func consume(_ error: UnsafeMutablePointer<GError>?) -> String {
    guard let error else { return "unknown error" }
    defer { g_error_free(error) }
    return String(cString: error.pointee.message)
  }
}

extension CardPainter {
  /// The part of a header or footer `frame` left for its text once the logo, if it shares
  /// that line, has its corner: its width and a gap of half its height come off its side, and
  /// off both sides when the line has a centred part (`centred`), which so stays centred.
  func textFrame(_ frame: Rect, isFooter: Bool, centred: Bool) -> Rect {
    guard let logo = style.logo, let artwork = logoArtwork, logo.slot.isFooter == isFooter else {
      return frame
    }
    let taken = min(frame.width / 2, logoSize(logo, artwork, frame: frame).width + logo.height / 2)
    let left = centred || logo.slot.isLeft ? taken : 0
    let right = centred || !logo.slot.isLeft ? taken : 0
    return Rect(x: frame.x + left, y: frame.y, width: frame.width - left - right, height: frame.height)
  }

  /// Draws the logo at its end of the header or footer `frame`, vertically centred.
  func drawLogo(_ cairo: OpaquePointer, in frame: Rect, isFooter: Bool) {
    guard let logo = style.logo, let artwork = logoArtwork, logo.slot.isFooter == isFooter else { return }
    let size = logoSize(logo, artwork, frame: frame)
    artwork.draw(
      cairo,
      in: Rect(
        x: logo.slot.isLeft ? frame.x : frame.maxX - size.width,
        y: frame.y + (frame.height - size.height) / 2,
        width: size.width, height: size.height))
  }

  /// The logo's size on the page: its height, its width from its shape; a wordmark wider than
  /// a third of the line (`frame`) is shrunk to that width.
  private func logoSize(_ logo: Logo, _ artwork: LogoArtwork, frame: Rect) -> (width: Double, height: Double)
  {
    let width = min(logo.height * artwork.aspect, frame.width / 3)
    return (width, width / artwork.aspect)
  }
}
