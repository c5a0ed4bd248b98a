import Foundation
import SheetImages
import TestSupport
import Testing

@testable import ContactSheet
@testable import ContactSheetCLI

/// `render --pages`, `plan --shards` and `assemble`: a catalog rendered whole and as shards run
/// by GNU parallel comes out the same, page by page (pixels), outline, links, labels, metadata.
@Suite("Sharded rendering, end to end")
struct ShardingTests {
  /// A catalog of 24 products in 4 sections with links, a contents page and an index, one
  /// column on small pages: 11 pages whose contents and index link across shards.
  static func catalog(test: String = #function) throws -> (csv: String, arguments: [String]) {
    let photos = ["coffee.png", "chelsea.png", "rocket.jpg", "clock_motion.png"]
    let sections = ["Kitchen", "Posters", "Garden", "Office"]
    var rows = ["image;name;sku;category;link"]
    for index in 0..<24 {
      let name = ["Zinc", "amber", "Échelle", "Basil", "cedar", "Delta"][index % 6] + " \(index)"
      rows.append(
        "\(FixturePaths.photo(photos[index % 4]));\(name);S-\(index);\(sections[index / 6]);https://example.com/p/\(index)"
      )
    }
    let csv = try CatalogCSVTests.write(rows.joined(separator: "\n") + "\n", test: test)
    return (
      csv,
      [
        csv, "--section-column", "category", "--contents", "--index", "name", "--columns", "2", "--page",
        "105x148mm", "--footer", "{page} of {pages}", "--title", "Spring catalog", "--author", "Shop", "-q",
      ]
    )
  }

  /// The outline as qpdf reads it: title, page (from 1) and the top of the view, per entry.
  static func outline(_ pdf: String) throws -> [String] {
    let result = try ProcessRunner.run("qpdf", ["--json", "--json-key=outlines", pdf])
    let json = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
    return (json?["outlines"] as? [[String: Any]] ?? []).map { entry in
      let destination = entry["dest"] as? [Any] ?? []
      let top =
        (destination.count > 3 ? destination[3] as? Double : nil).map { String(format: "%.2f", $0) } ?? "?"
      return "\(entry["title"] ?? "?") p\(entry["destpageposfrom1"] ?? "?") y\(top)"
    }
  }

  /// Every link: its page, where it is and where it goes (`pdfinfo -url` for URIs, qpdf for
  /// pages).
  static func links(_ pdf: String) throws -> [String] {
    let uris = try ProcessRunner.run("pdfinfo", ["-url", pdf]).standardOutput.split(separator: "\n")
      .dropFirst()
    let pages = try PDFInternalLinks.destinations(pdf).enumerated().map { "page \($0 + 1) → \($1)" }
    return uris.map(String.init) + pages
  }

  /// The metadata pdfinfo shows, without the file's size and name.
  static func metadata(_ pdf: String) throws -> [String: String] {
    try ProcessRunner.pdfInfo(pdf).filter { $0.key != "File size" }
  }

  /// Renders `arguments` with `--pages` and the output added, at the moment `epoch` (seconds
  /// since 1970, as SOURCE_DATE_EPOCH); returns the process result.
  static func render(
    _ arguments: [String], pages: String? = nil, to output: String, epoch: Int = 0
  ) throws -> ProcessResult {
    try ProcessRunner.run(
      FixturePaths.binary, ["render"] + arguments + (pages.map { ["--pages", $0] } ?? []) + ["-o", output],
      environment: ["SOURCE_DATE_EPOCH": String(epoch)])
  }

  /// Whether page `page` (from 1) of two PDFs decodes to the same pixels at 50 dpi.
  static func samePixels(_ a: String, _ pageA: Int, _ b: String, _ pageB: Int, folder: URL) throws -> Bool {
    let folders = ["a", "b"].map { folder.appendingPathComponent("rasters-\($0)", isDirectory: true) }
    for folder in folders {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }
    let left = try Raster.page(a, page: pageA, dpi: 50, folder: folders[0])
    let right = try Raster.page(b, page: pageB, dpi: 50, folder: folders[1])
    return left.width == right.width && left.height == right.height && left.bytes == right.bytes
  }

