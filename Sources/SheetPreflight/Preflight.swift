import Foundation

/// One thing a PDF does not do that a standard asks for.
public struct PreflightFinding: Sendable, Hashable, CustomStringConvertible {
  /// The standard whose rule is broken.
  public enum Standard: String, Sendable, Hashable {
    /// PDF/X-4 (ISO 15930-7), for print.
    case pdfx = "PDF/X-4"
    /// PDF/UA-1 (ISO 14289-1), for accessibility.
    case pdfua = "PDF/UA-1"
  }

  /// The standard whose rule is broken.
  public var standard: Standard
  /// A short name of the rule (`output-intent`, `fonts`, `image-resolution`…).
  public var rule: String
  /// The page (from 1) the finding is on, if it is on one.
  public var page: Int?
  /// The object at fault (`12 0 R`), if there is one.
  public var object: String?
  /// What is wrong, and what would be right.
  public var message: String

  /// `PDF/X-4 image-resolution, page 3, object 45 0 R: …`.
  public var description: String {
    var place = ""
    if let page { place += ", page \(page)" }
    if let object { place += ", object \(object)" }
    return "\(standard.rawValue) \(rule)\(place): \(message)"
  }
}

/// Checks any PDF, ours or another tool's, against the machine-checkable rules of PDF/X-4
/// (output intent, metadata, boxes, fonts, colour, image resolution) and of PDF/UA-1 (tags,
/// language, title, alternative text, links), as a print shop's or an accessibility checker's
/// preflight would, and says where each finding is.
public struct Preflight {
  /// The standards checked. Default both.
  public var standards: Set<PreflightFinding.Standard> = [.pdfx, .pdfua]
  /// The fewest pixels per inch an image may print at. Default 200.
  public var minimumPPI: Double = 200
  /// The most total ink (C+M+Y+K, in percent) a CMYK colour or image may ask for when the
  /// output intent is CMYK. Default 300, the usual limit for coated paper (FOGRA39 allows 330,
  /// newsprint about 240).
  public var maximumInk: Double = 300

  /// A preflight of both standards at 200 ppi.
  public init() {}

  /// The findings for the PDF at `path`, in the order of the rules and pages.
  ///
  /// - Throws: ``PreflightError`` when the file cannot be read as a PDF at all.
  public func check(path: String) throws -> [PreflightFinding] {
    let document = try PDFDocument(path: path)
    var findings: [PreflightFinding] = []
    if standards.contains(.pdfx) {
      findings += PDFXRules(document: document, minimumPPI: minimumPPI, maximumInk: maximumInk).findings()
    }
    if standards.contains(.pdfua) { findings += PDFUARules(document: document).findings() }
    return findings
  }
}

/// The XMP packet of a document, read for the few properties checks compare.
struct XMPPacket {
  let text: String

  init?(_ document: PDFDocument) {
    guard let bytes = document.root["Metadata"]?.streamData() else { return nil }
    text = String(decoding: bytes, as: UTF8.self)
  }

  /// The value of property `name` (`pdfxid:GTS_PDFXVersion`), written as an element or as an
  /// attribute; for `rdf:Alt` and `rdf:Seq` values, the first item's.
  func value(_ name: String) -> String? {
    if let range = text.range(of: "\(name)=\"") {
      return Self.unescaped(String(text[range.upperBound...].prefix { $0 != "\"" }))
    }
    guard let open = text.range(of: "<\(name)>"),
      let close = text.range(of: "</\(name)>", range: open.upperBound..<text.endIndex)
    else { return nil }
    var inner = String(text[open.upperBound..<close.lowerBound])
    if let item = inner.range(of: "<rdf:li"), let end = inner[item.upperBound...].firstIndex(of: ">"),
      let stop = inner.range(of: "</rdf:li>")
    {
      inner = String(inner[inner.index(after: end)..<stop.lowerBound])
    }
    return Self.unescaped(inner.trimmingCharacters(in: .whitespacesAndNewlines))
  }

  /// XML text with its entity and character references replaced by what they stand for.
  static func unescaped(_ text: String) -> String {
    guard text.contains("&") else { return text }
    var result = ""
    var rest = Substring(text)
    while let ampersand = rest.firstIndex(of: "&") {
      result += rest[..<ampersand]
      guard let semicolon = rest[ampersand...].firstIndex(of: ";") else { break }
      let name = rest[rest.index(after: ampersand)..<semicolon]
      let named = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'"][String(name)]
      var scalar: Unicode.Scalar?
      if name.hasPrefix("#x") || name.hasPrefix("#X") {
        scalar = UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
      } else if name.hasPrefix("#") {
        scalar = UInt32(name.dropFirst()).flatMap(Unicode.Scalar.init)
      }
      if let replacement = named ?? scalar.map({ String(Character($0)) }) {
        result += replacement
      } else {
        result += rest[ampersand...semicolon]
      }
      rest = rest[rest.index(after: semicolon)...]
    }
    return result + rest
  }
}
