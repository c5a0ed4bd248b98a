import Foundation
import SheetLayout
import SheetXMP
import TestSupport
import Testing

@testable import ContactSheet

/// The per-item path at a million items: the limits accept what they name and refuse one more,
/// and what is read a piece at a time (CSV rows, a manifest's sections) gives what a whole read
/// gives, problems included, in the same order.
@Suite("A million items: limits and streamed reading")
struct ScaleLimitTests {
  private func write(_ text: String, _ name: String, in folder: URL) throws -> String {
    let url = folder.appendingPathComponent(name)
    try Data(text.utf8).write(to: url)
    return url.path
  }

  @Test("a manifest of 1,000,000 items is read; one more is refused with the limit")
  func manifestItems() throws {
    let folder = try FixturePaths.temporaryFolder()
    let item = "{\"image\": \"x.png\", \"width\": 4, \"height\": 3}"
    let limit = try write(
      "{\"items\": [" + Array(repeating: item, count: InputLimits.items).joined(separator: ",") + "]}",
      "limit.json", in: folder)
    #expect(try ManifestReader.read(limit).entries.count == 1_000_000)
    let over = try write(
      "{\"items\": [" + Array(repeating: "\"x.png\"", count: InputLimits.items + 1).joined(separator: ",")
        + "]}",
      "over.json", in: folder)
    #expect(throws: InputError.self) { try ManifestReader.read(over) }
    do {
      _ = try ManifestReader.read(over)
    } catch let error as InputError {
      #expect(
        error.description
          == "\(over): more than 1000000 items; a run takes at most 1000000 (split the catalog into several runs)"
      )
    }
  }

  @Test("a CSV of 1,000,000 rows is read into items; 1,000,001 rows are refused at the last row")
  func csvRows() throws {
    let folder = try FixturePaths.temporaryFolder()
    let limit = try write(
      "image,width,height\n" + String(repeating: "x.png,4,3\n", count: InputLimits.csvRows), "limit.csv",
      in: folder)
    var catalog = Catalog()
    try CSVCatalogReader.read(limit, options: CSVOptions(), into: &catalog)
    #expect(catalog.entries.count == 1_000_000)
    if case .item(let last) = catalog.entries.last {
      #expect(last.knownSize?.width == 4 && last.origin == "\(limit):1000001")
    } else {
      Issue.record("the last entry is not an item")
    }
    let over = try write(
      "image\n" + String(repeating: "x.png\n", count: InputLimits.csvRows + 1), "over.csv", in: folder)
    var refused = Catalog()
    #expect(throws: InputError.self) {
      try CSVCatalogReader.read(over, options: CSVOptions(), into: &refused)
    }
    do {
      try CSVCatalogReader.read(over, options: CSVOptions(), into: &refused)
    } catch let error as InputError {
      #expect(error.description.hasPrefix("\(over):1000002:1: more than 1000000 rows"))
    }
  }

  @Test("a JSON document of 10,000,000 values is read; one more is refused")
  func documentValues() throws {
    // The root object and the list are values too.
    let ones = { (count: Int) in
      "{\"items\": [" + Array(repeating: "1", count: count).joined(separator: ",") + "]}"
    }
    var streamed = 0
    _ = try JSONReader.read(ones(InputLimits.documentValues - 2), streaming: ["items"]) { _, _ in
      streamed += 1
    }
    #expect(streamed == 9_999_998)
    #expect(throws: JSONReader.SyntaxError.self) {
      try JSONReader.read(ones(InputLimits.documentValues - 1), streaming: ["items"]) { _, _ in }
    }
  }

  @Test("CSV rows read one at a time report what a whole read does: syntax first, then the limit, then rows")
  func csvProblemOrder() throws {
    let folder = try FixturePaths.temporaryFolder()
    func problem(_ text: String, _ options: CSVOptions = CSVOptions()) throws -> String {
      let path = try write(text, "order.csv", in: folder)
      var catalog = Catalog()
      do {
        try CSVCatalogReader.read(path, options: options, into: &catalog)
        return "read"
      } catch let error as InputError {
        return error.description.replacingOccurrences(of: path, with: "order.csv")
      }
    }
    // Refusing malformed rows (--strict): a bad size on line 2, a quote never closed on line 4:
    // the syntax error is the one named.
    var strict = CSVOptions()
    strict.refusesMalformedRows = true
    #expect(
      try problem("image,width,height\na.png,0,3\nb.png,4,3\n\"c.png,4,3\n", strict)
        == "order.csv:4:1: this quoted field is never closed")
    // Without the syntax error, the first bad row.
    #expect(
      try problem("image,width,height\na.png,4,3\nb.png,x,3\nc.png,4,y\n", strict)
        == "order.csv:3: width and height must be whole numbers of pixels from 1 to 1000000; got x and 3")
    // By default both are left out, and the rest is read.
    #expect(try problem("image,width,height\na.png,0,3\nb.png,4,3\n\"c.png,4,3\n") == "read")
    // A missing column comes before a bad row.
    var sections = CSVOptions()
    sections.sectionColumn = "room"
    #expect(
      try problem("image,width,height\na.png,0,3\n", sections).hasPrefix(
        "order.csv:1: no column named 'room'"))
    // Rows are items in file order, with their fields, sections and sizes.
    let path = try write(
      "image,width,height,room\na.png,4,3,Hall\n b.png ,5,6,Hall\nc.png,,,Attic\n", "rows.csv", in: folder)
    var catalog = Catalog()
    try CSVCatalogReader.read(path, options: sections, into: &catalog)
    let items = catalog.items
    #expect(items.map(\.path) == ["\(folder.path)/a.png", "\(folder.path)/b.png", "\(folder.path)/c.png"])
    #expect(items.map(\.section) == ["Hall", "Hall", "Attic"])
    #expect(items.map { $0.knownSize?.width } == [4, 5, nil])
    #expect(items[1].fields["image"] == " b.png " && items[2].fields["room"] == "Attic")
  }

  @Test("fields are trimmed of spaces and tabs of any script, and only of those")
  func trimmedFields() {
    #expect(CSVCatalogReader.trimmed("a b") == "a b")
    #expect(CSVCatalogReader.trimmed(" \ta b\t ") == "a b")
    #expect(CSVCatalogReader.trimmed("\u{3000}東京\u{A0}") == "東京")
    #expect(CSVCatalogReader.trimmed("\n a\n") == "\n a\n")
    #expect(CSVCatalogReader.trimmed("") == "")
  }

  @Test(
    "streamed sections are held to what the run has left of the item limit, each checked before it is made")
  func sectionsWithinTheBudget() throws {
    let folder = try FixturePaths.temporaryFolder()
    let text = """
      {"sections": [{"title": "S1", "items": ["a.png", "b.png"]}, {"title": "S2", "items": ["c.png", "d.png"]}]}
      """
    let path = try write(text, "budget.json", in: folder)
    // Two banners and four items: exactly six entries are accepted, five are not.
    #expect(try ManifestReader.read(path, itemBudget: 6).entries.count == 6)
    do {
      _ = try ManifestReader.read(path, itemBudget: 5)
      Issue.record("six entries were accepted with five left")
    } catch let error as InputError {
      #expect(error.description == InputLimits.tooManyItems(path).description)
    }
  }

  @Test("a manifest's sections read one at a time give the entries and the first problem a tree gives")
  func streamedSections() throws {
    let folder = try FixturePaths.temporaryFolder()
    let text = """
      {"title": "T", "items": [{"image": "a.png", "caption": "A"}, {"banner": "B"}],
       "sections": [{"title": "S1", "subtitle": "one", "items": ["b.png", {"image": "c.png", "width": 4, "height": 3}]},
                    {"title": "S2", "items": []}, {"title": "S3", "items": ["d.png"]}]}
      """
    let path = try write(text, "sections.json", in: folder)
    let streamed = try ManifestReader.read(path)
    let tree = try ManifestReader.manifest(try #require(try JSONReader.read(text)), path: path)
    func describe(_ entries: [CatalogEntry]) -> [String] {
      entries.map { entry in
        switch entry {
        case .item(let item):
          "\(item.path) \(item.section ?? "-") \(item.caption ?? "-") \(item.knownSize?.width ?? 0) \(item.origin ?? "")"
        case .banner(let content): "banner \(content.title) \(content.subtitle ?? "-")"
        }
      }
    }
    #expect(describe(streamed.entries) == describe(tree.entries))
    #expect(streamed.entries.count == 8)
    // A bad section, and a bad title written before it: the title's problem comes first, as
    // the keys are read in order.
    let bad = try write(
      "{\"title\": [1], \"sections\": [{\"items\": []}]}", "bad.json", in: folder)
    do {
      _ = try ManifestReader.read(bad)
      Issue.record("expected an error")
    } catch let error as InputError {
      #expect(error.description == "\(bad):1:11: 'title' must be a single value, not a list or mapping")
    }
    let badSection = try write(
      "{\"sections\": [{\"title\": \"S\"}, {\"items\": []}]}", "section.json", in: folder)
    do {
      _ = try ManifestReader.read(badSection)
      Issue.record("expected an error")
    } catch let error as InputError {
      #expect(
        error.description == "\(badSection):1:31: each section needs a 'title' and 'items' (or 'sections')")
    }
  }

  @Test("a folder listed without sidecars spares the candidates; one with a sidecar still gives its tags")
  func sidecarFolders() throws {
    let folder = try FixturePaths.temporaryFolder()
    let plain = folder.appendingPathComponent("plain")
    let tagged = folder.appendingPathComponent("tagged")
    for sub in [plain, tagged] {
      try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
    }
    let xmp = """
      <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
      <rdf:Description xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmp:Rating="4" xmp:Label="Red"/></rdf:RDF></x:xmpmeta>
      """
    try Data(xmp.utf8).write(to: tagged.appendingPathComponent("b.xmp"))
    let folders = SidecarFolders()
    #expect(!folders.mayHoldSidecars(of: plain.appendingPathComponent("a.jpg").path))
    #expect(folders.mayHoldSidecars(of: tagged.appendingPathComponent("b.jpg").path))
    #expect(folders.mayHoldSidecars(of: folder.path + "/missing/"))
    let tags = TagReader.read(
      CatalogItem(path: tagged.appendingPathComponent("b.jpg").path), folders: folders)
    #expect(tags.tags.rating == 4 && tags.tags.label == "Red")
    // The partner's folder counts: a JPEG in a folder without sidecars, its RAW's beside one.
    var paired = CatalogItem(path: plain.appendingPathComponent("b.jpg").path)
    paired.partner = tagged.appendingPathComponent("b.nef").path
    try Data(xmp.utf8).write(to: tagged.appendingPathComponent("b.nef.xmp"))
    let fresh = SidecarFolders()
    #expect(TagReader.read(paired, folders: fresh).tags.rating == 4)
    #expect(
      TagReader.read(CatalogItem(path: plain.appendingPathComponent("a.jpg").path), folders: fresh).tags
        .rating == nil)
  }

  @Test("a layout element, of any kind, takes at most 200 bytes (a million cards are held at once)")
  func elementSize() {
    #expect(MemoryLayout<LayoutElement>.stride <= 200, "\(MemoryLayout<LayoutElement>.stride)")
  }

  @Test("the export keeps each item's source, size, problem, rating and label in 40 bytes")
  func exportedItems() {
    #expect(MemoryLayout<ExportedItem>.stride == 40)
    var item = CatalogItem(path: "p.jpg")
    item.knownSize = (640, 480)
    item.tags = XMPTags(rating: 3, label: "Blue")
    let exported = ExportedItem(item)
    #expect(exported.path == "p.jpg" && exported.width == 640 && exported.height == 480)
    #expect(exported.rating == 3 && exported.label == "Blue" && exported.problem == nil)
    let plain = ExportedItem(CatalogItem(path: "q.jpg"))
    #expect(plain.width == 4 && plain.height == 3 && plain.rating == nil && plain.label == nil)
  }

  @Test("measuring then placing gives the layout one call gives, and frees nothing it needs later")
  func measureThenPlace() throws {
    var options = LayoutOptions(page: .paper(width: 300, height: 400), columns: .count(2))
    options.cover = CoverContent(title: "Cover", subtitle: "sub")
    options.indexTitle = "Index"
    let entries: [LayoutEntry] = (0..<30).map { index in
      .item(
        LayoutItem(
          pixelWidth: 100 + index, pixelHeight: 80 + 3 * index, caption: "card \(index)",
          section: "S\(index / 7)",
          indexTerm: "term \(index % 5)"))
    }
    let engine = WaterfallLayout(options: options)
    let whole = try engine.layout(entries, measurer: TenPointLines())
    let measured = try engine.measure(entries, measurer: TenPointLines())
    #expect(try engine.layout(measured, measurer: TenPointLines()) == whole)
    #expect(try engine.placingRequests().map(\.text) == ["Cover", "sub"])
  }
}

/// Every text is one 10 pt line per 30 characters, 40 pt wide.
private struct TenPointLines: TextMeasuring {
  var fonts: FontSet { .system }

  func measure(_ text: String, style: TextStyle, width: Double) -> TextMeasurement {
    let lines = max(1, (text.count + 29) / 30)
    return TextMeasurement(width: 40, height: Double(lines) * 10, lineCount: lines, isTruncated: false)
  }
}
