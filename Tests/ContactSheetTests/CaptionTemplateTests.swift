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
    #expect(try render("{camera|unknown} / {lens}", [:]) == "unknown")
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

  @Test(
    "an empty field takes its label and separator with it; labels stay with values, separators never start a line",
    arguments: [
      // The issue's line: without ISO, no "· ISO"; the space before each separator does not
      // break, "f/" is joined to its number, "ISO" to its value.
      (
        "{exposure} · f/{aperture} · ISO {iso}", ["exposure": "1/320 s", "aperture": "3.5"],
        "1/320 s\u{00A0}· f/\u{2060}3.5"
      ),
      ("{exposure} · f/{aperture} · ISO {iso}", ["iso": "200"], "ISO\u{00A0}200"),
      (
        "{exposure} · f/{aperture} · ISO {iso}", ["exposure": "1/320 s", "iso": "200"],
        "1/320 s\u{00A0}· ISO\u{00A0}200"
      ),
      // No "28 Nov 2026 · · · ISO".
      ("{date} · {camera} · {lens} · ISO {iso}", ["date": "28 Nov 2026"], "28 Nov 2026"),
      // A unit ends its field; a comma joins.
      ("{focal} mm, ISO {iso}", ["iso": "800"], "ISO\u{00A0}800"),
      ("{focal} mm, ISO {iso}", ["focal": "35"], "35\u{00A0}mm"),
      ("{focal} mm, ISO {iso}", ["focal": "35", "iso": "800"], "35\u{00A0}mm, ISO\u{00A0}800"),
      // The joiner before the later field is the one printed: "Lyon · 2026", not "Lyon, 2026".
      ("{city}, {country} · {year}", ["city": "Lyon", "year": "2026"], "Lyon\u{00A0}· 2026"),
      // Markup stays balanced: tags go with their fields, never with a dropped joiner.
      ("<b>{title}</b> · <i>{sku}</i>", ["sku": "A-1"], "<i>A-1</i>"),
      ("<b>{title}</b> · <i>{sku}</i>", ["title": "Lamp"], "<b>Lamp</b>"),
      ("<b>{title}</b> <i>{sku}</i>", ["sku": "A-1"], "<i>A-1</i>"),
      // Entities and tags with spaced attributes are whole, wherever they fall.
      ("{a} &amp; {b}", ["a": "Salt", "b": "Pepper"], "Salt &amp; Pepper"),
      ("{a} &amp; {b}", ["b": "Pepper"], "Pepper"),
      ("{a} <span foreground=\"#888\">· {b}</span>", ["a": "1"], "1"),
      ("{a} <span foreground=\"#888\">· {b}</span>", ["b": "2"], "<span foreground=\"#888\">2</span>"),
      // A styled separator keeps its style, and goes whole.
      (
        "{a}<span foreground=\"#888\"> · </span>{b}", ["a": "1", "b": "2"],
        "1<span foreground=\"#888\">\u{00A0}· </span>2"
      ),
      ("{a}<span foreground=\"#888\"> · </span>{b}", ["a": "1"], "1"),
      // Markup spanning fields stays balanced when one is empty.
      ("<span foreground=\"#888\">{a} · {b}</span>", ["b": "2"], "<span foreground=\"#888\">2</span>"),
      ("<b>{a} {b}</b>", ["a": "1"], "<b>1</b>"),
      // Currencies and units are not separators; brackets belong to their field.
      ("{price} € · {sku}", ["price": "12"], "12\u{00A0}€"),
      ("{pct}% · {temp}°C", ["temp": "20"], "20°C"),
      ("{title} ({year})", ["year": "2026"], "(\u{2060}2026)"),
      ("{title} ({year})", ["title": "Dune"], "Dune"),
      ("{title} ({year})", ["title": "Dune", "year": "2026"], "Dune (\u{2060}2026)"),
      ("{width}×{height}", ["width": "640"], "640"),
      ("{width}×{height}", ["width": "640", "height": "480"], "640×480"),
      // A line without fields is kept as written.
      ("© Studio Nord", [:], "© Studio Nord"),
    ])
  func emptyFieldsTakeTheirText(template: String, fields: [String: String], expected: String) throws {
    #expect(try render("{name}\\n" + template, ["name": "n"].merging(fields) { $1 }) == "n\n" + expected)
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
