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
  private let temporary: String
  private let surface: OpaquePointer
  private var cairo: OpaquePointer?
  /// The page being drawn, counted from 1.
  private var pageNumber = 0
  /// Trim size, bleed and crop marks of every page.
  let marks: PrintMarks
  /// What Cairo cannot write: links, page boxes, page labels.
  private var finisher = PDFFinisher()
  /// The width of the page being drawn, bleed and marks included.
  private var mediaWidth = 0.0
  /// The document page each page drawn shows; nil when the file holds every page in order.
  private let documentPages: [Int]?
  /// The document page (from 0) being drawn.
  private var documentPage: Int { documentPages.map { $0[pageNumber - 1] } ?? pageNumber - 1 }

  /// Starts the PDF for `path` with `info` as its metadata; images are embedded at `ppi`
  /// (their own size when nil).
  /// `marks` extends each page by a bleed and draws crop marks around its trim box;
  /// `pageLabels` writes page labels numbering the pages as in the document; `coverLabel`
  /// labels the document's first page (the cover) so and numbers the next one 2. `language`
  /// is the catalog's `/Lang`.
  /// `documentPages` names the document page (from 0) each page drawn shows, when the file
  /// holds only some of them; `part` then records the document's facts for those pages
  /// (see ``PDFPart``), so that parts can be joined. With `outputIntent`, the file is PDF/X-4
  /// printing on it.
  package init(
    path: String, info: DocumentInfo, ppi: Double?, marks: PrintMarks = PrintMarks(),
    pageLabels: Bool = false, coverLabel: String? = nil,
    documentPages: [Int]? = nil, part: PDFPart? = nil, outputIntent: OutputIntent? = nil,
    language: String? = nil, tagged: Bool = false
  ) throws {
    self.path = path
    self.marks = marks
    self.documentPages = documentPages
    imageResolution = .embedded(ppi: ppi)
    temporary = output.temporaryPath(for: path)
    finisher.bleed = marks.bleed
    finisher.trimInset = marks.trimInset
    finisher.pageLabels = pageLabels
    finisher.coverLabel = coverLabel
    finisher.part = part
    finisher.outputIntent = outputIntent
    finisher.info = info
    finisher.language = language
    finisher.tagged = tagged
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
    let inset = marks.trimInset
    cairo_pdf_surface_set_size(surface, width + 2 * inset, height + 2 * inset)
    finisher.pageHeights.append(height + 2 * inset)
    mediaWidth = width + 2 * inset
    pageNumber += 1
    finisher.documentPages.append(documentPage)
    finisher.part?.pages.append(documentPage)
    finisher.part?.pageHeights.append(height + 2 * inset)
    if cairo == nil { cairo = cairo_create(surface) }
    let cairo = cairo!
    cairo_save(cairo)
    if inset > 0 {
      // Drawing stays in trim-box points; painting the background fills the bleed too.
      let bleed = marks.bleed
      cairo_rectangle(cairo, inset - bleed, inset - bleed, width + 2 * bleed, height + 2 * bleed)
      cairo_clip(cairo)
      cairo_translate(cairo, inset, inset)
    }
    return cairo
  }

  package func endPage() throws {
    guard let cairo else { return }
    cairo_restore(cairo)
    if marks.cropMarks {
      marks.drawCropMarks(cairo, mediaWidth: mediaWidth, mediaHeight: finisher.pageHeights.last ?? 0)
    }
    cairo_show_page(cairo)
    try Cairo.check(cairo, "cannot draw \(path)")
  }

  /// The alternative text of each figure of a tagged PDF, in drawing order (Cairo 1.16 writes
  /// none: the finisher adds them).
  var figureTexts: [String] {
    get { finisher.figureTexts }
    set { finisher.figureTexts = newValue }
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
    do {
      try finisher.finish(temporary)
    } catch {
      output.discard()
      throw RenderError("cannot write \(path): \(error)")
    }
    try output.commitOrThrowRenderError()
    return [path]
  }

  package func addBookmark(_ title: String, x: Double, y: Double) {
    let inset = marks.trimInset
    // The point as Cairo is given it, to a hundredth of a point: a part records the same, so an
    // assembled outline equals a one-process file's.
    let (pointX, pointY) = (((x + inset) * 100).rounded() / 100, ((y + inset) * 100).rounded() / 100)
    let attributes = String(format: "page=%d pos=[%.2f %.2f]", pageNumber, pointX, pointY)
    cairo_pdf_surface_add_outline(
      surface, Int32(CAIRO_PDF_OUTLINE_ROOT), title, attributes, cairo_pdf_outline_flags_t(rawValue: 0))
    finisher.part?.bookmarks.append(PDFBookmark(title: title, page: documentPage, x: pointX, y: pointY))
  }

  /// Links are written by libqpdf after Cairo has finished the file (``PDFFinisher``): Cairo
  /// 1.16's link tags write a broken cross-reference table.
  func addLink(_ target: PDFLink.Target, rect: Rect, contents: String?) {
    let inset = marks.trimInset
    var target = target
    if case .page(let page, let x, let y) = target { target = .page(page, x: x + inset, y: y + inset) }
    let link = PDFLink(
      page: documentPage,
      rect: Rect(x: rect.x + inset, y: rect.y + inset, width: rect.width, height: rect.height),
      target: target, contents: contents)
    finisher.links.append(link)
    finisher.part?.links.append(link)
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
