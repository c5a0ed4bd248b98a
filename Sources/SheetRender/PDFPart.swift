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
  package static let currentFormat = 1

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
  /// Whether the document's first page is a cover, labelled "Cover" (the next page is 2).
  package var coverLabel: Bool
  /// The document's metadata.
  package var info: Info

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
    document: String, pageCount: Int, pageLabels: Bool, coverLabel: Bool = false, info: DocumentInfo
  ) {
    self.document = document
    self.pageCount = pageCount
    self.pageLabels = pageLabels
    self.coverLabel = coverLabel
    self.info = Info(info)
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
/// elements, captions), each item's image file, link and badge, the render style, print marks
/// and metadata. Two runs with the same inputs and options give the same fingerprint; shards
/// of different documents do not.
enum DocumentFingerprint {
  static func of(_ document: SheetDocument, style: RenderStyle, marks: PrintMarks) -> String {
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
    add("\(style)|\(marks)|\(info)")
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
      add("\(item.path ?? "")|\(item.failure ?? "")|\(item.link ?? "")|\(String(describing: item.badge))")
      add(placed.caption)
    }
    return SHA256.hex(SHA256.digest(bytes))
  }
}
