import Testing

@testable import ContactSheet

@Suite("Caption templates")
struct CaptionTemplateTests {
  private func render(_ template: String, _ fields: [String: String]) throws -> String {
    try CaptionTemplate(template).render { name, _ in fields[name] }
  }

  @Test("field values are escaped, so file names never break the markup")
  func escaping() throws {
    #expect(try render("<b>{name}</b>", ["name": "a <b> & c.jpg"]) == "<b>a &lt;b&gt; &amp; c.jpg</b>")
  }

  @Test("a missing field renders empty, or its default")
  func defaults() throws {
    #expect(try render("{camera|unknown} / {lens}", [:]) == "unknown / ")
    #expect(try render("{camera|unknown}", ["camera": "X100V"]) == "X100V")
    #expect(try render("{title|{name}}", ["name": "a&b.jpg"]) == "a&amp;b.jpg")
    #expect(try render("{title|{name}}", ["name": "a.jpg", "title": "Lamp"]) == "Lamp")
    #expect(try render("{camera|R&D}", [:]) == "R&amp;D")
    #expect(try CaptionTemplate("{title|{camera}}").fieldNames == ["title", "camera"])
  }

  @Test("\\n starts a new line, doubled braces are literal")
  func newLinesAndBraces() throws {
    #expect(try render("{a}\\n{{b}}", ["a": "1"]) == "1\n{b}")
  }

  @Test("a line whose fields are all empty is left out")
  func emptyLines() throws {
    #expect(
      try render("<b>{title}</b>\\n{camera} · {lens}\\n{price}", ["title": "T", "price": "€ 3"])
        == "<b>T</b>\n€ 3")
    #expect(try render("plain\\n\\nline", [:]) == "plain\n\nline")
  }

  @Test("formats are passed to the field")
  func formats() throws {
    let template = try CaptionTemplate("{date:yyyy}")
    #expect(
      template.render { name, format in name == "date" ? "format=\(format ?? "")" : nil } == "format=yyyy")
  }

  @Test("an unclosed brace is an error that says where")
  func unclosed() {
    #expect(throws: CaptionTemplate.ParseError.self) { try CaptionTemplate("ab {name") }
  }

  @Test("built-in fields format sizes and exposures as people write them")
  func humanUnits() {
    #expect(CaptionFields.humanSize(87) == "87 B")
    #expect(CaptionFields.humanSize(2_400_000) == "2.4 MB")
    #expect(CaptionFields.humanSize(512_000) == "512 KB")
    #expect(CaptionFields.exposure(0.004) == "1/250 s")
    #expect(NoBreakSpaces.bind(CaptionFields.exposure(0.004)) == "1/250\u{00A0}s")
    #expect(NoBreakSpaces.bind(CaptionFields.exposure(2)) == "2\u{00A0}s")
  }
}
