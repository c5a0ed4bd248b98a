import CQPDF
import Foundation
import SheetLayout

/// The pages of a PDF open in libqpdf, named by document page, and what the document adds to
/// them: links, page labels, an outline. Shared by ``PDFFinisher`` (one run's file) and
/// ``PDFAssembler`` (the parts joined).
struct PDFTarget {
  let qpdf: qpdf_data
  /// The file's pages, in order.
  let pages: [qpdf_oh]
  /// The document page each file page shows.
  let documentPages: [Int]
  /// Each file page's height in points.
  let heights: [Double]
  /// File page index by document page.
  private let fileIndex: [Int: Int]

  init(qpdf: qpdf_data, pages: [qpdf_oh], documentPages: [Int], heights: [Double]) {
    self.qpdf = qpdf
    self.pages = pages
    self.documentPages = documentPages
    self.heights = heights
    var fileIndex: [Int: Int] = [:]
    for (index, page) in documentPages.enumerated() { fileIndex[page] = index }
    self.fileIndex = fileIndex
  }

  /// Adds each link on a page of this file whose target is in this file (or a URI) as the
  /// page's `/Annots`, replacing any there.
  /// - Returns: the file pages given links, and the annotation objects made.
  @discardableResult
  func addLinks(_ links: [PDFLink]) -> (pages: [Int], annotations: [qpdf_oh]) {
    var byPage: [Int: [PDFLink]] = [:]
    for link in links {
      guard let page = fileIndex[link.page] else { continue }
      if case .page(let target, _, _) = link.target, fileIndex[target] == nil { continue }
      byPage[page, default: []].append(link)
    }
    var made: [qpdf_oh] = []
    for (index, page) in pages.enumerated() {
      guard let pageLinks = byPage[index] else { continue }
      let annotations = qpdf_oh_new_array(qpdf)
      for link in pageLinks {
        let annotation = annotation(link, on: index)
        made.append(annotation)
        qpdf_oh_append_item(qpdf, annotations, annotation)
      }
      qpdf_oh_replace_key(qpdf, page, "/Annots", annotations)
      qpdf_oh_replace_key(qpdf, page, "/Tabs", qpdf_oh_new_name(qpdf, "/S"))
    }
    return (byPage.keys.sorted(), made)
  }

  /// Page labels numbering each page as in the document (a part starting at page 21 labels
  /// its first page 21); `cover` labels a cover.
  func setPageLabels(cover: String?) {
    qpdf_oh_replace_key(
      qpdf, qpdf_get_root(qpdf), "/PageLabels",
      qpdf_oh_parse(qpdf, Self.pageLabels(documentPages, cover: cover)))
  }

  /// The `/PageLabels` number tree numbering file pages as the document pages they show; with
  /// a `cover` label, the document's first page is labelled so ("Cover") and the numbers go on
  /// from 2.
  static func pageLabels(_ documentPages: [Int], cover: String?) -> String {
    var entries: [String] = []
    for (index, page) in documentPages.enumerated() {
      if let cover, page == 0 {
        entries.append("\(index) << /P \(PDFMetadata.textString(cover)) >>")
        continue
      }
      let continues = index > 0 && documentPages[index - 1] == page - 1 && !(cover != nil && page == 1)
      if !continues {
        entries.append(page == 0 ? "\(index) << /S /D >>" : "\(index) << /S /D /St \(page + 1) >>")
      }
    }
    return "<< /Nums [\(entries.joined(separator: " "))] >>"
  }

  /// The catalog's `/Lang`, with `/DisplayDocTitle` so that viewers show the title.
  func setLanguage(_ language: String) {
    let root = qpdf_get_root(qpdf)
    qpdf_oh_replace_key(qpdf, root, "/Lang", qpdf_oh_new_unicode_string(qpdf, language))
    qpdf_oh_replace_key(qpdf, root, "/ViewerPreferences", qpdf_oh_parse(qpdf, "<< /DisplayDocTitle true >>"))
  }

