import Foundation
import SheetLayout
import TestSupport
import Testing

/// CSV catalogs as shops export them, end to end: delimiters, link columns, sizes from the
/// file, grouping of sections, paths relative to the CSV.
@Suite("CSV catalogs as shops export them, end to end")
struct CatalogCSVTests {
  /// Writes `text` as `name` in a fresh folder and returns its path.
  static func write(_ text: String, name: String = "products.csv", test: String = #function) throws -> String
  {
    let folder = try FixturePaths.temporaryFolder(test)
    let path = folder.appendingPathComponent(name).path
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  private func layout(_ arguments: [String]) throws -> (Layout, String) {
    let result = try ProcessRunner.run(FixturePaths.binary, ["layout", "--json"] + arguments)
    #expect(result.status == 0, "stderr: \(result.standardError)")
    return (
      try JSONDecoder().decode(Layout.self, from: Data(result.standardOutput.utf8)), result.standardError
    )
  }

  /// A semicolon CSV, as European spreadsheets export it, with a `url` column and sizes.
  static let semicolonCSV = """
    name;price;category;image;url;width;height
    Espresso cup;€ 12,00;Kitchen;photos/coffee.png;https://shop.example/cup;400;300
    Cat poster;€ 25,50;Posters;photos/chelsea.png;https://shop.example/cat;300;400
    Wall clock;€ 40,00;Kitchen;photos/clock.png;https://shop.example/clock;500;500

    """

  @Test("a semicolon CSV is read without options; width/height used, no file opened")
  func semicolonURLAndSizes() throws {
    let csv = try Self.write(Self.semicolonCSV)
    // The image files do not exist: with sizes in the CSV, layout never looks for them.
    let (layout, errors) = try layout([csv, "--caption", "{name} {price}"])
    #expect(errors.isEmpty, "\(errors)")
    #expect(
      layout.items.map(\.caption) == [
        "Espresso cup €\u{A0}12,00", "Cat poster €\u{A0}25,50", "Wall clock €\u{A0}40,00",
      ])
    #expect(layout.items.map(\.width) == [400, 300, 500] && layout.items.map(\.height) == [300, 400, 500])
    let folder = (csv as NSString).deletingLastPathComponent
    #expect(layout.items[0].source == folder + "/photos/coffee.png")
    let cards = layout.pages.flatMap(\.elements).filter { $0.kind == .card }
    let image = try #require(cards.first?.image)
    #expect(abs(image.height / image.width - 0.75) < 1e-9)
  }

  @Test("tab-separated files are detected; --delimiter forces one")
  func tabsAndForcedDelimiter() throws {
    let tabs = try Self.write("name\timage\twidth\theight\nA, the first\ta.jpg\t10\t20\n", name: "tabs.csv")
    let (detected, _) = try layout([tabs])
    #expect(detected.items.map(\.caption) == ["A, the first"])
    #expect(detected.items.map(\.height) == [20])
    // Forced to a comma, the tab-separated header is one column with no 'image'.
    let forced = try ProcessRunner.run(FixturePaths.binary, ["layout", tabs, "--delimiter", ","])
    #expect(forced.status == 2)
    #expect(forced.standardError.contains("no column named 'image'"))
    let bad = try ProcessRunner.run(FixturePaths.binary, ["layout", tabs, "--delimiter", "ab"])
    #expect(bad.status == 2 && bad.standardError.contains("--delimiter"))
  }

  @Test("an ungrouped section column warns once with the count; --group-by gathers rows by first appearance")
  func grouping() throws {
    let csv = try Self.write(Self.semicolonCSV)
    let (ungrouped, warning) = try layout([csv, "--section-column", "category"])
    let banners = { (layout: Layout) in
      layout.pages.flatMap(\.elements).filter { $0.kind == .banner }.map(\.text)
    }
    #expect(banners(ungrouped) == ["Kitchen", "Posters", "Kitchen"])
    #expect(warning.components(separatedBy: "warning:").count == 2, "\(warning)")
    #expect(warning.contains("2 values make 3 sections") && warning.contains("--group-by category"))

    let (grouped, quiet) = try layout([csv, "--group-by", "category"])
    #expect(quiet.isEmpty, "\(quiet)")
    #expect(banners(grouped) == ["Kitchen", "Posters"])
    #expect(grouped.items.map(\.caption) == ["Espresso cup", "Wall clock", "Cat poster"])
  }

  @Test("--link-column names the link; a missing one is refused with the columns")
  func linkColumn() throws {
    let csv = try Self.write(
      "image,name,shop page\n\(FixturePaths.photo("coffee.png")),Cup,https://shop.example/cup\n")
    let output = (csv as NSString).deletingLastPathComponent + "/sheet.pdf"
    let linked = try ProcessRunner.run(
      FixturePaths.binary, ["render", csv, "--link-column", "shop page", "-o", output, "-q"])
    #expect(linked.status == 0, "\(linked.standardError)")
    #expect(try PDFLinks.uris(output) == ["https://shop.example/cup"])
    let missing = try ProcessRunner.run(FixturePaths.binary, ["layout", csv, "--link-column", "href"])
    #expect(missing.status == 2)
    #expect(
      missing.standardError.contains("no column named 'href'")
        && missing.standardError.contains("'shop page'"))
  }
}