  /// ``catalog(test:)`` rendered whole by one process, as `whole.pdf` in its folder.
  static func wholeCatalog(test: String = #function) throws -> (
    folder: URL, arguments: [String], whole: String, pageCount: Int
  ) {
    let (csv, arguments) = try catalog(test: test)
    let folder = URL(fileURLWithPath: (csv as NSString).deletingLastPathComponent)
    let whole = folder.appendingPathComponent("whole.pdf").path
    let render = try Self.render(arguments, to: whole)
    try #require(render.status == 0, "\(render.standardError)")
    return (folder, arguments, whole, try #require(Int(try ProcessRunner.pdfInfo(whole)["Pages"] ?? "")))
  }

  /// Expects `assembled` to be `whole` again: valid, the same pages as pixels, outline and links.
  static func expectSameDocument(_ assembled: String, as whole: String, pageCount: Int, folder: URL) throws {
    try PDFCheck.requireValid(assembled)
    #expect(try ProcessRunner.pdfInfo(assembled)["Pages"] == String(pageCount))
    for page in 1...pageCount {
      #expect(try samePixels(whole, page, assembled, page, folder: folder), "page \(page)")
    }
    #expect(try outline(assembled) == outline(whole))
    #expect(try links(assembled) == links(whole))
  }

  @Test("a catalog rendered as 3 shards by GNU parallel and assembled equals the single-process render")
  func shardsEqualWhole() throws {
    let (folder, arguments, whole, pageCount) = try Self.wholeCatalog()
    #expect(pageCount >= 6)

    // plan: the page count and three balanced ranges, with each shard's arguments.
    let assembled = folder.appendingPathComponent("catalog.pdf").path
    let planned = try ProcessRunner.run(
      FixturePaths.binary, ["plan"] + arguments + ["--shards", "3", "-o", assembled])
    #expect(planned.status == 0, "\(planned.standardError)")
    let plan = try #require(
      try JSONSerialization.jsonObject(with: Data(planned.standardOutput.utf8)) as? [String: Any])
    #expect(plan["pages"] as? Int == pageCount)
    let shards = try #require(plan["shards"] as? [[String: Any]])
    #expect(shards.count == 3)
    let lengths = shards.map { ($0["last"] as? Int ?? 0) - ($0["first"] as? Int ?? 0) + 1 }
    #expect(lengths.reduce(0, +) == pageCount && lengths.max()! - lengths.min()! <= 1)
    #expect(shards.first?["first"] as? Int == 1 && shards.last?["last"] as? Int == pageCount)

    // Three processes at once (GNU parallel through the documented driver), then assemble.
    let planFile = folder.appendingPathComponent("plan.json")
    try Data(planned.standardOutput.utf8).write(to: planFile)
    let driver = FixturePaths.packageRoot.appendingPathComponent("docs/sharding/parallel-shards.sh").path
    let run = try ProcessRunner.run(
      driver, [planFile.path, "-j", "3", "--sshlogin", ":"],
      environment: ["CONTACTSHEET": FixturePaths.binary],
      currentDirectory: folder)
    #expect(run.status == 0, "\(run.standardError)")
    let parts = try shards.map { try #require($0["output"] as? String) }
    for part in parts { #expect(FileManager.default.fileExists(atPath: part), "\(part)") }
    try PDFCheck.requireValid(assembled)
    #expect(try Self.problems(parts + [assembled]).isEmpty)

    // Page by page, the same pixels; the same outline, links, page labels and metadata.
    #expect(try ProcessRunner.pdfInfo(assembled)["Pages"] == String(pageCount))
    for page in 1...pageCount {
      #expect(try Self.samePixels(whole, page, assembled, page, folder: folder), "page \(page)")
    }
    let outline = try Self.outline(whole)
    #expect(outline.count >= 6, "\(outline)")  // contents, 4 sections, index (a bookmark a page)
    #expect(try Self.outline(assembled) == outline)
    let links = try Self.links(whole)
    #expect(links.filter { $0.contains("https://example.com/p/") }.count == 24)
    #expect(try PDFInternalLinks.destinations(whole).joined().count == 4 + 24)
    #expect(try Self.links(assembled) == links)
    #expect(try PDFInternalLinks.labels(assembled) == PDFInternalLinks.labels(whole))
    #expect(try Self.metadata(assembled) == Self.metadata(whole))
    // The contents page (shard 1) links to sections drawn by the other shards.
    let contentsTargets = try PDFInternalLinks.destinations(assembled)[0]
    #expect(contentsTargets.contains { $0 + 1 > lengths[0] })

    // Each shard on its own: its pages as in the whole document, labelled with their numbers.
    let second = parts[1]
    let first = try #require(shards[1]["first"] as? Int)
    #expect(try Self.samePixels(whole, first, second, 1, folder: folder))
    #expect(try PDFInternalLinks.labels(second).first == "/D \(first)")
    let secondTitles = try Self.outline(second).map { $0.split(separator: " ").first ?? "" }
    #expect(
      !secondTitles.isEmpty && secondTitles.allSatisfy { title in outline.contains { $0.hasPrefix(title) } })
  }

  /// `qpdf --check` problems of each file.
  static func problems(_ paths: [String]) throws -> [String] {
    try paths.flatMap { try PDFCheck.problems($0) }
  }

  @Test("assemble refuses parts of another document, overlapping or missing pages, and whole files")
  func refusals() throws {
    let (csv, arguments) = try Self.catalog()
    let folder = (csv as NSString).deletingLastPathComponent
    func path(_ name: String) -> String { folder + "/" + name }
    // Part b is rendered a few seconds later, as a shard on another machine would be: the
    // run's date is metadata, not a difference between documents.
    for (pages, name) in [("1-4", "a.pdf"), ("5-", "b.pdf"), ("3-6", "overlap.pdf"), ("8-", "tail.pdf")] {
      let result = try Self.render(arguments, pages: pages, to: path(name), epoch: name == "b.pdf" ? 7 : 0)
      #expect(result.status == 0, "\(result.standardError)")
    }
    let other = try Self.render(arguments + ["--columns", "1"], pages: "5-", to: path("other.pdf"))
    #expect(other.status == 0, "\(other.standardError)")
    #expect(try Self.render(arguments, to: path("whole.pdf")).status == 0)
    func assemble(_ parts: [String]) throws -> ProcessResult {
      try ProcessRunner.run(FixturePaths.binary, ["assemble"] + parts.map(path) + ["-o", path("out.pdf")])
    }
    // In any order, the two parts make the document.
    let good = try assemble(["b.pdf", "a.pdf"])
    #expect(good.status == 0, "\(good.standardError)")
    #expect(
      try Self.samePixels(path("whole.pdf"), 5, path("out.pdf"), 5, folder: URL(fileURLWithPath: folder)))
    try FileManager.default.removeItem(atPath: path("out.pdf"))

    let cases: [([String], String)] = [
      (["a.pdf", "other.pdf"], "other.pdf is a part of another document than"),
      (["a.pdf", "b.pdf", "overlap.pdf"], "page 3 is in both"),
      (["a.pdf", "tail.pdf"], "pages 5-7 of"),
      (["a.pdf", "whole.pdf"], "whole.pdf: not a part of a document"),
    ]
    for (parts, message) in cases {
      let result = try assemble(parts)
      #expect(result.status == 2, "\(parts): \(result.standardError)")
      #expect(result.standardError.contains(message), "\(parts): \(result.standardError)")
      #expect(!FileManager.default.fileExists(atPath: path("out.pdf")), "\(parts) wrote a file")
    }
    // Parts that are not regular files are named, never waited on or read forever.
    #expect(mkfifo(path("fifo.pdf"), 0o644) == 0)
    for special in [path("fifo.pdf"), "/dev/zero"] {
      let result = try ProcessRunner.run(
        FixturePaths.binary, ["assemble", path("a.pdf"), special, "-o", path("out.pdf")])
      #expect(result.status == 2, "\(special): \(result.standardError)")
      #expect(result.standardError.contains("\(special): is a"), "\(result.standardError)")
      #expect(result.standardError.contains("not a file"), "\(result.standardError)")
    }
    // --pages beyond the document is refused before anything is written.
    let beyond = try Self.render(arguments, pages: "40-41", to: path("beyond.pdf"))
    #expect(beyond.status == 2 && beyond.standardError.contains("page 40 is not in the document"))
  }

