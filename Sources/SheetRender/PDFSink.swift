import CPangoCairo
import Foundation
import SheetLayout
import SheetSupport

/// One multi-page PDF document: the project's one PDF writer (sheets and comparison reports),
/// written to a temporary file and moved into place by `finish()`.
package final class PDFSink: PageSink {
  let imageResolution: ImageResolution
  private let output = AtomicOutput()
  private let path: String
  private let surface: OpaquePointer
  private var cairo: OpaquePointer?
  /// The page being drawn, counted from 1.
  private var pageNumber = 0

  /// Starts the PDF for `path` with `info` as its metadata; images are embedded at `ppi`
  /// (their own size when nil).
  package init(path: String, info: DocumentInfo, ppi: Double?) throws {
    self.path = path
    imageResolution = .embedded(ppi: ppi)
    let temporary = output.temporaryPath(for: path)
    surface = cairo_pdf_surface_create(temporary, 595, 842)
    let status = cairo_surface_status(surface)
    guard status == CAIRO_STATUS_SUCCESS else {
      throw RenderError("cannot write \(path): \(String(cString: cairo_status_to_string(status)))")
    }
    cairo_pdf_surface_restrict_to_version(surface, CAIRO_PDF_VERSION_1_5)
    Self.setMetadata(surface, info)
  }

  deinit {
    if let cairo { cairo_destroy(cairo) }
    cairo_surface_destroy(surface)
  }

  package func beginPage(width: Double, height: Double) throws -> OpaquePointer {
    cairo_pdf_surface_set_size(surface, width, height)
    pageNumber += 1
    if cairo == nil { cairo = cairo_create(surface) }
    return cairo!
  }

  package func endPage() throws {
    guard let cairo else { return }
    cairo_show_page(cairo)
    try Cairo.check(cairo, "cannot draw \(path)")
  }

  package func finish() throws -> [String] {
    if let cairo { cairo_destroy(cairo) }
    cairo = nil
    cairo_surface_finish(surface)
    let status = cairo_surface_status(surface)
    guard status == CAIRO_STATUS_SUCCESS else {
      output.discard()
      throw RenderError("cannot write \(path): \(String(cString: cairo_status_to_string(status)))")
    }
    try output.commitOrThrowRenderError()
    return [path]
  }

  package func addBookmark(_ title: String, x: Double, y: Double) {
    let attributes = String(format: "page=%d pos=[%.2f %.2f]", pageNumber, x, y)
    cairo_pdf_surface_add_outline(
      surface, Int32(CAIRO_PDF_OUTLINE_ROOT), title, attributes, cairo_pdf_outline_flags_t(rawValue: 0))
  }

  func addLink(_ uri: String, rect: Rect, cairo: OpaquePointer) {
    let area = String(format: "rect=[%.2f %.2f %.2f %.2f]", rect.x, rect.y, rect.width, rect.height)
    let attributes = "uri='\(Self.quoted(uri))' " + area
    cairo_tag_begin(cairo, CAIRO_TAG_LINK, attributes)
    cairo_tag_end(cairo, CAIRO_TAG_LINK)
  }

  /// `text` escaped for a single-quoted string in Cairo's tag attributes.
  static func quoted(_ text: String) -> String {
    text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'")
  }

  private static func setMetadata(_ surface: OpaquePointer, _ info: DocumentInfo) {
    let fields: [(cairo_pdf_metadata_t, String?)] = [
      (CAIRO_PDF_METADATA_TITLE, info.title), (CAIRO_PDF_METADATA_AUTHOR, info.author),
      (CAIRO_PDF_METADATA_SUBJECT, info.subject), (CAIRO_PDF_METADATA_KEYWORDS, info.keywords),
      (CAIRO_PDF_METADATA_CREATOR, info.creator),
    ]
    for case (let key, let value?) in fields { cairo_pdf_surface_set_metadata(surface, key, value) }
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]
    let date = formatter.string(from: info.creationDate)
    cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE, date)
    cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_MOD_DATE, date)
  }
}
