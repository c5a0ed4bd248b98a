import CPangoCairo
import CPoppler
import Foundation
import SheetDiff
import SheetImages
import SheetSupport

/// A PDF opened with poppler-glib and rasterised page by page through its Cairo backend.
///
/// Not thread-safe: use one instance per thread.
public final class PDFRasterizer {
  /// The file, as given.
  public let path: String
  fileprivate let document: OpaquePointer

  /// Opens the PDF at `path`; throws `ImageError` when it cannot be read or parsed.
  public init(path: String) throws {
    self.path = path
    let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
    var error: UnsafeMutablePointer<GError>?
    // The name's own bytes (``PathBytes``): a name that is not UTF-8 names the same file.
    guard let uri = PathBytes.withCString(absolute, { g_filename_to_uri($0, nil, &error) }) else {
      throw ImageError(path: path, reason: Self.consume(error) ?? "not a usable file name")
    }
    defer { g_free(uri) }
    guard let document = poppler_document_new_from_file(uri, nil, &error) else {
      throw ImageError(
        path: path, reason: "not a readable PDF (\(Self.consume(error) ?? "unknown error"))")
    }
    self.document = document
  }

  deinit { g_object_unref(UnsafeMutableRawPointer(document)) }

  /// The number of pages.
  public var pageCount: Int { Int(poppler_document_get_n_pages(document)) }

  /// Page `index` (0-based) drawn over white at `dpi` pixels per inch.
  public func render(page index: Int, dpi: Double) throws -> RasterImage {
    guard let page = poppler_document_get_page(document, Int32(index)) else {
      throw ImageError(path: path, reason: "has no page \(index + 1)")
    }
    defer { g_object_unref(UnsafeMutableRawPointer(page)) }
    let (width, height) = try pixelSize(page, index: index, dpi: dpi)
    let scale = dpi / 72
    guard let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height)),
      cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS
    else {
      throw ImageError(path: path, reason: "page \(index + 1) is too large at \(dpi) dpi; lower --dpi")
    }
    defer { cairo_surface_destroy(surface) }
    let cairo = cairo_create(surface)
    cairo_set_source_rgb(cairo, 1, 1, 1)
    cairo_paint(cairo)
    cairo_scale(cairo, scale, scale)
    poppler_page_render(page, cairo)
    cairo_destroy(cairo)
    cairo_surface_flush(surface)
    return RasterImage(opaqueSurface: surface)
  }

  /// Checks that every page, drawn at `dpi`, is within compare's pixel limit, from the page
  /// sizes alone (nothing is drawn).
  ///
  /// - Throws: ``ImageError`` naming the first page that is too large.
  public func checkPageSizes(dpi: Double) throws {
    for index in 0..<pageCount {
      guard let page = poppler_document_get_page(document, Int32(index)) else {
        throw ImageError(path: path, reason: "has no page \(index + 1)")
      }
      defer { g_object_unref(UnsafeMutableRawPointer(page)) }
      _ = try pixelSize(page, index: index, dpi: dpi)
    }
  }

  /// The pixel size of `page` (number `index`, 0-based) at `dpi`, refused beyond compare's
  /// pixel limit. The size is checked as floating point first: a hostile page size overflows
  /// no integer.
  private func pixelSize(_ page: OpaquePointer, index: Int, dpi: Double) throws -> (width: Int, height: Int) {
    var widthPoints = 0.0
    var heightPoints = 0.0
    poppler_page_get_size(page, &widthPoints, &heightPoints)
    let scale = dpi / 72
    let exactWidth = max(1, (widthPoints * scale).rounded())
    let exactHeight = max(1, (heightPoints * scale).rounded())
    guard exactWidth.isFinite, exactHeight.isFinite,
      exactWidth * exactHeight <= Double(ComparedFile.maxPixels)
    else {
      throw ImageError(
        path: path,
        reason:
          "page \(index + 1) is \(widthPoints)×\(heightPoints) pt, more than \(ComparedFile.maxPixels) pixels at \(dpi) dpi; lower --dpi"
      )
    }
    return (Int(exactWidth), Int(exactHeight))
  }

  /// The document's bookmarks (outline entries), depth first.
  public var bookmarks: [Bookmark] {
    guard let root = poppler_index_iter_new(document) else { return [] }
    defer { poppler_index_iter_free(root) }
    var found: [Bookmark] = []
    func walk(_ iterator: OpaquePointer) {
      repeat {
        if let action = poppler_index_iter_get_action(iterator) {
          if let title = action.pointee.any.title {
            var page: Int?
            if action.pointee.type == POPPLER_ACTION_GOTO_DEST, let dest = action.pointee.goto_dest.dest,
              dest.pointee.type != POPPLER_DEST_NAMED
            {
              page = Int(dest.pointee.page_num)
            }
            found.append(Bookmark(title: String(cString: title), page: page))
          }
          poppler_action_free(action)
        }
        if let child = poppler_index_iter_get_child(iterator) {
          walk(child)
          poppler_index_iter_free(child)
        }
      } while poppler_index_iter_next(iterator) != 0
    }
    walk(root)
    return found
  }

  /// A PDF outline entry: its title and the (1-based) page it opens, when it names one.
  public struct Bookmark: Hashable, Sendable {
    /// The entry's text as shown in a PDF viewer's outline.
    public var title: String
    /// The page the entry opens (1-based), or nil when it names no page in this document.
    public var page: Int?

    /// An outline entry titled `title` that opens page `page` (1-based; nil for none).
    public init(title: String, page: Int?) {
      self.title = title
      self.page = page
    }
  }

  /// poppler-glib's version.
  public static var popplerVersion: String { String(cString: poppler_get_version()) }

  private static func consume(_ error: UnsafeMutablePointer<GError>?) -> String? {
    guard let error else { return nil }
    defer { g_error_free(error) }
    return String(cString: error.pointee.message)
  }
}

