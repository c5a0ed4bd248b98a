import Foundation
import TestSupport
import Testing

@testable import ContactSheet

@Suite("CSV rows read from bytes")
struct CSVRowTests {
  /// Each record of `text` as its line and fields, read through the row views the parser hands over.
  private func records(_ text: String, delimiter: Unicode.Scalar? = nil) throws -> [String] {
    var records: [String] = []
    try CSVTable.parse(
      text, delimiter: delimiter, header: { _ in },
      record: { row in records.append("\(row.line):" + (0..<row.count).map { "[\(row.text($0))]" }.joined()) }
    )
    return records
  }

  @Test("a row's fields hold its own bytes only: a long row, shorter ones, quoted fields after others")
  func reusedBuffers() throws {
    let text = "a,b,c\nlong value,second,third\nx\n,\"q\"\"\"\nyy,\"two\r\nlines\",\n"
    #expect(
      try records(text) == [
        "2:[long value][second][third]", "3:[x]", "4:[][q\"]", "5:[yy][two\r\nlines][]",
      ])
  }

  @Test("carriage returns outside quotes are dropped inside a field; a quote may follow them")
  func carriageReturns() throws {
    #expect(try records("h\na\rb\r\n\r\"q\"\r\n") == ["2:[ab]", "3:[q]"])
  }

  @Test("a delimiter of several bytes splits fields only where all its bytes are")
  func wideDelimiter() throws {
    #expect(try records("a§b\n©§x¶§\n", delimiter: "§") == ["2:[©][x¶][]"])
  }

  /// The items `text` makes as a CSV catalog read with `options`.
  private func items(_ text: String, _ options: CSVOptions = CSVOptions()) throws -> [CatalogItem] {
    let folder = try FixturePaths.temporaryFolder()
    let url = folder.appendingPathComponent("rows.csv")
    try Data(text.utf8).write(to: url)
    var catalog = Catalog()
    try CSVCatalogReader.read(url.path, options: options, into: &catalog)
    return catalog.items
  }

  @Test("sections follow their field as it changes, back and forth, trimmed; empty is 'Other'")
  func sections() throws {
    var options = CSVOptions()
    options.sectionColumn = "room"
    let rows = ["Hall", "Hall", " Hall ", "", "Attic", "Hall", "\u{3000}", "Attic"]
    let text = "image,room\n" + rows.map { "a.png,\($0)\n" }.joined()
    #expect(
      try items(text, options).map(\.section) == [
        "Hall", "Hall", "Hall", "Other", "Attic", "Hall", "Other", "Attic",
      ])
  }

  @Test("--group-by gathers by its column while --section-column names the sections")
  func groupAndSection() throws {
    var options = CSVOptions()
    options.sectionColumn = "room"
    options.groupBy = "floor"
    let text = "image,room,floor\na.png,Hall,1\nb.png,Attic,2\nc.png,Kitchen,1\n"
    let grouped = try items(text, options)
    #expect(grouped.map { $0.fields["image"] } == ["a.png", "c.png", "b.png"])
    #expect(grouped.map(\.section) == ["Hall", "Kitchen", "Attic"])
  }

  @Test(
    "fields keep their text as written (quoted, multi-line, beyond ASCII, long); sizes, links, short rows")
  func fields() throws {
    let caption = "Crème brûlée, \"déjà vu\"\nand a caption longer than a short string holds"
    let quoted = "\"" + caption.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    let text = "image,width,height,caption,url\n p/a.png ,0040, 30 ,\(quoted),http://x\nb.png,4,3\n/c.png\n"
    let made = try items(text)
    #expect(made.count == 3)
    #expect(made[0].path.hasSuffix("/p/a.png") && made[0].fields["image"] == " p/a.png ")
    #expect(made[0].fields["caption"] == caption && made[0].link == "http://x")
    #expect(made[0].knownSize?.width == 40 && made[0].knownSize?.height == 30)
    #expect(made[1].fields.names.sorted() == ["height", "image", "width"] && made[1].knownSize?.width == 4)
    #expect(made[2].path == "/c.png" && made[2].knownSize == nil && made[2].link == nil)
  }
}