  /// The document's outline: one top-level entry per bookmark whose page is in this file, in
  /// the order given, as Cairo writes it (`/XYZ` destinations keeping the reader's zoom).
  func setOutline(_ bookmarks: [PDFBookmark]) {
    let entries = bookmarks.compactMap { bookmark in fileIndex[bookmark.page].map { (bookmark, $0) } }
    guard !entries.isEmpty else { return }
    let root = qpdf_make_indirect_object(qpdf, qpdf_oh_parse(qpdf, "<< /Type /Outlines >>"))
    let items = entries.map { _ in qpdf_make_indirect_object(qpdf, qpdf_oh_new_dictionary(qpdf)) }
    for (position, (bookmark, page)) in entries.enumerated() {
      let item = items[position]
      qpdf_oh_replace_key(qpdf, item, "/Title", qpdf_oh_new_unicode_string(qpdf, bookmark.title))
      qpdf_oh_replace_key(qpdf, item, "/Parent", root)
      if position > 0 { qpdf_oh_replace_key(qpdf, item, "/Prev", items[position - 1]) }
      if position + 1 < items.count { qpdf_oh_replace_key(qpdf, item, "/Next", items[position + 1]) }
      qpdf_oh_replace_key(qpdf, item, "/Dest", destination(page: page, x: bookmark.x, y: bookmark.y, zoom: 0))
    }
    qpdf_oh_replace_key(qpdf, root, "/First", items[0])
    qpdf_oh_replace_key(qpdf, root, "/Last", items[items.count - 1])
    qpdf_oh_replace_key(qpdf, root, "/Count", qpdf_oh_new_integer(qpdf, Int64(items.count)))
    qpdf_oh_replace_key(qpdf, qpdf_get_root(qpdf), "/Outlines", root)
  }

  /// `[page /XYZ x y zoom]` for a point given from the page's top left; a nil (or 0) zoom
  /// keeps the reader's.
  private func destination(page: Int, x: Double, y: Double, zoom: Int? = nil) -> qpdf_oh {
    let destination = qpdf_oh_new_array(qpdf)
    qpdf_oh_append_item(qpdf, destination, pages[page])
    qpdf_oh_append_item(qpdf, destination, qpdf_oh_new_name(qpdf, "/XYZ"))
    qpdf_oh_append_item(qpdf, destination, qpdf_oh_new_real_from_double(qpdf, x, 2))
    qpdf_oh_append_item(qpdf, destination, qpdf_oh_new_real_from_double(qpdf, heights[page] - y, 2))
    qpdf_oh_append_item(
      qpdf, destination, zoom.map { qpdf_oh_new_integer(qpdf, Int64($0)) } ?? qpdf_oh_new_null(qpdf))
    return destination
  }

  /// An indirect link annotation for `link`, on file page `page`.
  private func annotation(_ link: PDFLink, on page: Int) -> qpdf_oh {
    let height = heights[page]
    let r = link.rect
    let dictionary = qpdf_oh_parse(
      qpdf,
      String(
        format: "<< /Type /Annot /Subtype /Link /Border [0 0 0] /Rect [%.2f %.2f %.2f %.2f] >>",
        r.x, height - r.maxY, r.maxX, height - r.y))
    if let contents = link.contents {
      qpdf_oh_replace_key(qpdf, dictionary, "/Contents", qpdf_oh_new_unicode_string(qpdf, contents))
    }
    switch link.target {
    case .uri(let uri):
      let action = qpdf_oh_parse(qpdf, "<< /S /URI >>")
      qpdf_oh_replace_key(qpdf, action, "/URI", qpdf_oh_new_string(qpdf, uri))
      qpdf_oh_replace_key(qpdf, dictionary, "/A", action)
    case .page(let target, let x, let y):
      qpdf_oh_replace_key(qpdf, dictionary, "/Dest", destination(page: fileIndex[target]!, x: x, y: y))
    }
    return qpdf_make_indirect_object(qpdf, dictionary)
  }
}

/// One libqpdf document, released when dropped; errors and warnings become ``RenderError``s.
final class QPDFHandle {
  let data: qpdf_data

  init() throws {
    guard let data = qpdf_init() else { throw RenderError("cannot start libqpdf") }
    self.data = data
    qpdf_silence_errors(data)
  }

  deinit {
    var handle: qpdf_data? = data
    qpdf_cleanup(&handle)
  }

  /// Writes the document to `path` with a deterministic file ID.
  func write(to path: String, minimumVersion: String? = nil) throws {
    try check(qpdf_init_write(data, path), "write")
    qpdf_set_deterministic_ID(data, QPDF_TRUE)
    if let minimumVersion { qpdf_set_minimum_pdf_version(data, minimumVersion) }
    try check(qpdf_write(data), "write")
  }

  /// Throws libqpdf's error, if any, for a step that returned `code`. Warnings are errors too:
  /// whatever libqpdf had to repair is not a file we write.
  func check(_ code: QPDF_ERROR_CODE, _ step: String) throws {
    var messages: [String] = []
    if qpdf_has_error(data) != 0, let error = qpdf_get_error(data) {
      messages.append(String(cString: qpdf_get_error_full_text(data, error)))
    }
    while qpdf_more_warnings(data) != 0, let warning = qpdf_next_warning(data) {
      messages.append(String(cString: qpdf_get_error_full_text(data, warning)))
    }
    guard code == QPDF_SUCCESS, messages.isEmpty else {
      let detail = messages.isEmpty ? "libqpdf error \(code)" : messages.joined(separator: "; ")
      throw RenderError("cannot \(step) the PDF: \(detail)")
    }
  }
}
