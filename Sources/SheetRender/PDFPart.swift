import Foundation
import SheetLayout
import SheetSupport

/// What a part of a document (a shard rendered with a page selection) carries so that
/// `contactsheet assemble` can join the parts into the whole document without the inputs:
/// which document it belongs to, which of its pages it holds, and the document's own facts
/// for those pages (outline entries, links, page heights) and for the whole (page count,
/// metadata, whether pages are labelled). Written as JSON in a stream under a private key of
/// the part's document catalog (``catalogKey``), which the assembled file leaves out.
package struct PDFPart: Codable, Hashable, Sendable {
  /// The private catalog key holding the JSON.
  package static let catalogKey = "/ContactSheetPart"
  /// The version of this format; a part of another version is refused.
  package static let currentFormat = 2

  /// The version of this format the part was written in.
  package var format = PDFPart.currentFormat
  /// A fingerprint of the whole document (layout, images, links, style, metadata): parts of
  /// one document carry the same.
  package var document: String
  /// Pages in the whole document.
  package var pageCount: Int
  /// The most pages a document's parts may claim (a part's facts are read as input).
  static let largestPageCount = 10_000_000
  /// The document pages (from 0) this part holds, in file order.
  package var pages: [Int] = []
  /// The height in points of each of this part's pages (bleed and marks included).
  package var pageHeights: [Double] = []
  /// Outline entries on this part's pages.
  package var bookmarks: [PDFBookmark] = []
  /// Links on this part's pages, to any page of the document.
  package var links: [PDFLink] = []
  /// Whether the document labels its pages (it has contents or an index).
  package var pageLabels: Bool
  /// When the document's first page is a cover, its label ("Cover" in English; the next page
  /// is 2); nil when there is no cover.
  package var coverLabel: String?
  /// The document's metadata.
  package var info: Info
  /// The language of the document's text (its `/Lang`), if one was given.
  package var language: String?

  /// The document's metadata as written into the PDF's `/Info`.
  package struct Info: Codable, Hashable, Sendable {
    /// Title, author, subject and keywords; nil for none.
    package var title: String?
    /// See `title`.
    package var author: String?
    /// See `title`.
    package var subject: String?
    /// See `title`.
    package var keywords: String?
    /// The program named as creator.
    package var creator: String
    /// The creation (and modification) date, seconds since 1970.
    package var date: Double

    /// The metadata of `info`.
    package init(_ info: DocumentInfo) {
      title = info.title
      author = info.author
      subject = info.subject
      keywords = info.keywords
      creator = info.creator
      date = info.creationDate.timeIntervalSince1970.rounded(.down)
    }

    /// The date as PDF writes it, `D:YYYYMMDDHHmmSSZ` (UTC), as Cairo does.
    package var pdfDate: String {
      var time = time_t(date)
      var parts = tm()
      gmtime_r(&time, &parts)
      return String(
        format: "D:%04d%02d%02d%02d%02d%02dZ", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1,
        Int(parts.tm_mday),
        Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec))
    }
  }

  /// An empty part of the document fingerprinted `document`.
  package init(
    document: String, pageCount: Int, pageLabels: Bool, coverLabel: String? = nil, info: DocumentInfo,
    language: String? = nil
  ) {
    self.language = language
    self.document = document
    self.pageCount = pageCount
    self.pageLabels = pageLabels
    self.coverLabel = coverLabel
    self.info = Info(info)
  }

  /// The most outline entries, and the most links, a page of a part may carry.
  static let largestCountPerPage = 1_000
  /// The largest coordinate or page height, in points, a part's facts may hold: twice the
  /// largest PDF page side (200 in), which leaves room for bleed and marks.
  static let largestCoordinate = 28_800.0

  /// The most bytes the facts of a part of `pages` pages may take as JSON: room for
  /// ``largestCountPerPage`` bookmarks and links on every page, with long titles and URIs.
  static func factsLimit(pages: Int) -> Int {
    (64 << 10) + min(max(pages, 0), largestPageCount) * (512 << 10)
  }

  /// What is out of range in these facts (counts past what the part's pages hold, a
  /// coordinate or height that is not finite or not sane, a page outside the document), or
  /// nil when all is in range.
  var problem: String? {
    let perPage = pages.count * Self.largestCountPerPage
    let onPages =
      "on \(pages.count) page\(pages.count == 1 ? "" : "s"), more than \(Self.largestCountPerPage) a page"
    if bookmarks.count > perPage { return "\(bookmarks.count) bookmarks \(onPages)" }
    if links.count > perPage { return "\(links.count) links \(onPages)" }
    func sane(_ value: Double) -> Bool { value.isFinite && abs(value) <= Self.largestCoordinate }
    if let height = pageHeights.first(where: { !sane($0) || $0 <= 0 }) { return "a page \(height) pt high" }
    // Dates are seconds since 1970: within ±3,000 years, as `time_t` and `gmtime_r` take them.
    guard info.date.isFinite, abs(info.date) < 1e11 else { return "the date \(info.date)" }
    let onDocument = 0..<pageCount
    for bookmark in bookmarks
    where !onDocument.contains(bookmark.page) || !sane(bookmark.x) || !sane(bookmark.y) {
      return "a bookmark at document page \(bookmark.page) (from 0), x \(bookmark.x), y \(bookmark.y)"
    }
    for link in links {
      let rect = link.rect
      guard onDocument.contains(link.page), [rect.x, rect.y, rect.width, rect.height].allSatisfy(sane),
        sane(rect.x + rect.width), sane(rect.y + rect.height)
      else {
        return
          "a link on document page \(link.page) (from 0) at x \(rect.x), y \(rect.y), \(rect.width)×\(rect.height)"
      }
      if case .page(let target, let x, let y) = link.target,
        !onDocument.contains(target) || !sane(x) || !sane(y)
      {
        return "a link to document page \(target) (from 0), x \(x), y \(y)"
      }
    }
    return nil
  }

  /// The JSON written into the PDF.
  func encoded() throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return try encoder.encode(self)
  }

  /// The part described by `json`.
  static func decoded(_ json: Data) throws -> PDFPart {
    try JSONDecoder().decode(PDFPart.self, from: json)
  }
}

