import Foundation
import TestSupport
import Testing

@testable import SheetRender

/// The reader the PDF finisher uses instead of libqpdf (which held about 15 KB a page): it
/// finds Cairo's pages as qpdf does, writes a dictionary back as qpdf writes it (so finished
/// files stay byte for byte as before) and refuses what it cannot read, naming the file.
@Suite("PDF file reader")
struct PDFFileReaderTests {
  /// A PDF as Cairo finished it (no links, boxes or labels, and no shadows, whose repeated
  /// names in the pages' resources the finisher would rewrite: nothing appended).
  private func cairoFile(_ name: String) throws -> String {
    var fixture = SheetFixture()
    fixture.options.page = .paper(width: 300, height: 260)
    let cards = ["rocket.jpg", "coffee.png", "chelsea.png", "rocket.jpg", "coffee.png"].enumerated().map {
      SheetFixture.Card(FixturePaths.photo($0.element), section: $0.offset < 3 ? "First" : "Second")
    }
    let output = try FixturePaths.temporaryFolder(name).appendingPathComponent("sheet.pdf").path
    var renderer = SheetRenderer()
    renderer.style.shadow = nil
    _ = try renderer.render(try fixture.document(cards), to: output)
    return output
  }

  @Test("pages are found in qpdf's order and objects are written as qpdf writes them")
  func matchesQPDF() throws {
    let path = try cairoFile("reader-qpdf")
    let reader = try PDFFileReader(path: path)
    let pages = try reader.pages()
    let shown = try ProcessRunner.run("qpdf", ["--show-pages", path]).standardOutput
      .split(separator: "\n").filter { $0.hasPrefix("page ") }
      .map { String($0.split(separator: ":")[1]).trimmingCharacters(in: .whitespaces) }
    #expect(pages.count > 1)
    #expect(pages.map { "\($0.id) \($0.generation) R" } == shown)
    guard case .reference(let root, _)? = reader.trailer["Root"],
      case .integer(let size)? = reader.trailer["Size"]
    else {
      Issue.record("no /Root or /Size in \(reader.trailer.unparsed)")
      return
    }
    // Every page, the catalog and the first objects (fonts, images, outline). Not the Info
    // dictionary: Cairo writes its Producer with balanced parentheses unescaped, which the
    // reader keeps as written and qpdf escapes (the finisher writes its own Info entries).
    var ids = Set(pages.map(\.id) + [root] + Array(1..<min(size, 60)))
    if case .reference(let info, _)? = reader.trailer["Info"] { ids.remove(info) }
    for id in ids.sorted() {
      // qpdf shows a stream's dictionary after this line.
      let expected = try ProcessRunner.run("qpdf", ["--show-object=\(id)", path]).standardOutput
        .replacingOccurrences(of: "Object is stream.  Dictionary:\n", with: "")
      let ours = try reader.object(id).unparsed
      #expect(ours == expected.trimmingCharacters(in: .newlines), "object \(id): \(ours), qpdf: \(expected)")
    }
  }

  @Test("a key named twice is seen, and written once with its last value, as qpdf does")
  func repeatedKeys() throws {
    let text = "<< /XObject << /x6 6 0 R /x7 7 0 R /x6 6 0 R >> /Font << /f 8 0 R >> >>"
    var parser = PDFParser(Array(text.utf8))
    let value = try parser.value()
    #expect(value.hasRepeatedKeys)
    #expect(value.unparsed == "<< /Font << /f 8 0 R >> /XObject << /x6 6 0 R /x7 7 0 R >> >>")
    var plain = PDFParser(Array("<< /A [ << /B 1 >> << /B 2 >> ] >>".utf8))
    #expect(try !plain.value().hasRepeatedKeys)
  }

  @Test("comments, escaped names, strings, references and numbers are read")
  func syntax() throws {
    let text = "<< /Type /Page % 3\n /A#20b [1 0 R 2 -3.5 (a (b) \\) c) <0aFF> 7] /N null /T true /Z 0 >>"
    var parser = PDFParser(Array(text.utf8))
    let value = try parser.value()
    #expect(
      value["A b"]
        == .array([
          .reference(id: 1, generation: 0), .integer(2), .real("-3.5"), .string("(a (b) \\) c)"),
          .string("<0aFF>"), .integer(7),
        ]))
    #expect(value["Type"] == .name("Page"))
    #expect(value["Z"]?.number == 0)
    #expect(
      value.unparsed == "<< /A#20b [ 1 0 R 2 -3.5 (a (b) \\) c) <0aFF> 7 ] /T true /Type /Page /Z 0 >>")
    #expect(
      value.removing(["T", "Z"]).unparsed
        == "<< /A#20b [ 1 0 R 2 -3.5 (a (b) \\) c) <0aFF> 7 ] /Type /Page >>")
    var cut = PDFParser(Array("<< /Kids [ 3 0 R 4 0".utf8))
    #expect(throws: PDFParser.SyntaxError.self) { try cut.value() }
  }

  @Test("a file with a cross-reference stream or cut short is refused, naming it")
  func refusals() throws {
    let path = try cairoFile("reader-refusals")
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
    let streams = folder.appendingPathComponent("streams.pdf").path
    let qpdf = try ProcessRunner.run("qpdf", ["--object-streams=generate", path, streams])
    #expect(qpdf.status == 0, "\(qpdf.standardError)")
    #expect {
      _ = try PDFFileReader(path: streams)
    } throws: { error in
      "\(error)".contains(streams) && "\(error)".contains("cross-reference stream")
    }
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    let cut = folder.appendingPathComponent("cut.pdf").path
    try data.prefix(data.count / 2).write(to: URL(fileURLWithPath: cut))
    #expect {
      _ = try PDFFileReader(path: cut).pages()
    } throws: { error in
      "\(error)".contains(cut)
    }
  }
}
