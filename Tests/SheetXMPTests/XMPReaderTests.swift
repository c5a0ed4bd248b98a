import Foundation
import SheetImages
import SheetXMP
import TestSupport
import Testing

/// Ratings and labels read with exempi from fixtures that exiftool wrote
/// (`scripts/make-xmp-fixtures`).
@Suite("XMP ratings and labels")
struct XMPReaderTests {
  private func fixture(_ name: String) -> String {
    FixturePaths.fixtures.appendingPathComponent("xmp").appendingPathComponent(name).path
  }

  @Test("a sidecar gives its rating and label")
  func sidecar() throws {
    let tags = try XMPReader.readSidecar(path: fixture("darktable.jpg.xmp"))
    #expect(tags == XMPTags(rating: 3, label: "Purple"))
  }

  @Test("a missing sidecar is nil; one that is not XMP is an error naming it")
  func missingAndBroken() throws {
    #expect(try XMPReader.readSidecar(path: fixture("none.xmp")) == nil)
    #expect(throws: XMPError.self) { try XMPReader.readSidecar(path: fixture("broken.xmp")) }
    do {
      _ = try XMPReader.readSidecar(path: fixture("broken.xmp"))
    } catch {
      #expect(error.description.contains("broken.xmp"))
    }
  }

  @Test("a packet without the xmp: fields gives empty tags; bytes that are not XMP give nil")
  func packets() {
    let packet = """
      <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\
      <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" dc:format="image/jpeg"/>\
      </rdf:RDF></x:xmpmeta>
      """
    #expect(XMPReader.parse(Array(packet.utf8)) == XMPTags())
    #expect(XMPReader.parse(Array("<x:xmpmeta".utf8)) == nil)
    #expect(XMPReader.parse([]) == nil)
  }

  @Test("ratings written as attributes and as reals, rejected, and out of range")
  func ratingForms() {
    func packet(_ rating: String) -> [UInt8] {
      Array(
        """
        <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\
        <rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmp:Rating="\(rating)" xmp:Label=" Red "/>\
        </rdf:RDF></x:xmpmeta>
        """.utf8)
    }
    #expect(XMPReader.parse(packet("4"))?.rating == 4)
    #expect(XMPReader.parse(packet("4.0"))?.rating == 4)
    #expect(XMPReader.parse(packet("-1"))?.isRejected == true)
    #expect(XMPReader.parse(packet("7"))?.rating == nil)
    #expect(XMPReader.parse(packet("many"))?.rating == nil)
    #expect(XMPReader.parse(packet("3"))?.label == "Red")
  }

  @Test("a TIFF's embedded packet (its XMLPacket tag) is kept by its header read and parsed from there")
  func embeddedTIFF() throws {
    let packet = try #require(try ImageReader.header(path: fixture("embedded.tif")).xmp)
    #expect(XMPReader.parse(packet) == XMPTags(rating: 3, label: "Yellow"))
    #expect(
      try ImageReader.header(path: fixture("unrated.jpg")).xmp.flatMap(XMPReader.parse) ?? XMPTags()
        == XMPTags())
  }

  @Test("a TIFF whose embedded packet nests 40,000 levels deep keeps it for the limits to refuse")
  func embeddedBomb() throws {
    // exempi's TIFF handler parsed such a packet itself (a stack overflow, like the sidecar's);
    // the header read now hands it to XMPPacketLimits before exempi sees it.
    let nested = String(repeating: "<rdf:Bag><rdf:li>", count: 40_000)
    let packet = Array(
      "<x:xmpmeta xmlns:x='adobe:ns:meta/'><rdf:RDF xmlns:rdf='http://www.w3.org/1999/02/22-rdf-syntax-ns#'>\(nested)"
        .utf8)
    let tiff = try TIFFWithPacket.bytes(packet)
    let kept = try #require(try ImageReader.header(bytes: tiff).xmp)
    #expect(kept == packet)
    #expect(XMPPacketLimits.problem(kept) != nil)
    #expect(XMPReader.parse(kept) == nil)
  }

  @Test("sidecar names in both conventions, most specific first, with a RAW+JPEG partner's last")
  func sidecarNames() {
    #expect(
      XMPSidecars.candidates(for: "shoot/DSC_1.JPG", partner: "shoot/DSC_1.NEF") == [
        "shoot/DSC_1.JPG.xmp", "shoot/DSC_1.JPG.XMP", "shoot/DSC_1.xmp", "shoot/DSC_1.XMP",
        "shoot/DSC_1.NEF.xmp",
        "shoot/DSC_1.NEF.XMP",
      ])
    #expect(XMPSidecars.isSidecar("a.XMP"))
    #expect(!XMPSidecars.isSidecar("a.jpg"))
  }

  @Test("filling takes only the fields a source lacks")
  func filling() {
    let sidecar = XMPTags(rating: 5)
    #expect(sidecar.filling(from: XMPTags(rating: 1, label: "Blue")) == XMPTags(rating: 5, label: "Blue"))
    #expect(!XMPTags(rating: 0, label: "Red").isComplete, "descriptive fields may still come from elsewhere")
    let all = Dictionary(uniqueKeysWithValues: DescriptiveField.allCases.map { ($0, "x") })
    #expect(XMPTags(rating: 0, label: "Red", descriptive: all).isComplete)
    #expect(
      XMPTags(descriptive: [.city: "Oslo"]).filling(
        from: XMPTags(descriptive: [.city: "Bergen", .country: "Norway"]))
        == XMPTags(descriptive: [.city: "Oslo", .country: "Norway"]))
  }
}

/// A 1×1 grey TIFF whose XMLPacket tag (700) holds a given packet.
private enum TIFFWithPacket {
  static func bytes(_ packet: [UInt8]) throws -> [UInt8] {
    // Tag, type (3 SHORT, 4 LONG, 7 UNDEFINED), count, value; entries in tag order.
    let entryCount = 10
    let pixelAt = 8 + 2 + entryCount * 12 + 4
    let packetAt = pixelAt + 1
    let entries: [(UInt16, UInt16, UInt32, UInt32)] = [
      (256, 4, 1, 1), (257, 4, 1, 1), (258, 3, 1, 8), (259, 3, 1, 1), (262, 3, 1, 1),
      (273, 4, 1, UInt32(pixelAt)), (277, 3, 1, 1), (278, 4, 1, 1), (279, 4, 1, 1),
      (700, 7, UInt32(packet.count), UInt32(packetAt)),
    ]
    var bytes: [UInt8] = Array("II*\0".utf8)
    func append<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { bytes += $0 } }
    append(UInt32(8))
    append(UInt16(entryCount))
    for (tag, type, count, value) in entries {
      append(tag)
      append(type)
      append(count)
      // A SHORT value sits in the field's first two bytes.
      if type == 3 {
        append(UInt16(value))
        append(UInt16(0))
      } else {
        append(value)
      }
    }
    append(UInt32(0))
    bytes.append(128)
    return bytes + packet
  }
}
