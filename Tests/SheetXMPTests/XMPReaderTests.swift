import Foundation
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

  @Test("a TIFF's embedded packet is read by exempi's own handler, in one read of the file")
  func embeddedTIFF() {
    #expect(XMPReader.readEmbedded(path: fixture("embedded.tif")) == XMPTags(rating: 3, label: "Yellow"))
    #expect((XMPReader.readEmbedded(path: fixture("unrated.jpg")) ?? XMPTags()) == XMPTags())
    #expect(XMPReader.readEmbedded(path: fixture("no-such-file.tif")) == nil)
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
    #expect(XMPTags(rating: 0, label: "Red").isComplete)
  }
}
