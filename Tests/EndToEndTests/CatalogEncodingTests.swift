import Foundation
import SheetLayout
import TestSupport
import Testing

/// CSV catalogs saved the ways spreadsheets save them (Windows-1252 with semicolons and CRLF,
/// UTF-16 with a byte-order mark), with malformed rows and rows missing their section: read,
/// and every guess and every row left out said.
@Suite("CSV catalogs in any encoding, malformed rows and empty sections")
struct CatalogEncodingTests {
  /// Writes `bytes` as `name` in a fresh folder and returns its path.
  static func write(_ bytes: [UInt8], name: String = "products.csv", test: String = #function) throws
    -> String
  {
    let folder = try FixturePaths.temporaryFolder(test)
    let path = folder.appendingPathComponent(name).path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// `layout --json` of `arguments`: the layout, the standard error and the exit status.
  private func layout(_ arguments: [String]) throws -> (layout: Layout?, errors: String, status: Int32) {
    let result = try ProcessRunner.run(FixturePaths.binary, ["layout", "--json"] + arguments)
    let layout =
      result.status == 0 ? try JSONDecoder().decode(Layout.self, from: Data(result.standardOutput.utf8)) : nil
    return (layout, result.standardError, result.status)
  }

  /// Windows-1252 bytes of `text` (which holds only characters Windows-1252 has).
  static func windows1252(_ text: String) -> [UInt8] {
    let table: [Character: UInt8] = ["é": 0xE9, "è": 0xE8, "ß": 0xDF, "ü": 0xFC, "€": 0x80, "’": 0x92]
    return text.flatMap { character -> [UInt8] in
      if let byte = table[character] { return [byte] }
      return Array(String(character).utf8)
    }
  }

  static let excelText =
    "name;price;category;image;width;height\r\nCafé crème;12,50 €;Küche;a.jpg;400;300\r\nStuhl groß;99 €;Stühle;b.jpg;300;400\r\n"

  @Test("a Windows-1252 CSV from Excel (semicolons, CRLF) is read as such, with one note")
  func windows1252Guessed() throws {
    let csv = try Self.write(Self.windows1252(Self.excelText))
    let (layout, errors, status) = try layout([csv, "--caption", "{name} {price}"])
    #expect(status == 0, "\(errors)")
    #expect(layout?.items.map(\.caption) == ["Café crème 12,50\u{A0}€", "Stuhl groß 99\u{A0}€"])
    #expect(errors.contains("is not UTF-8; it was read as Windows-1252"), "\(errors)")
    #expect(errors.components(separatedBy: "\n").filter { !$0.isEmpty }.count == 1, "\(errors)")
  }

  @Test("--encoding reads latin-1 and UTF-16 names through iconv; an unknown name is refused")
  func namedEncodings() throws {
    // Latin-1 has no €: the same text without it, named.
    let latin = try Self.write(Self.windows1252(Self.excelText.replacingOccurrences(of: "€", with: "EUR")))
    let named = try layout([latin, "--encoding", "latin-1", "--caption", "{name}"])
    #expect(named.layout?.items.map(\.caption) == ["Café crème", "Stuhl groß"])
    #expect(named.errors.isEmpty, "\(named.errors)")
    let unknown = try layout([latin, "--encoding", "klingon-8"])
    #expect(unknown.status == 2)
    #expect(
      unknown.errors.contains("--encoding klingon-8: not an encoding this system knows"), "\(unknown.errors)")
    // Named UTF-8 when it is not: the line of the first bad byte.
    let wrong = try layout([latin, "--encoding", "utf-8"])
    #expect(wrong.status == 2)
    #expect(wrong.errors.contains("products.csv:2: byte 0xE9"), "\(wrong.errors)")
  }

  @Test("UTF-16 with a byte-order mark (little and big endian) is recognised without options")
  func utf16WithMark() throws {
    for (name, mark, encoding) in [
      ("le.csv", [UInt8(0xFF), 0xFE], String.Encoding.utf16LittleEndian),
      ("be.csv", [0xFE, 0xFF], .utf16BigEndian),
    ] {
      let bytes = mark + Array(Self.excelText.data(using: encoding)!)
      let csv = try Self.write(bytes, name: name)
      let (layout, errors, status) = try layout([csv, "--caption", "{name} {price}"])
      #expect(status == 0, "\(errors)")
      #expect(layout?.items.map(\.caption) == ["Café crème 12,50\u{A0}€", "Stuhl groß 99\u{A0}€"], "\(name)")
      #expect(errors.isEmpty, "\(name): \(errors)")
    }
  }

  @Test("bytes that are neither UTF-8 nor plainly Windows-1252 are refused, naming the line")
  func binaryRefused() throws {
    let csv = try Self.write(Array("name;image\nok;a.jpg\n".utf8) + [0x00, 0x81, 0xFF, 0x0A])
    let (_, errors, status) = try layout([csv])
    #expect(status == 2)
    #expect(
      errors.contains("products.csv:3: byte 0x81: it is not UTF-8 text, nor plainly Windows-1252"),
      "\(errors)")
  }

