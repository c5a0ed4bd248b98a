import CQPDF
import Foundation
import SheetLayout
import SheetSupport

/// A clickable area on a PDF page.
package struct PDFLink: Hashable, Sendable {
  /// Where a link goes.
  package enum Target: Hashable, Sendable {
    /// An external URI (a product page).
    case uri(String)
    /// A point on a page of the same document (page counted from 0, point in page points from
    /// the top left).
    case page(Int, x: Double, y: Double)
  }

  /// The page the link is on, counted from 0.
  package var page: Int
  /// The clickable area, in page points from the top left.
  package var rect: Rect
  /// Where it goes.
  package var target: Target
}

/// What Cairo's PDF surface cannot write correctly (Cairo 1.16's link tags produce a broken
/// cross-reference table) or cannot write at all (trim and bleed boxes, page labels starting
/// anywhere), added to a finished PDF through libqpdf's object API; the result is written to
/// a new file, so the PDF Cairo wrote is never patched in place.
struct PDFFinisher {
  /// Links per page.
  var links: [PDFLink] = []
  /// Page heights in points, one per page (for turning top-left coordinates into PDF's).
  var pageHeights: [Double] = []
  /// The distance, in points, from each page's edge to its trim box; 0 sets no boxes.
  var trimInset: Double = 0
  /// How far, in points, the bleed box reaches beyond the trim box.
  var bleed: Double = 0
  /// When set, the PDF's page labels: decimal numbers starting at 1 on the first page.
  var pageLabels = false
  /// With `pageLabels`: the first page (the cover) is labelled "Cover"; the second is 2.
  var coverLabel = false

  /// Whether Cairo's file needs any of this.
  var isNeeded: Bool { !links.isEmpty || trimInset > 0 || pageLabels }

  /// Reads the PDF at `source`, adds the links, boxes and labels, and writes it to `destination`.
  func finish(_ source: String, to destination: String) throws {
    guard let qpdf = qpdf_init() else { throw RenderError("cannot start libqpdf") }
    var handle: qpdf_data? = qpdf
    defer { qpdf_cleanup(&handle) }
    qpdf_silence_errors(qpdf)
    try check(qpdf, qpdf_read(qpdf, source, nil), "read")
    let pageCount = Int(qpdf_get_num_pages(qpdf))
    guard pageCount == pageHeights.count else {
      throw RenderError("cannot finish the PDF: it has \(pageCount) pages, \(pageHeights.count) were drawn")
    }
    let pages = (0..<pageCount).map { qpdf_get_page_n(qpdf, $0) }
    let byPage = Dictionary(grouping: links, by: \.page)
    for (index, page) in pages.enumerated() {
      if let pageLinks = byPage[index] {
        let annotations = qpdf_oh_new_array(qpdf)
        for link in pageLinks {
          qpdf_oh_append_item(qpdf, annotations, annotation(qpdf, link, pages: pages))
        }
        qpdf_oh_replace_key(qpdf, page, "/Annots", annotations)
      }
      if trimInset > 0 { setBoxes(qpdf, page, height: pageHeights[index]) }
    }
    if pageLabels {
      let numbers = coverLabel ? "0 << /P (Cover) >> 1 << /S /D /St 2 >>" : "0 << /S /D >>"
      let labels = qpdf_oh_parse(qpdf, "<< /Nums [\(numbers)] >>")
      qpdf_oh_replace_key(qpdf, qpdf_get_root(qpdf), "/PageLabels", labels)
    }
    try check(qpdf, qpdf_init_write(qpdf, destination), "write")
    qpdf_set_deterministic_ID(qpdf, QPDF_TRUE)
    try check(qpdf, qpdf_write(qpdf), "write")
  }

  /// An indirect link annotation for `link`.
  private func annotation(_ qpdf: qpdf_data, _ link: PDFLink, pages: [qpdf_oh]) -> qpdf_oh {
    let height = pageHeights[link.page]
    let r = link.rect
    let dictionary = qpdf_oh_parse(
      qpdf,
      String(
        format: "<< /Type /Annot /Subtype /Link /Border [0 0 0] /Rect [%.2f %.2f %.2f %.2f] >>",
        r.x, height - r.maxY, r.maxX, height - r.y))
    switch link.target {
    case .uri(let uri):
      let action = qpdf_oh_parse(qpdf, "<< /S /URI >>")
      qpdf_oh_replace_key(qpdf, action, "/URI", qpdf_oh_new_string(qpdf, uri))
      qpdf_oh_replace_key(qpdf, dictionary, "/A", action)
    case .page(let page, let x, let y):
      let destination = qpdf_oh_new_array(qpdf)
      qpdf_oh_append_item(qpdf, destination, pages[page])
      qpdf_oh_append_item(qpdf, destination, qpdf_oh_new_name(qpdf, "/XYZ"))
      qpdf_oh_append_item(qpdf, destination, qpdf_oh_new_real_from_double(qpdf, x, 2))
      qpdf_oh_append_item(qpdf, destination, qpdf_oh_new_real_from_double(qpdf, pageHeights[page] - y, 2))
      qpdf_oh_append_item(qpdf, destination, qpdf_oh_new_null(qpdf))
      qpdf_oh_replace_key(qpdf, dictionary, "/Dest", destination)
    }
    return qpdf_make_indirect_object(qpdf, dictionary)
  }

  /// Sets the page's TrimBox (the page as laid out) and BleedBox (the trim box and the bleed).
  private func setBoxes(_ qpdf: qpdf_data, _ page: qpdf_oh, height: Double) {
    let media = qpdf_oh_get_key(qpdf, page, "/MediaBox")
    let width = qpdf_oh_get_numeric_value(qpdf, qpdf_oh_get_array_item(qpdf, media, 2))
    let box = { (inset: Double) in
      qpdf_oh_parse(
        qpdf, String(format: "[%.2f %.2f %.2f %.2f]", inset, inset, width - inset, height - inset))
    }
    qpdf_oh_replace_key(qpdf, page, "/BleedBox", box(trimInset - bleed))
    qpdf_oh_replace_key(qpdf, page, "/TrimBox", box(trimInset))
  }

  /// Throws libqpdf's error, if any, for a step that returned `code`. Warnings are errors too:
  /// whatever libqpdf had to repair is not a file we write.
  private func check(_ qpdf: qpdf_data, _ code: QPDF_ERROR_CODE, _ step: String) throws {
    var messages: [String] = []
    if qpdf_has_error(qpdf) != 0, let error = qpdf_get_error(qpdf) {
      messages.append(String(cString: qpdf_get_error_full_text(qpdf, error)))
    }
    while qpdf_more_warnings(qpdf) != 0, let warning = qpdf_next_warning(qpdf) {
      messages.append(String(cString: qpdf_get_error_full_text(qpdf, warning)))
    }
    guard code == QPDF_SUCCESS, messages.isEmpty else {
      let detail = messages.isEmpty ? "libqpdf error \(code)" : messages.joined(separator: "; ")
      throw RenderError("cannot \(step) the PDF's links and boxes: \(detail)")
    }
  }
}