extension RasterImage {
  /// Copies an opaque (`RGB24`) Cairo image surface, with alpha set to 255.
  init(opaqueSurface surface: OpaquePointer) {
    let width = Int(cairo_image_surface_get_width(surface))
    let height = Int(cairo_image_surface_get_height(surface))
    let stride = Int(cairo_image_surface_get_stride(surface))
    let data = cairo_image_surface_get_data(surface)!
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    pixels.withUnsafeMutableBytes { target in
      for row in 0..<height {
        let source = UnsafeRawPointer(data + row * stride)
        for x in 0..<width {
          let word = source.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self) | 0xFF00_0000
          target.storeBytes(of: word, toByteOffset: (row * width + x) * 4, as: UInt32.self)
        }
      }
    }
    self.init(width: width, height: height, pixels: pixels, hasAlpha: false)
  }
}

extension PDFRasterizer {
  /// The text of the lines of page `index` (0-based) that `area` (in points, from the top left)
  /// touches, as poppler selects them: whole lines, in reading order, joined by " / ".
  public func lineText(page index: Int, in area: (x: Double, y: Double, width: Double, height: Double))
    -> String
  {
    guard let page = poppler_document_get_page(document, Int32(index)) else { return "" }
    defer { g_object_unref(UnsafeMutableRawPointer(page)) }
    var rectangle = PopplerRectangle(
      x1: area.x, y1: area.y, x2: area.x + area.width, y2: area.y + area.height)
    guard let text = poppler_page_get_selected_text(page, POPPLER_SELECTION_LINE, &rectangle) else {
      return ""
    }
    defer { g_free(text) }
    return String(cString: text).split(whereSeparator: \.isNewline).map {
      $0.trimmingCharacters(in: .whitespaces)
    }.filter { !$0.isEmpty }.joined(separator: " / ")
  }
}
