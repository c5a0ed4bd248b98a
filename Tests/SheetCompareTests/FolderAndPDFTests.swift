import Foundation
import SheetCompare
import SheetDiff
import SheetImages
import SheetReport
import TestSupport
import Testing

/// End-to-end: folders matched by relative path, PDFs page by page, and the report.
@Suite("contactsheet compare on folders and PDFs")
struct FolderAndPDFTests {
  private func compare(_ arguments: [String]) throws -> ProcessResult {
    try ProcessRunner.run(FixturePaths.binary, ["compare"] + arguments)
  }

  private func summary(_ result: ProcessResult) throws -> ComparisonSummary {
    try JSONDecoder().decode(ComparisonSummary.self, from: Data(result.standardOutput.utf8))
  }

  /// Writes `image` with a `size`-pixel square at (`x`, `y`) painted blue.
  private func write(_ image: RasterImage, to path: URL, marked x: Int? = nil, y: Int = 10, size: Int = 12)
    throws
  {
    var copy = image
    if let x {
      for row in y..<y + size {
        for column in x..<x + size { copy.set(x: column, y: row, bgra: (255, 0, 0, 255)) }
      }
    }
    try copy.writePNG(to: path.path)
  }

  /// Two folders: `same.png` and `sub/same.png` equal, `b.png` and `sub/c.png` changed,
  /// plus `missing.png` (expected only) and `extra.png` (actual only) when asked.
  private func folders(in root: URL, missingAndExtra: Bool) throws -> (URL, URL) {
    let expected = root.appendingPathComponent("expected")
    let actual = root.appendingPathComponent("actual")
    let coffee = TestImages.noise(width: 600, height: 400, seed: 1)
    let horse = TestImages.noise(width: 400, height: 328, seed: 2)
    try write(coffee, to: expected.appendingPathComponent("same.png"))
    try write(coffee, to: actual.appendingPathComponent("same.png"))
    try write(horse, to: expected.appendingPathComponent("sub/same.png"))
    try write(horse, to: actual.appendingPathComponent("sub/same.png"))
    try write(coffee, to: expected.appendingPathComponent("b.png"))
    try write(coffee, to: actual.appendingPathComponent("b.png"), marked: 300)
    try write(horse, to: expected.appendingPathComponent("sub/c.png"))
    try write(horse, to: actual.appendingPathComponent("sub/c.png"), marked: 40, y: 200, size: 30)
    if missingAndExtra {
      try write(horse, to: expected.appendingPathComponent("missing.png"))
      try write(horse, to: actual.appendingPathComponent("extra.png"))
    }
    return (expected, actual)
  }

