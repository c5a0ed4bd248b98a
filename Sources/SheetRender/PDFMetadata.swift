import CPangoCairo
import Foundation
import SheetSupport

/// The document-level facts a PDF/X-4 file states twice, in its Info dictionary and in XMP
/// metadata, made from one ``DocumentInfo`` so that the two always agree (a preflight compares
/// them).
struct PDFMetadata {
  let info: DocumentInfo
  /// The file's identity: the same document gives the same ID (SHA-256 of its title, author,
  /// date, and where Cairo's file ends and how many pages it has), so two runs give the same
  /// bytes.
  let documentID: [UInt8]

  /// Whether the file is PDF/X-4 (the XMP says so).
  let pdfx: Bool
  /// Whether the file is tagged for PDF/UA-1 (the XMP says so).
  let pdfua: Bool

  /// The facts of `info` for a file whose identity `seed` decides (Cairo's file's size and
  /// page count),
  /// stating the standards it meets.
  init(info: DocumentInfo, seed: String, pdfx: Bool = true, pdfua: Bool = false) {
    self.info = info
    self.pdfx = pdfx
    self.pdfua = pdfua
    let fingerprint = [
      info.title ?? "", info.author ?? "", ISO8601DateFormatter().string(from: info.creationDate), seed,
    ]
    documentID = Array(SHA256.digest(Array(fingerprint.joined(separator: "\u{0}").utf8)).prefix(16))
  }

  /// What produced the PDF: ContactSheet drawing through Cairo.
  static let producer = "ContactSheet with cairo \(String(cString: cairo_version_string()))"

  /// The trailer's `/ID`: the document ID twice (this is the file's first version).
  var trailerID: String {
    let hex = documentID.map { String(format: "%02X", $0) }.joined()
    return "[<\(hex)> <\(hex)>]"
  }

  /// `uuid:…` made from the document ID.
  var uuid: String {
    let hex = documentID.map { String(format: "%02x", $0) }.joined()
    let parts = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { range in
      String(
        hex[
          hex.index(
            hex.startIndex, offsetBy: range.lowerBound)..<hex.index(
              hex.startIndex, offsetBy: range.upperBound)])
    }
    return "uuid:" + parts.joined(separator: "-")
  }

  /// The Info entries this writes (the others Cairo wrote are kept).
  static let infoKeys: Set<String> = [
    "Title", "Author", "Subject", "Keywords", "Creator", "Producer", "CreationDate", "ModDate", "Trapped",
    "GTS_PDFXVersion",
  ]

  /// The Info dictionary's entries, as text to append to a dictionary.
  var infoEntries: String {
    let date = Self.pdfDate(info.creationDate)
    var entries = ""
    for (key, value) in [
      ("Title", info.title), ("Author", info.author), ("Subject", info.subject), ("Keywords", info.keywords),
      ("Creator", info.creator), ("Producer", Self.producer),
    ] {
      if let value { entries += " /\(key) \(Self.textString(Self.xmlSafe(value)))" }
    }
    entries += " /CreationDate (\(date)) /ModDate (\(date))"
    return pdfx ? entries + " /Trapped /False /GTS_PDFXVersion (PDF/X-4)" : entries
  }

  /// The XMP packet, its properties mirroring the Info dictionary's, and the standards met.
  func xmp() -> Data {
    let date = Self.xmpDate(info.creationDate)
    var properties = "<dc:format>application/pdf</dc:format>\n"
    if let title = info.title {
      properties +=
        "<dc:title><rdf:Alt><rdf:li xml:lang=\"x-default\">\(Self.xml(title))</rdf:li></rdf:Alt></dc:title>\n"
    }
    if let author = info.author {
      properties += "<dc:creator><rdf:Seq><rdf:li>\(Self.xml(author))</rdf:li></rdf:Seq></dc:creator>\n"
    }
    if let subject = info.subject {
      properties +=
        "<dc:description><rdf:Alt><rdf:li xml:lang=\"x-default\">\(Self.xml(subject))</rdf:li></rdf:Alt></dc:description>\n"
    }
    if let keywords = info.keywords { properties += "<pdf:Keywords>\(Self.xml(keywords))</pdf:Keywords>\n" }
    properties += """
      <pdf:Producer>\(Self.xml(Self.producer))</pdf:Producer>
      <xmp:CreatorTool>\(Self.xml(info.creator))</xmp:CreatorTool>
      <xmp:CreateDate>\(date)</xmp:CreateDate>
      <xmp:ModifyDate>\(date)</xmp:ModifyDate>
      <xmp:MetadataDate>\(date)</xmp:MetadataDate>
      <xmpMM:DocumentID>\(uuid)</xmpMM:DocumentID>
      <xmpMM:InstanceID>\(uuid)</xmpMM:InstanceID>
      <xmpMM:VersionID>1</xmpMM:VersionID>
      <xmpMM:RenditionClass>default</xmpMM:RenditionClass>

      """
    if pdfx {
      properties +=
        "<pdf:Trapped>False</pdf:Trapped>\n<pdfxid:GTS_PDFXVersion>PDF/X-4</pdfxid:GTS_PDFXVersion>\n"
    }
    if pdfua { properties += "<pdfuaid:part>1</pdfuaid:part>\n" }
    let packet = """
      <?xpacket begin="\u{FEFF}" id="W5M0MpCehiHzreSzNTczkc9d"?>
      <x:xmpmeta xmlns:x="adobe:ns:meta/">
      <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
      <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" \
      xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/" \
      xmlns:pdf="http://ns.adobe.com/pdf/1.3/" xmlns:pdfxid="http://www.npes.org/pdfx/ns/id/" \
      xmlns:pdfuaid="http://www.aiim.org/pdfua/ns/id/">
      \(properties)</rdf:Description>
      </rdf:RDF>
      </x:xmpmeta>
      <?xpacket end="r"?>
      """
    return Data(packet.utf8)
  }

  /// A PDF text string: `(…)` for printable ASCII (with `\`, `(` and `)` escaped), else
  /// UTF-16BE with its byte order mark, in hexadecimal, as PDF 1.x wants text.
  static func textString(_ text: String) -> String {
    if text.unicodeScalars.allSatisfy({ (0x20..<0x7F).contains($0.value) }) {
      return "("
        + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "(", with: "\\(")
        .replacingOccurrences(of: ")", with: "\\)") + ")"
    }
    return "<FEFF" + text.utf16.map { String(format: "%04X", $0) }.joined() + ">"
  }

  /// `D:20261128151553Z`.
  static func pdfDate(_ date: Date) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "'D:'yyyyMMddHHmmss'Z'"
    return formatter.string(from: date)
  }

  /// `2026-11-28T15:15:53Z`.
  static func xmpDate(_ date: Date) -> String {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]
    return formatter.string(from: date)
  }

  /// `text` without the characters XML 1.0 cannot hold, so that Info and XMP say the same.
  static func xmlSafe(_ text: String) -> String {
    var kept = ""
    for scalar in text.unicodeScalars where XMLText.isAllowed(scalar) { kept.unicodeScalars.append(scalar) }
    return kept
  }

  /// `text` as XMP element content: XML's special characters escaped, and the characters XML
  /// 1.0 cannot hold dropped (as ``xmlSafe(_:)`` drops them from the Info dictionary).
  static func xml(_ text: String) -> String { XMLText.escaped(xmlSafe(text), attribute: false) }
}
