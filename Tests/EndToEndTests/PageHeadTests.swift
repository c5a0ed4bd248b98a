import Foundation
import TestSupport
import Testing

@testable import ContactSheet
@testable import ContactSheetCLI

/// `{section}` in page heads, warnings for unknown template fields, and numbers kept with
/// their currency and units.
@Suite("Page heads, template fields and no-break spaces")
struct PageHeadTests {
  @Test("{section} in a header is the section of the page's first card")
  func sectionHead() throws {
    let csv = try CatalogCSVTests.write(
      """
      image;name;category
      \(FixturePaths.photo("coffee.png"));Cup;Kitchen
      \(FixturePaths.photo("chelsea.png"));Cat;Posters
      \(FixturePaths.photo("clock_motion.png"));Clock;Kitchen
      \(FixturePaths.photo("rocket.jpg"));Rocket;Posters

      """)
    let output = (csv as NSString).deletingLastPathComponent + "/heads.pdf"
    // One card per A6 page: four pages, two per section once grouped.
    let result = try ProcessRunner.run(
      FixturePaths.binary,
      [
        "render", csv, "--group-by", "category", "--columns", "1", "--page", "105x148mm",
        "--header", "{section}|page {page}", "-o", output, "-q",
      ])
    #expect(result.status == 0 && result.standardError.isEmpty, "\(result.standardError)")
    #expect(try ProcessRunner.pdfInfo(output)["Pages"] == "4")
    let heads = try (1...4).map { page in
      let text = try ProcessRunner.run(
        "pdftotext", ["-f", "\(page)", "-l", "\(page)", "-layout", output, "-"])
      return text.standardOutput.split(separator: "\n").first.map {
        $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
      }
    }
    #expect(heads == ["Kitchen page 1", "Kitchen page 2", "Posters page 3", "Posters page 4"])
  }

  @Test("header markup; a title with & prints as written; a broken template prints as typed, warned")
  func markupHeads() throws {
    let output = try FixturePaths.temporaryFolder().appendingPathComponent("heads.pdf").path
    let result = try ProcessRunner.run(
      FixturePaths.binary,
      [
        "render", FixturePaths.photo("coffee.png"), "--title", "Tom & <Jerry>", "--header",
        "<b>{title}</b>|<i>page</i> {page}", "--footer", "5 < 6 & {page}", "-o", output,
      ])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(
      result.standardError.contains(
        "warning: --footer is not valid Pango markup (an unclosed tag, or a bare & or <); it is printed as written"
      ),
      "\(result.standardError)")
    let text = try ProcessRunner.run("pdftotext", ["-layout", output, "-"]).standardOutput
    let lines = text.split(separator: "\n").map {
      $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }
    #expect(lines.first == "Tom & <Jerry> page 1", "\(text)")
    // pdftotext drops the narrow spaces around "<" and "&".
    #expect(lines.contains { $0.replacingOccurrences(of: " ", with: "") == "5<6&1" }, "\(text)")
    let fonts = try ProcessRunner.run("pdffonts", [output]).standardOutput
    #expect(fonts.contains("Bold") && fonts.contains("Oblique"), "\(fonts)")
  }

  @Test("an unknown field in any template gets one warning naming the nearest known field")
  func unknownFields() throws {
    let result = try ProcessRunner.run(
      FixturePaths.binary,
      [
        "layout", FixturePaths.photo("coffee.png"), FixturePaths.photo("rocket.jpg"), "--caption", "{nmae}",
        "--header", "{secton} {page}", "--footer", "{pgae}", "--banner-every", "1", "--banner-template",
        "{frist}",
      ])
    #expect(result.status == 0)
    let warnings = result.standardError.split(separator: "\n").filter { $0.hasPrefix("warning:") }
    #expect(
      Set(warnings) == [
        "warning: --caption: no field named {nmae}; did you mean {name}?",
        "warning: --header: no field named {secton}; did you mean {section}?",
        "warning: --footer: no field named {pgae}; did you mean {page}?",
        "warning: --banner-template: no field named {frist}; did you mean {first}?",
      ], "\(result.standardError)")
  }

  @Test(
    "a number never parts from its currency or unit",
    arguments: [
      ("€ 630,00", "€\u{A0}630,00"), ("630,00 €", "630,00\u{A0}€"), ("Price: 25 EUR", "Price: 25\u{A0}EUR"),
      ("$ 1 234.50", "$\u{A0}1\u{A0}234.50"), ("12 cm wide", "12\u{A0}cm wide"), ("1/250 s", "1/250\u{A0}s"),
      ("ISO 100, 35 mm", "ISO\u{A0}100, 35\u{A0}mm"), ("RF24-105mm F4 L IS", "RF24-105mm F4 L IS"),
      ("2 cats in 3 boxes", "2 cats in 3 boxes"),
      ("<b>€ 5</b> 10 %", "<b>€\u{A0}5</b> 10\u{A0}%"),
      ("<span size=\"12 pt\">x</span>", "<span size=\"12 pt\">x</span>"),
    ])
  func noBreak(input: String, expected: String) {
    #expect(NoBreakSpaces.bind(input) == expected)
  }

  @Test("a CSV price reaches the layout's caption with a no-break space (Pango never wraps there)")
  func priceStaysTogether() throws {
    let csv = try CatalogCSVTests.write(
      "image,name,width,height\nx.jpg,\"A very long product name that wraps € 630,00\",400,300\n")
    let result = try ProcessRunner.run(
      FixturePaths.binary, ["layout", "--json", csv, "--columns", "6", "--caption-lines", "0"])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput.contains("€\u{A0}630,00"))
  }
}