  @Test("folders: matched by relative path, per-file results, missing and extra files reported")
  func foldersMatched() throws {
    let root = try FixturePaths.temporaryFolder()
    let (expected, actual) = try folders(in: root, missingAndExtra: true)
    let diffs = root.appendingPathComponent("diffs")
    let result = try compare([expected.path, actual.path, "--json", "--diff", diffs.path])
    #expect(result.status == 1, "\(result.standardError)")
    let json = try summary(result)
    let statuses = Dictionary(uniqueKeysWithValues: json.cases.map { ($0.name, $0.status) })
    #expect(
      statuses == [
        "b.png": .different, "extra.png": .extra, "missing.png": .missing, "same.png": .matched,
        "sub/c.png": .different, "sub/same.png": .matched,
      ])
    #expect(json.failures == 4)
    #expect(json.cases.first { $0.name == "b.png" }?.diffPixels == 144)
    #expect(json.cases.first { $0.name == "sub/c.png" }?.diffPixels == 900)
    // Diff images only for the failing files, mirroring the folders.
    #expect(FileManager.default.fileExists(atPath: diffs.appendingPathComponent("b.diff.png").path))
    #expect(FileManager.default.fileExists(atPath: diffs.appendingPathComponent("sub/c.diff.png").path))
    #expect(!FileManager.default.fileExists(atPath: diffs.appendingPathComponent("same.diff.png").path))
  }

  @Test("a report from a folder with two failures: one page, the summary's bookmark and one per failure")
  func report() throws {
    let root = try FixturePaths.temporaryFolder()
    let (expected, actual) = try folders(in: root, missingAndExtra: false)
    let report = root.appendingPathComponent("report.pdf").path
    let result = try compare([expected.path, actual.path, "--report", report])
    #expect(result.status == 1, "\(result.standardError)")
    #expect(result.standardError.contains("report: \(report)"))
    #expect(try ProcessRunner.pdfInfo(report)["Pages"] == "1")
    #expect(
      try PDFRasterizer(path: report).bookmarks.dropFirst() == [
        .init(title: "b.png", page: 1), .init(title: "sub/c.png", page: 1),
      ])
    #expect(try PDFRasterizer(path: report).bookmarks.first?.title.contains("2 different") == true)
    // Matching folders give a report with its banner (the one bookmark) and no cards.
    let clean = root.appendingPathComponent("clean.pdf").path
    #expect(try compare([expected.path, expected.path, "--report", clean]).status == 0)
    #expect(try PDFRasterizer(path: clean).bookmarks.map(\.page) == [1])
    try PDFCheck.requireValid(clean)
  }

  /// Renders a two-photo sheet whose second caption is `caption` to a PDF with the binary.
  private func renderSheet(caption: String, to output: URL) throws {
    let manifest = output.deletingPathExtension().appendingPathExtension("json")
    let items = """
      {"items": [
        {"image": "\(FixturePaths.photo("rocket.jpg"))", "caption": "Falcon on the pad"},
        {"image": "\(FixturePaths.photo("coffee.png"))", "caption": "\(caption)"}
      ]}
      """
    try Data(items.utf8).write(to: manifest)
    let result = try ProcessRunner.run(
      FixturePaths.binary, ["render", manifest.path, "-o", output.path, "-q", "--columns", "2"])
    #expect(result.status == 0, "\(result.standardError)")
  }

  @Test("two PDF renderings that differ in one caption: page 1 differs, only in the caption")
  func pdfCaption() throws {
    let folder = try FixturePaths.temporaryFolder()
    let first = folder.appendingPathComponent("a.pdf")
    let again = folder.appendingPathComponent("a2.pdf")
    let second = folder.appendingPathComponent("b.pdf")
    try renderSheet(caption: "Espresso", to: first)
    try renderSheet(caption: "Espresso", to: again)
    try renderSheet(caption: "Espresso, double", to: second)
    for pdf in [first, again, second] { try PDFCheck.requireValid(pdf.path) }
    #expect(try compare([first.path, again.path]).status == 0)

    let diff = folder.appendingPathComponent("diff.png")
    let result = try compare([first.path, second.path, "--json", "--dpi", "72", "--diff", diff.path])
    #expect(result.status == 1, "\(result.standardError)")
    let page = try #require(try summary(result).cases.first?.pages.first)
    let comparison = try #require(page.comparison)
    #expect(page.page == 1)
    #expect(comparison.expectedSize == PixelSize(width: 595, height: 842))
    #expect(comparison.diffPixels > 20 && comparison.diffRatio < 0.001)
    // The change is one line of caption text: a short, wide region below the coffee photo.
    let region = try #require(comparison.regions.first)
    #expect(comparison.regionCount == 1)
    #expect(region.height < 14 && region.width > 10 && region.x > 290)
    // What the changed region says in each version, from the PDFs' text.
    let change = try #require(page.textChanges?.first)
    #expect(change.expected.contains("Espresso") && change.actual.contains("Espresso, double"))
    #expect(change.readable.contains("→"))
    #expect(
      TextChange(region: region, expected: "Item 042: €84.99 x", actual: "Item 042: €80.99 x").readable
        == "Item 042: €84.99 → €80.99 x")
    #expect(TextChange(region: region, expected: "a b", actual: "a b").readable == "text unchanged: a b")
    // Named relative to the diff root, the folder of --diff.
    #expect(page.diffFile == "diff-001.png")
    #expect(try summary(result).roots.diffs == folder.path)
    #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("diff-001.png").path))
  }
}

@Suite("Report bookmarks across pages")
struct ReportPagesTests {
  @Test("cards that run onto later pages get bookmarks to those pages")
  func twoPages() throws {
    let folder = try FixturePaths.temporaryFolder()
    let image = TestImages.grey(200, width: 400, height: 300)
    var changed = image
    changed.set(x: 10, y: 10, grey: 0)
    // Two columns of cards: twelve run onto a second page.
    let cards = (1...12).map { index in
      let (comparison, diff) = PixelComparator.compare(image, changed, makeDiffImage: true)
      return ReportCard(
        title: "case \(index)", detail: comparison.summary, expected: image, actual: changed, diff: diff,
        regions: comparison.regions)
    }
    let summary = ComparisonSummary(
      expected: "e", actual: "a", roots: ComparedRoots(golden: "e", actual: "a"),
      threshold: 0.1, maxDiffPixels: 0, maxDiffRatio: nil,
      countAntiAliasing: false, ignore: [], dpi: 100,
      cases: (1...12).map { CaseResult(name: "case \($0)", status: .different) })
    let report = folder.appendingPathComponent("report.pdf").path
    try ComparisonReport().render(summary, cards: cards, to: report)
    let pages = try #require(Int(try ProcessRunner.pdfInfo(report)["Pages"] ?? ""))
    let bookmarks = try PDFRasterizer(path: report).bookmarks
    #expect(pages >= 2)
    #expect(bookmarks.map(\.title) == ["12 files compared: 12 different"] + (1...12).map { "case \($0)" })
    #expect(bookmarks.first?.page == 1)
    #expect(bookmarks.last?.page == pages)
    let order = bookmarks.compactMap(\.page)
    #expect(order == order.sorted() && order.count == 13)
  }
}
