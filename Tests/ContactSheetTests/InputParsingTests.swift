import Foundation
import SheetRender
import SheetSupport
import Testing

@testable import ContactSheet

@Suite("Reading inputs")
struct InputParsingTests {
  @Test("CSV: quoted fields hold commas, quotes and line breaks; records keep their line")
  func csv() throws {
    let table = try CSVTable(parsing: "\u{FEFF}a,b\r\n1,\"x, \"\"y\"\"\"\n2,\"two\nlines\"\n")
    #expect(table.header == ["a", "b"])
    #expect(table.records.map(\.fields) == [["1", "x, \"y\""], ["2", "two\nlines"]])
    #expect(table.records.map(\.line) == [2, 3])
  }

  @Test("CSV: an unclosed quote names the line and column where it opened")
  func csvUnclosed() {
    do {
      _ = try CSVTable(parsing: "a,b\n1,\"open\n")
      Issue.record("expected an error")
    } catch let error as CSVTable.ParseError {
      #expect(error.line == 2 && error.column == 3)
    } catch {
      Issue.record("unexpected \(error)")
    }
  }

  @Test("CSV: error columns count characters, not bytes, on the line where the error is")
  func csvErrorColumns() {
    let cases: [(text: String, line: Int, column: Int)] = [
      ("image,caption\n\"日本\",é\"x\"z\n", 2, 7),  // a quote inside an unquoted field
      // Text after a quote closed lines later: where it opened.
      ("image,caption\na.jpg,\"multi\nline\" \n", 2, 7),
      ("image,caption\na.jpg,\"one\" \n", 2, 12),  // text after a closing quote on its line
      ("\u{FEFF}image,caption\nété,\"x\"é\n", 2, 8),
      ("a,b\n1,\"open\nmore\n", 2, 3),  // never closed: where it opened
    ]
    for (text, line, column) in cases {
      do {
        _ = try CSVTable(parsing: text)
        Issue.record("expected an error for \(text.debugDescription)")
      } catch let error as CSVTable.ParseError {
        #expect(error.line == line && error.column == column, "\(text.debugDescription)")
      } catch {
        Issue.record("unexpected \(error)")
      }
    }
  }

  @Test("CSV: carriage returns, empty lines, quoted empty fields and a delimiter beyond ASCII")
  func csvBytes() throws {
    // A carriage return outside quotes is dropped (even inside a field), kept inside them.
    let table = try CSVTable(parsing: "a,b\r\nb\rc,\"d\re\"\r\n\n\"\"\n")
    #expect(table.header == ["a", "b"])
    #expect(table.records.map(\.fields) == [["bc", "d\re"], [""]])
    #expect(table.records.map(\.line) == [2, 4])
    let section = try CSVTable(parsing: "a§b\n©x§1\n\"§\"§2", delimiter: "§")
    #expect(section.header == ["a", "b"])
    #expect(section.records.map(\.fields) == [["©x", "1"], ["§", "2"]])
    #expect(try CSVTable(parsing: "a;b\n1;2\n").records.map(\.fields) == [["1", "2"]])
  }

  @Test("natural order puts img2 before img10")
  func naturalOrder() {
    let names = ["img10.jpg", "img2.jpg", "IMG1.jpg", "img02b.jpg"]
    #expect(names.sorted(by: NaturalOrder.ascending) == ["IMG1.jpg", "img2.jpg", "img02b.jpg", "img10.jpg"])
  }

  @Test("sort orders parse, and a bad one lists the valid ones")
  func sortOrders() throws {
    #expect(try SortOrder(parsing: "random:42") == .random(seed: 42))
    do {
      _ = try SortOrder(parsing: "colour")
      Issue.record("expected an error")
    } catch let error as InputError {
      #expect(error.description.contains("name") && error.description.contains("mtime"))
    }
  }

  @Test("a random order is the same for the same seed, and differs for another")
  func seededShuffle() {
    var first = SeededRandom(seed: 7)
    var second = SeededRandom(seed: 7)
    var other = SeededRandom(seed: 8)
    let a = (0..<4).map { _ in first.next() }
    #expect(a == (0..<4).map { _ in second.next() })
    #expect(a != (0..<4).map { _ in other.next() })
  }

  /// The settings a YAML style text stands for.
  private func styleSettings(_ yaml: String) throws -> [StyleSetting] {
    let node = try #require(try YAMLReader.read(yaml, path: "s.yaml"))
    return try StyleLayer.settings(from: node, path: "s.yaml")
  }

