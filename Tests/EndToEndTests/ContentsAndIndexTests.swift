import Foundation
import TestSupport
import Testing

/// `--contents` and `--index FIELD`: page numbers that are right, links that go there, page
/// labels that match.
@Suite("Contents and index pages, end to end")
struct ContentsAndIndexTests {
  /// A catalog of 24 products in 4 sections, one column on small pages: several pages each.
  static func catalog(test: String = #function) throws -> String {
    let photos = ["coffee.png", "chelsea.png", "rocket.jpg", "clock_motion.png"]
    let sections = ["Kitchen", "Posters", "Garden", "Office"]
    var rows = ["image;name;sku;category"]
    for index in 0..<24 {
      let name = ["Zinc", "amber", "Échelle", "Basil", "cedar", "Delta"][index % 6] + " \(index)"
      rows.append(
        "\(FixturePaths.photo(photos[index % 4]));\(name);S-\(index);\(sections[index / 6])")
    }
    return try CatalogCSVTests.write(rows.joined(separator: "\n") + "\n", test: test)
  }

  /// The text of page `page` (from 1) as cells: lines split where `pdftotext -layout` put two
  /// or more spaces (between columns), single spaces kept.
  static func text(_ pdf: String, page: Int) throws -> [String] {
    let result = try ProcessRunner.run("pdftotext", ["-f", "\(page)", "-l", "\(page)", "-layout", pdf, "-"])
    return result.standardOutput.split(separator: "\n").flatMap { line in
      line.trimmingCharacters(in: .whitespacesAndNewlines).components(separatedBy: "  ")
        .map { $0.trimmingCharacters(in: .whitespaces) }
    }.filter { !$0.isEmpty }
  }

  /// The lines of page `page` (from 1), spaces collapsed.
  static func lines(_ pdf: String, page: Int) throws -> [String] {
    let result = try ProcessRunner.run("pdftotext", ["-f", "\(page)", "-l", "\(page)", "-layout", pdf, "-"])
    return result.standardOutput.split(separator: "\n").map {
      $0.split(whereSeparator: { $0 == " " || $0 == "\u{0C}" }).joined(separator: " ")
    }.filter { !$0.isEmpty }
  }

  @Test(
    "contents list each section at the page its banner is on, index items alphabetically; links and labels agree"
  )
  func contentsAndIndex() throws {
    let csv = try Self.catalog()
    let pdf = (csv as NSString).deletingLastPathComponent + "/catalog.pdf"
    let result = try ProcessRunner.run(
      FixturePaths.binary,
      [
        "render", csv, "--section-column", "category", "--contents", "--index", "name", "--columns", "2",
        "--page", "105x148mm", "--footer", "{page}", "-o", pdf, "-q",
      ])
    #expect(result.status == 0, "\(result.standardError)")
    let pageCount = try #require(Int(try ProcessRunner.pdfInfo(pdf)["Pages"] ?? ""))
    let contents = try Self.lines(pdf, page: 1)
    #expect(contents.first == "Contents")
    // "Kitchen 2", …: each number is the page whose text starts with that section's banner…
    let entries = contents.dropFirst().compactMap { line -> (String, Int)? in
      let parts = line.split(separator: " ")
      guard parts.count == 2, let number = Int(parts[1]) else { return nil }
      return (String(parts[0]), number)
    }
    #expect(contents.count == 1 + 4 + 1)
    #expect(entries.map(\.0) == ["Kitchen", "Posters", "Garden", "Office"])
    for (section, number) in entries {
      #expect(try Self.text(pdf, page: number).contains(section), "\(section) on page \(number)")
    }
    // …and the printed footers count the contents page: page N says N.
    for page in 1...pageCount { #expect(try Self.lines(pdf, page: page).last == String(page)) }
    // The index: the last page(s), alphabetical (case and accents ignored), each on its page.
    var index: [(String, Int)] = []
    var page = pageCount
    while try Self.lines(pdf, page: page).first == "Index" {
      index.insert(
        contentsOf: try Self.lines(pdf, page: page).dropFirst().dropLast().compactMap { line in
          let parts = line.split(separator: " ")
          guard parts.count == 3, let number = Int(parts[2]) else { return nil }
          return ("\(parts[0]) \(parts[1])", number)
        }, at: 0)
      page -= 1
    }
    #expect(index.count == 24)
    let names = index.map(\.0)
    #expect(
      names
        == names.sorted {
          $0.compare($1, options: [.caseInsensitive, .diacriticInsensitive, .numeric]) == .orderedAscending
        })
    #expect(names.prefix(2) == ["amber 1", "amber 7"])
    for (name, number) in index {
      #expect(try Self.text(pdf, page: number).contains(name), "\(name) on page \(number)")
    }
    // Links go where the numbers say; page labels number the pages from 1.
    let links = try PDFInternalLinks.destinations(pdf)
    #expect(links[0].map { $0 + 1 } == entries.map(\.1))
    #expect(links.suffix(pageCount - page).flatMap { $0 }.map { $0 + 1 } == index.map(\.1))
    let labels = try PDFInternalLinks.labels(pdf)
    #expect(labels.count == pageCount && labels.allSatisfy { $0 != nil })
    #expect(labels.first == "/D 1")
  }
}
