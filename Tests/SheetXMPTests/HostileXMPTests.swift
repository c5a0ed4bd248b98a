import Foundation
import SheetXMP
import TestSupport
import Testing

/// The XMP reproductions of the second hostile-input campaign: deep nesting that overflowed
/// exempi's stack, attributes that took it 17 s, and ratings that trapped when converted.
@Suite("Hostile XMP: checked before exempi sees it")
struct HostileXMPTests {
  private static let head =
    #"<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">"#
    + #"<rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmp:Rating="4" "#
    + #"xmlns:dc="http://purl.org/dc/elements/1.1/">"#
  private static let tail = "</rdf:Description></rdf:RDF></x:xmpmeta>"

  /// A sidecar holding `text`, and its path.
  private func sidecar(_ text: String, _ name: String = #function) throws -> String {
    let path = try FixturePaths.temporaryFolder(name).appendingPathComponent("a.xmp").path
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// `depth` nested `rdf:Bag`/`rdf:li` under `dc:subject`.
  private func nested(_ depth: Int) -> String {
    Self.head + "<dc:subject>" + String(repeating: "<rdf:Bag><rdf:li>", count: depth) + "x"
      + String(repeating: "</rdf:li></rdf:Bag>", count: depth) + "</dc:subject>" + Self.tail
  }

  @Test("40,000 nested rdf:Bag/rdf:li (1.4 MB) are refused with a reason, at once, and the process lives")
  func deepNesting() throws {
    let path = try sidecar(nested(40_000))
    let start = Date()
    #expect(throws: XMPError.self) { try XMPReader.readSidecar(path: path) }
    do {
      _ = try XMPReader.readSidecar(path: path)
    } catch {
      #expect(
        error.description
          == "\(path): the sidecar nests elements more than 100 deep, more than XMP holds; ignored")
    }
    #expect(Date().timeIntervalSince(start) < 2)
    #expect(XMPReader.parse(Array(nested(40_000).utf8)) == nil)
  }

  @Test("nesting within the limit is read as before")
  func shallowNesting() throws {
    #expect(try XMPReader.readSidecar(path: sidecar(nested(40))) == XMPTags(rating: 4))
  }

  @Test("40,000 attributes (738 KB) are refused in well under a second")
  func manyAttributes() throws {
    let attributes = (0..<40_000).map { #"xmlns:a\#($0)="http://e/\#($0)/""# }.joined(separator: " ")
    let text = Self.head.replacingOccurrences(of: "xmp:Rating=\"4\"", with: attributes) + Self.tail
    let path = try sidecar(text)
    let start = Date()
    do {
      _ = try XMPReader.readSidecar(path: path)
      Issue.record("40,000 attributes were parsed")
    } catch {
      #expect(error.reason.contains("holds more than 5000 attributes"))
    }
    #expect(Date().timeIntervalSince(start) < 1)
  }

  @Test("markup inside comments, CDATA and quoted values is not counted")
  func skipsWhatIsNotMarkup() {
    let inert =
      "<!-- " + String(repeating: "<a>", count: 500) + " -->" + "<![CDATA["
      + String(repeating: "<b x=1>", count: 6000)
      + "]]>" + #"<c v="\#(String(repeating: "<d>", count: 500))"/>"#
    #expect(XMPPacketLimits.problem(Array(inert.utf8)) == nil)
    #expect(XMPPacketLimits.problem(Array(String(repeating: "<a>", count: 101).utf8)) != nil)
    #expect(XMPPacketLimits.problem(Array(String(repeating: "<a/>", count: 1000).utf8)) == nil)
  }

  @Test(
    "ratings past any Int (1e19, ±9223372036854775807) are not ratings, and do not trap",
    arguments: ["1e19", "9223372036854775807", "-9223372036854775807", "-1e300", "nan", "inf"])
  func hugeRatings(rating: String) throws {
    let text = try String(
      contentsOf: FixturePaths.fixtures.appendingPathComponent("hostile/xmp-rating-1e19.xmp"), encoding: .utf8
    ).replacingOccurrences(of: "1e19", with: rating)
    #expect(try XMPReader.readSidecar(path: sidecar(text, "hugeRatings-\(rating)")) == XMPTags(label: "Red"))
  }
}