  @Test("style files flatten nested keys, repeat lists and turn true into a flag")
  func styleFlattening() throws {
    let settings = try styleSettings(
      "columns: 3\nshadow:\n  blur: 8pt\nno-shadow: true\nshow: false\nfont_file: [a.ttf, b.ttf]\n")
    #expect(settings.map(\.key) == ["columns", "shadow-blur", "no-shadow", "show", "font-file"])
    #expect(
      settings.map(\.value) == [
        .text("3"), .text("8pt"), .boolean(true), .boolean(false), .list(["a.ttf", "b.ttf"]),
      ])
    #expect(settings.map(\.origin) == ["s.yaml:1:1", "s.yaml:3:3", "s.yaml:4:1", "s.yaml:5:1", "s.yaml:6:1"])
  }

  @Test("a style may not set run options such as the output")
  func styleRejectsOutput() throws {
    let layer = StyleLayer(settings: try styleSettings("output: x.pdf\n"))
    #expect(throws: InputError.self) { try layer.validate() }
  }

  @Test("every preset is a valid style for both render and layout")
  func presets() throws {
    for preset in Preset.allCases {
      let layer = preset.layer
      #expect(!layer.settings.isEmpty)
      try layer.validate()
      _ = try SheetSettings(style: MergedStyle([layer]))
    }
  }

  @Test("only plain true and false are booleans in a style; Off or quoted no are text")
  func styleBooleans() throws {
    #expect(
      try styleSettings("title: Off\nfooter: \"no\"\nno-shadow: true\n").map(\.value) == [
        .text("Off"), .text("no"), .boolean(true),
      ])
  }

  @Test("relative paths stay relative and fold ..")
  func paths() {
    #expect(PathText.join("Fixtures/manifests", "../photos/a.jpg") == "Fixtures/photos/a.jpg")
    #expect(PathText.join("", "a.jpg") == "a.jpg")
    #expect(PathText.join("/x/y", "/abs.jpg") == "/abs.jpg")
    #expect(PathText.join("..", "../a.jpg") == "../../a.jpg")
  }
}

@Suite("Sorting items")
struct ItemSorterTests {
  private func entries(_ names: [String], section: String? = nil) -> [CatalogEntry] {
    names.map { name in
      var item = CatalogItem(path: "/photos/\(name)")
      item.section = section
      return .item(item)
    }
  }

  private func names(_ entries: [CatalogEntry]) -> [String] {
    entries.map { entry in
      switch entry {
      case .item(let item): (item.path as NSString).lastPathComponent
      case .banner(let banner): "[\(banner.title)]"
      }
    }
  }

  @Test("--sort name is natural; --reverse turns it round")
  func byName() {
    let input = entries(["img10.jpg", "img2.jpg", "img1.jpg"])
    #expect(
      names(ItemSorter.sort(input, order: .name, reverse: false, attributes: [:])) == [
        "img1.jpg", "img2.jpg", "img10.jpg",
      ])
    #expect(
      names(ItemSorter.sort(input, order: .name, reverse: true, attributes: [:])) == [
        "img10.jpg", "img2.jpg", "img1.jpg",
      ])
  }

  @Test("sorting stays within sections; banners keep their place")
  func withinSections() {
    let input =
      entries(["b.jpg", "a.jpg"], section: "One") + [.banner(.init(title: "Two"))]
      + entries(["d.jpg", "c.jpg"], section: "Two")
    #expect(
      names(ItemSorter.sort(input, order: .name, reverse: false, attributes: [:])) == [
        "a.jpg", "b.jpg", "[Two]", "c.jpg", "d.jpg",
      ])
  }

  @Test("--sort size and mtime use file attributes, ties keep input order")
  func byAttributes() {
    let input = entries(["x.jpg", "y.jpg", "z.jpg"])
    let attributes = [
      "/photos/x.jpg": FileAttributes(size: 30, modified: Date(timeIntervalSince1970: 1)),
      "/photos/y.jpg": FileAttributes(size: 10, modified: Date(timeIntervalSince1970: 3)),
      "/photos/z.jpg": FileAttributes(size: 10, modified: Date(timeIntervalSince1970: 2)),
    ]
    #expect(
      names(ItemSorter.sort(input, order: .size, reverse: false, attributes: attributes)) == [
        "y.jpg", "z.jpg", "x.jpg",
      ])
    #expect(
      names(ItemSorter.sort(input, order: .mtime, reverse: false, attributes: attributes)) == [
        "x.jpg", "z.jpg", "y.jpg",
      ])
  }
}