/// Valid PDFs with links, bookmarks, metadata, bleed and crop marks.
@Suite("Print-ready PDFs, end to end")
struct PrintReadyPDFTests {
  @Test(
    "links, bookmarks and metadata in every combination pass qpdf --check; links open their URIs",
    arguments: [
      [], ["--bleed", "3mm"], ["--crop-marks"], ["--bleed", "3mm", "--crop-marks", "--title", "Shop"],
    ])
  func linksPass(extra: [String]) throws {
    let photos = FixturePaths.photos.path
    let csv = try CatalogCSVTests.write(
      """
      image,name,category,link
      \(photos)/coffee.png,Cup,Kitchen,https://shop.example/cup?a=1&b=(2)
      \(photos)/chelsea.png,Cat,Posters,https://shop.example/cat
      \(photos)/rocket.jpg,Rocket,Posters,

      """, test: "linksPass\(extra.count)")
    let output = (csv as NSString).deletingLastPathComponent + "/sheet.pdf"
    let result = try ProcessRunner.run(
      FixturePaths.binary, ["render", csv, "--section-column", "category", "-o", output, "-q"] + extra)
    #expect(result.status == 0, "\(result.standardError)")
    try PDFCheck.requireValid(output)
    #expect(try PDFLinks.uris(output) == ["https://shop.example/cup?a=1&b=(2)", "https://shop.example/cat"])
  }

  @Test("the check catches what Cairo's link tags wrote: a cross-reference entry at the wrong offset")
  func checkCatchesBadXref() throws {
    let folder = try FixturePaths.temporaryFolder()
    let output = folder.appendingPathComponent("good.pdf").path
    let result = try ProcessRunner.run(
      FixturePaths.binary, ["render", FixturePaths.photo("coffee.png"), "-o", output, "-q"])
    #expect(result.status == 0)
    #expect(try PDFCheck.problems(output).isEmpty)
    // Point object 2's cross-reference entry at byte 15 (object 1's), as Cairo 1.16 does for links.
    var text = try String(contentsOfFile: output, encoding: .isoLatin1)
    let xref = try #require(text.range(of: "xref\n0 "))
    let firstEntry = try #require(text.range(of: "n \n", range: xref.upperBound..<text.endIndex))
    let secondEntry = try #require(text.range(of: "n \n", range: firstEntry.upperBound..<text.endIndex))
    let entryStart = text.index(secondEntry.lowerBound, offsetBy: -17)
    text.replaceSubrange(entryStart..<text.index(entryStart, offsetBy: 10), with: "0000000015")
    let damaged = folder.appendingPathComponent("damaged.pdf").path
    try text.write(toFile: damaged, atomically: true, encoding: .isoLatin1)
    #expect(try !PDFCheck.problems(damaged).isEmpty)
    #expect(throws: PDFCheck.InvalidPDF.self) { try PDFCheck.requireValid(damaged) }
  }

  @Test("--bleed and --crop-marks on PNG output: one warning, the page at trim size")
  func marksOnPNG() throws {
    let output = try FixturePaths.temporaryFolder().appendingPathComponent("sheet.png").path
    let result = try ProcessRunner.run(
      FixturePaths.binary,
      ["render", FixturePaths.photo("coffee.png"), "-o", output, "--bleed", "3mm", "--crop-marks", "-q"])
    #expect(result.status == 0)
    #expect(result.standardError.contains("--bleed and --crop-marks apply to PDF output only"))
  }

  @Test("--bleed 3mm and --crop-marks: MediaBox, BleedBox and TrimBox; the background runs into the bleed")
  func boxes() throws {
    let folder = try FixturePaths.temporaryFolder()
    let output = folder.appendingPathComponent("print.pdf").path
    let result = try ProcessRunner.run(
      FixturePaths.binary,
      [
        "render", FixturePaths.photo("coffee.png"), "-o", output, "--bleed", "3mm", "--crop-marks", "-q",
        "--background", "#ff0000",
      ])
    #expect(result.status == 0, "\(result.standardError)")
    let boxes = try PDFLinks.boxes(output)
    let mm = 72 / 25.4
    let a4 = (width: 595.28, height: 841.89)
    let trim = try #require(boxes["TrimBox"])
    let bleed = try #require(boxes["BleedBox"])
    let media = try #require(boxes["MediaBox"])
    #expect(abs((trim[2] - trim[0]) - a4.width) < 0.05 && abs((trim[3] - trim[1]) - a4.height) < 0.05)
    #expect(abs(trim[0] - bleed[0] - 3 * mm) < 0.05 && abs(bleed[3] - trim[3] - 3 * mm) < 0.05)
    #expect(media[0] == 0 && media[2] > bleed[2] && media[3] > bleed[3])
    // Rasterised at 72 dpi: red inside the bleed box, white outside it (where the marks are).
    let png = try Raster.page(output, dpi: 72, folder: folder)
    let inBleed = png.pixel(x: Int(bleed[0] + 1), y: Int(media[3] - bleed[3] + 1))
    let outside = png.pixel(x: Int(bleed[0] - 3), y: Int(media[3] - bleed[3] - 3))
    #expect(inBleed.red > 200 && inBleed.green < 60, "\(inBleed)")
    #expect(outside.red > 200 && outside.green > 200, "\(outside)")
  }

  @Test("print is white: with --bleed (or --pdfx) and no --background, the page and its bleed are white")
  func printBackground() throws {
    let folder = try FixturePaths.temporaryFolder()
    func corner(_ extra: [String]) throws -> (red: Int, green: Int, blue: Int) {
      let output = folder.appendingPathComponent("page\(extra.count).pdf").path
      let result = try ProcessRunner.run(
        FixturePaths.binary, ["render", FixturePaths.photo("coffee.png"), "-o", output, "-q"] + extra)
      #expect(result.status == 0, "\(result.standardError)")
      let pixel = try Raster.page(output, dpi: 72, folder: folder).pixel(x: 2, y: 2)
      return (Int(pixel.red), Int(pixel.green), Int(pixel.blue))
    }
    let screen = try corner([])
    #expect(screen == (244, 244, 242), "\(screen)")
    let print = try corner(["--bleed", "3mm"])
    #expect(print == (255, 255, 255), "\(print)")
  }
}