  @Test("PNG pages of a shard keep their page numbers and pixels, and leave other pages alone")
  func pngShard() throws {
    let (csv, arguments) = try Self.catalog()
    let folder = (csv as NSString).deletingLastPathComponent
    try FileManager.default.createDirectory(atPath: folder + "/full", withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: folder + "/shard", withIntermediateDirectories: true)
    #expect(try Self.render(arguments + ["--dpi", "40"], to: folder + "/full/sheet.png").status == 0)
    try Data("keep".utf8).write(to: URL(fileURLWithPath: folder + "/shard/sheet-001.png"))
    let shard = try Self.render(arguments + ["--dpi", "40"], pages: "2-3,7", to: folder + "/shard/sheet.png")
    #expect(shard.status == 0, "\(shard.standardError)")
    let written = try FileManager.default.contentsOfDirectory(atPath: folder + "/shard").sorted()
    #expect(written == ["sheet-001.png", "sheet-002.png", "sheet-003.png", "sheet-007.png"])
    #expect(try String(contentsOfFile: folder + "/shard/sheet-001.png", encoding: .utf8) == "keep")
    for name in ["sheet-002.png", "sheet-003.png", "sheet-007.png"] {
      let a = try ImageReader.decode(path: folder + "/full/" + name)
      let b = try ImageReader.decode(path: folder + "/shard/" + name)
      #expect(a.width > 0 && a == b, "\(name)")
    }
  }

  @Test("page selections parse, ranges balance, and plan's render arguments drop its own options")
  func units() throws {
    #expect(try PageSelection(parsing: "21-40").indices(pageCount: 50) == Array(20...39))
    #expect(try PageSelection(parsing: "1-3,7, 2").indices(pageCount: 9) == [0, 1, 2, 6])
    #expect(try PageSelection(parsing: "8-").indices(pageCount: 9) == [7, 8])
    for bad in ["", "0", "3-2", "a", "1-2-3", "-4", "1,,2"] {
      #expect(throws: InputError.self, "\(bad)") { try PageSelection(parsing: bad) }
    }
    #expect(throws: InputError.self) { try PageSelection(parsing: "5-12").indices(pageCount: 9) }
    #expect(PageSelection.balanced(pageCount: 10, shards: 3) == [1...4, 5...7, 8...10])
    #expect(PageSelection.balanced(pageCount: 2, shards: 5) == [1...1, 2...2])
    #expect(PageSelection.balanced(pageCount: 0, shards: 3).isEmpty)
    #expect(
      PlanCommand.renderArguments([
        "plan", "a.csv", "--shards", "4", "-o", "x.pdf", "--columns", "2", "--shards=3",
      ])
        == ["render", "a.csv", "--columns", "2"])
    #expect(PlanCommand.partName("out/catalog.pdf", 2) == "out/catalog.part-2.pdf")
  }
}
