import Foundation
import SheetLayout
import TestSupport
import Testing

/// Captions holding right-to-left text: each field isolated (FSI…PDI), each line marked with
/// its own direction, so an Arabic or Hebrew name never turns the price and SKU around.
@Suite("Caption direction per field and per line, end to end")
struct CaptionDirectionTests {
  static let csv = """
    name,price,sku,image,width,height
    كرسي خشب,€199.00,SKU-1,a.jpg,400,300
    Oak chair,€99.00,SKU-2,b.jpg,400,300
    כיסא,₪89.90,,c.jpg,400,300

    """

  private func captions(_ extra: [String] = []) throws -> [String] {
    let folder = try FixturePaths.temporaryFolder(#function + extra.joined())
    let path = folder.appendingPathComponent("products.csv").path
    try Data(Self.csv.utf8).write(to: URL(fileURLWithPath: path))
    let result = try ProcessRunner.run(
      FixturePaths.binary, ["layout", "--json", path, "--caption", "{name}\\n{price} · {sku}"] + extra)
    #expect(result.status == 0, "\(result.standardError)")
    return try JSONDecoder().decode(Layout.self, from: Data(result.standardOutput.utf8)).items.map(\.caption)
  }

  @Test("an Arabic name is isolated, set right to left on its line; the price line stays left to right")
  func isolatedFields() throws {
    let (ltr, rli, fsi, pdi) = ("\u{200E}", "\u{2067}", "\u{2068}", "\u{2069}")
    let captions = try captions()
    #expect(captions.count == 3)
    #expect(
      captions[0].hasPrefix("\(ltr)\(rli)\(fsi)كرسي خشب\(pdi)\(pdi)\n\(ltr)\(fsi)€199.00\(pdi)"),
      "\(captions[0].debugDescription)")
    #expect(captions[0].hasSuffix("\(fsi)SKU-1\(pdi)"), "\(captions[0].debugDescription)")
    // Captions without right-to-left text are as they always were.
    #expect(!captions[1].unicodeScalars.contains { [0x200E, 0x200F, 0x2068, 0x2069].contains($0.value) })
    #expect(captions[1].hasPrefix("Oak chair\n€99.00"))
    // A line with no letters takes the document's direction: left to right by default.
    #expect(
      captions[2] == "\(ltr)\(rli)\(fsi)כיסא\(pdi)\(pdi)\n\(ltr)\(fsi)₪89.90\(pdi)",
      "\(captions[2].debugDescription)")
  }

  @Test("in a Hebrew document, every line is right to left but a Latin one, isolated left to right")
  func hebrewDocument() throws {
    let folder = try FixturePaths.temporaryFolder()
    let style = folder.appendingPathComponent("he.yaml").path
    try Data("lang: he\n".utf8).write(to: URL(fileURLWithPath: style))
    let captions = try captions(["--style", style])
    #expect(
      captions[2] == "\u{200F}\u{2068}כיסא\u{2069}\n\u{200F}\u{2068}₪89.90\u{2069}",
      "\(captions[2].debugDescription)")
  }
}