/// A fingerprint of everything that decides what a document's pages show: its layout (pages,
/// elements, captions), each item's image source (its identity), link, badge and bookmark, the
/// render style and output settings, print marks and metadata. Two runs with the same inputs and options give the same fingerprint; shards
/// of different documents do not.
enum DocumentFingerprint {
  static func of(
    _ document: SheetDocument, style: RenderStyle, output: OutputSettings, marks: PrintMarks
  ) -> String {
    var bytes: [UInt8] = []
    func add(_ text: String) {
      bytes += Array(text.utf8)
      bytes.append(0)
    }
    func add(_ number: Double) { withUnsafeBytes(of: number.bitPattern.littleEndian) { bytes += $0 } }
    func add(_ rect: Rect?) {
      guard let rect else { return add("-") }
      for value in [rect.x, rect.y, rect.width, rect.height] { add(value) }
    }
    // Shards start at different moments: the run's time is metadata (taken from the first
    // part when joined). Its day is kept, since `{date}` in a header, footer or cover note
    // prints it: parts drawn on different days are not one document.
    var info = document.info
    let day = (info.creationDate.timeIntervalSince1970 / 86_400).rounded(.down)
    info.creationDate = Date(timeIntervalSince1970: day * 86_400)
    add("\(style)|\(output)|\(marks)|\(info)")
    for page in document.layout.pages {
      add(page.width)
      add(page.height)
      for element in page.elements {
        add("\(element.kind)|\(element.item ?? -1)|\(element.text ?? "")|\(element.subtitle ?? "")")
        add(element.frame)
        add(element.image)
        add(element.caption)
        if let target = element.target { add("\(target.page)|\(target.x)|\(target.y)") }
      }
    }
    for (item, placed) in zip(document.items, document.layout.items) {
      add(
        "\(item.source?.identity ?? "")|\(item.failure ?? "")|\(item.link ?? "")|\(String(describing: item.badge))"
      )
      if let bookmark = item.bookmark { add("bookmark \(bookmark)") }
      add(placed.caption)
    }
    return SHA256.hex(SHA256.digest(bytes))
  }
}
