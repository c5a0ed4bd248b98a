import Foundation
import SheetImages
import SheetXMP
import TestSupport
import Testing

/// Title, description, keywords, creator, copyright, city, country and headline, read from XMP
/// (exempi) and IPTC-IIM (APP13) in fixtures exiftool wrote (`scripts/make-xmp-fixtures`).
@Suite("Descriptive XMP and IPTC fields")
struct DescriptiveFieldTests {
  private func fixture(_ name: String) -> String {
    FixturePaths.fixtures.appendingPathComponent("xmp").appendingPathComponent(name).path
  }

  @Test("an embedded packet gives all eight fields; lists are joined; the IIM segment is kept too")
  func embeddedXMP() throws {
    let header = try ImageReader.header(path: fixture("described.jpg"))
    let tags = try #require(header.xmp.flatMap(XMPReader.parse))
    #expect(
      tags.descriptive == [
        .title: "Harbour at dawn", .description: "Boats coming in & <nets> drying",
        .keywords: "harbour, boats",
        .creator: "Ana Ruiz", .copyright: "© 2026 Ana Ruiz", .city: "Vigo", .country: "Spain",
        .headline: "Morning catch",
      ])
    let iim = try #require(header.iptc)
    #expect(IPTCRecords.parse(iim).descriptive == [.title: "IIM title"])
    #expect(header.droppingXMP().iptc == nil)
  }

  @Test("IPTC-IIM in UTF-8: repeated keywords and by-lines joined, every field mapped")
  func iimUTF8() throws {
    let iim = try #require(try ImageReader.header(path: fixture("iptc-utf8.jpg")).iptc)
    #expect(
      IPTCRecords.parse(iim).descriptive == [
        .title: "Zürich Hauptbahnhof", .keywords: "Bahnhof, Zürich", .creator: "Jan Nowak, Łucja Kowalska",
        .city: "Zürich", .country: "Schweiz", .description: "Gleis 3", .copyright: "CC BY 4.0",
        .headline: "Abfahrt",
      ])
  }

  @Test("IPTC-IIM with no character set and Latin-1 bytes is read as Latin-1")
  func iimLatin1() throws {
    let iim = try #require(try ImageReader.header(path: fixture("iptc-latin1.jpg")).iptc)
    #expect(IPTCRecords.parse(iim).descriptive == [.title: "Señal", .city: "Málaga"])
  }

  @Test("a sidecar's field wins; the others come from the file")
  func sidecarFirst() throws {
    let sidecar = try #require(try XMPReader.readSidecar(path: fixture("described.xmp")))
    let embedded = try #require(
      try ImageReader.header(path: fixture("described.jpg")).xmp.flatMap(XMPReader.parse))
    let merged = sidecar.filling(from: embedded)
    #expect(merged.descriptive[.title] == "Sidecar title")
    #expect(merged.descriptive[.city] == "Vigo")
  }

  @Test(
    "hostile IIM: lengths past the end, extended lengths, odd names and a 0-byte value end the reading safely"
  )
  func hostileIIM() {
    func resource(_ records: [UInt8], name: [UInt8] = [0]) -> [UInt8] {
      let size = records.count
      var bytes = IPTCRecords.signature + Array("8BIM".utf8) + [0x04, 0x04] + name
      if name.count % 2 == 1 { bytes.append(0) }
      bytes += [
        UInt8(size >> 24 & 0xFF), UInt8(size >> 16 & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size & 0xFF),
      ]
      return bytes + records
    }
    let city: [UInt8] = [0x1C, 2, 90, 0, 4] + Array("Oslo".utf8)
    #expect(IPTCRecords.parse(resource(city)).descriptive == [.city: "Oslo"])
    // A name of 3 bytes (length byte + 3 = 4, even: no padding) before the size.
    #expect(IPTCRecords.parse(resource(city, name: [3, 65, 66, 67])).descriptive == [.city: "Oslo"])
    // A dataset claiming more bytes than there are: what came before it is kept.
    #expect(IPTCRecords.parse(resource(city + [0x1C, 2, 5, 0xFF, 0xF0, 65])).descriptive == [.city: "Oslo"])
    // An extended length of 9 bytes is refused; one of 4 bytes that fits is read.
    #expect(IPTCRecords.parse(resource([0x1C, 2, 90, 0x80, 9] + [UInt8](repeating: 0, count: 12))).isEmpty)
    #expect(
      IPTCRecords.parse(resource([0x1C, 2, 90, 0x80, 4, 0, 0, 0, 2] + Array("Bo".utf8))).descriptive == [
        .city: "Bo"
      ])
    // A resource size past the segment, an empty value, and no resource at all.
    var truncated = resource(city)
    truncated.removeLast(3)
    #expect(IPTCRecords.parse(truncated).isEmpty)
    #expect(IPTCRecords.parse(resource([0x1C, 2, 90, 0, 0])).isEmpty)
    #expect(IPTCRecords.parse(Array("Photoshop 3.0\0garbage".utf8)).isEmpty)
    #expect(IPTCRecords.parse([]).isEmpty)
  }

  @Test("a keyword list of thousands is cut at 200 items")
  func longLists() {
    var records: [UInt8] = []
    for _ in 0..<1_000 { records += [0x1C, 2, 25, 0, 1, UInt8(ascii: "k")] }
    let size = records.count
    let segment =
      IPTCRecords.signature + Array("8BIM".utf8) + [0x04, 0x04, 0, 0]
      + [UInt8(size >> 24 & 0xFF), UInt8(size >> 16 & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size & 0xFF)]
      + records
    let keywords = IPTCRecords.parse(segment).descriptive[.keywords] ?? ""
    #expect(keywords.split(separator: ",").count == 200)
  }
}