  static let malformed = """
    name,category,image,width,height
    Sofa,Living,a.jpg,400,300
    "Armchair, "big",Living,b.jpg,400,300
    Table,Dining,c.jpg,400,300,extra
    "Stool,Dining,d.jpg,400,300
    Bench,Dining,e.jpg,400,300
    Lamp,,f.jpg,400,300
    Rug,,g.jpg,400,300

    """

  @Test("malformed rows are left out with a warning naming their line; the rest is read")
  func malformedRowsKeepGoing() throws {
    let csv = try Self.write(Array(Self.malformed.utf8))
    let (layout, errors, status) = try layout([csv, "--section-column", "category", "--caption", "{name}"])
    #expect(status == 0, "\(errors)")
    // The stray quote on line 3, the extra field on line 4, the quote on line 5 never closed:
    // each named; Bench (line 6) is read again after the unclosed quote.
    #expect(layout?.items.map(\.caption) == ["Sofa", "Bench", "Lamp", "Rug"])
    #expect(errors.contains("products.csv:3:"), "\(errors)")
    #expect(errors.contains("products.csv:4: this row has 6 fields but the header has 5"), "\(errors)")
    #expect(errors.contains("products.csv:5:1: this quoted field is never closed"), "\(errors)")
    #expect(errors.components(separatedBy: "this row was left out").count - 1 == 3, "\(errors)")
    // Lamp and Rug have no category: a section of their own, named, not the one before.
    let banners = layout?.pages.flatMap(\.elements).filter { $0.kind == .banner }.compactMap(\.text)
    #expect(banners == ["Living", "Dining", "Other"])
    #expect(
      errors.contains("rows 7 and 8 have no 'category', so they are in the section 'Other'"), "\(errors)")
  }

  @Test("a quoted field that runs on past its line is reported at the line where it began")
  func strayQuoteNamesItsLine() throws {
    // The quote on line 3 opens a field that closes on line 4's first quote.
    let csv = try Self.write(Array("name,image\nA,a.jpg\n\"B,b.jpg\nC,\"c\"d.jpg\nE,e.jpg\n".utf8))
    let (layout, errors, _) = try layout([csv, "--caption", "{name}", "--image-aspect", "1:1"])
    #expect(errors.contains("products.csv:3:1: this quoted field runs on to line 4"), "\(errors)")
    #expect(layout?.items.compactMap(\.caption).contains("E") == true, "\(errors)")
  }

  @Test("render --strict refuses a malformed row; --text-other names the section of empty values")
  func strictAndOtherWord() throws {
    let csv = try Self.write(Array(Self.malformed.utf8))
    let output = (csv as NSString).deletingLastPathComponent + "/out.pdf"
    let strict = try ProcessRunner.run(FixturePaths.binary, ["render", csv, "--strict", "-o", output])
    #expect(strict.status == 2)
    #expect(strict.standardError.contains("products.csv:3:"), "\(strict.standardError)")
    #expect(!FileManager.default.fileExists(atPath: output))
    // The words follow the language (a style's, as layout takes no --lang).
    let style = (csv as NSString).deletingLastPathComponent + "/german.yaml"
    try Data("lang: de\n".utf8).write(to: URL(fileURLWithPath: style))
    let german = try layout([csv, "--section-column", "category", "--style", style])
    let banners = german.layout?.pages.flatMap(\.elements).filter { $0.kind == .banner }.compactMap(\.text)
    #expect(banners?.last == "Sonstiges", "\(german.errors)")
  }
}
