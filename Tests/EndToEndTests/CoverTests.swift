import Foundation
import SheetLayout
import TestSupport
import Testing

/// `--cover`: a cover before the contents, which every page number, label, link and bookmark
/// counts; and `--banner-style full-bleed`, whose bands run into the bleed.
@Suite("Cover page and full-bleed banners, end to end")
struct CoverTests {
  /// The 24-product, 4-section catalog of the contents tests on small pages, with a cover.
  static func renderCatalog(_ extra: [String], test: String = #function) throws -> String {
    let csv = try ContentsAndIndexTests.catalog(test: test)
    let pdf = (csv as NSString).deletingLastPathComponent + "/catalog.pdf"
    let result = try ProcessRunner.run(
      FixturePaths.binary,
      [
        "render", csv, "--section-column", "category", "--columns", "2", "--page", "105x148mm",
        "--footer", "{page}", "--title", "Shop catalog 2026", "-o", pdf, "-q",
      ] + extra)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardError.isEmpty, "\(result.standardError)")
    try PDFCheck.requireValid(pdf)
    return pdf
  }

  /// Each page's label as qpdf's JSON reads it: the prefix of a prefix-only label, else the
  /// number a decimal label prints on that page.
  static func labels(_ pdf: String) throws -> [String] {
    let result = try ProcessRunner.run("qpdf", ["--json", "--json-key=pagelabels", pdf])
    let json = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
    let ranges = (json?["pagelabels"] as? [[String: Any]] ?? []).compactMap {
      range -> (Int, [String: Any])? in
      guard let index = range["index"] as? Int, let label = range["label"] as? [String: Any] else {
        return nil
      }
      return (index, label)
    }
    let count = try #require(Int(try ProcessRunner.pdfInfo(pdf)["Pages"] ?? ""))
    return (0..<count).map { page in
      guard let (start, label) = ranges.last(where: { $0.0 <= page }) else { return "none" }
      let prefix = (label["/P"] as? String).map { $0.hasPrefix("u:") ? String($0.dropFirst(2)) : $0 } ?? ""
      guard label["/S"] as? String == "/D" else { return prefix }
      return prefix + String((label["/St"] as? Int ?? 1) + page - start)
    }
  }

  @Test("the cover is page 1, labelled Cover; contents, page numbers, links, labels and bookmarks count it")
  func coverBeforeContents() throws {
    let pdf = try Self.renderCatalog([
      "--cover", "--cover-subtitle", "Autumn collection", "--cover-image", FixturePaths.photo("chelsea.png"),
      "--contents", "--index", "name",
    ])
    let pageCount = try #require(Int(try ProcessRunner.pdfInfo(pdf)["Pages"] ?? ""))
    // The cover: title, subtitle and the fine print with the page count; no footer number.
    let cover = try ContentsAndIndexTests.lines(pdf, page: 1)
    #expect(cover.contains("Shop catalog 2026") && cover.contains("Autumn collection"))
    #expect(cover.last?.hasSuffix("· \(pageCount) pages") == true, "\(cover)")
    #expect(!cover.contains("1"))
    // Its picture is embedded (the only image on page 1).
    let images = try ProcessRunner.run("pdfimages", ["-f", "1", "-l", "1", "-list", pdf]).standardOutput
    #expect(images.split(separator: "\n").count == 3, "\(images)")
    // The contents come second; each number is the page its section's banner is on.
    let contents = try ContentsAndIndexTests.lines(pdf, page: 2)
    #expect(contents.first == "Contents")
    let entries = contents.dropFirst().compactMap { line -> (String, Int)? in
      let parts = line.split(separator: " ")
      guard parts.count == 2, let number = Int(parts[1]) else { return nil }
      return (String(parts[0]), number)
    }
    #expect(entries.map(\.0) == ["Kitchen", "Posters", "Garden", "Office"])
    #expect(entries.first?.1 == 3)
    for (section, number) in entries {
      #expect(try ContentsAndIndexTests.text(pdf, page: number).contains(section), "\(section) on \(number)")
    }
    // Every page after the cover prints its own number, which its label states.
    for page in 2...pageCount {
      #expect(try ContentsAndIndexTests.lines(pdf, page: page).last == String(page))
    }
    #expect(try Self.labels(pdf) == ["Cover"] + (2...pageCount).map(String.init))
    // The contents' links go to the pages they print; the index's too.
    let links = try PDFInternalLinks.destinations(pdf)
    #expect(links[0].isEmpty)
    #expect(links[1].map { $0 + 1 } == entries.map(\.1))
    let indexLine = try #require(try ContentsAndIndexTests.lines(pdf, page: pageCount).dropFirst().first)
    let indexPage = try #require(Int(indexLine.split(separator: " ").last ?? ""))
    #expect(links[pageCount - 1].first.map { $0 + 1 } == indexPage)
    // Bookmarks: the cover (its title), the contents, each section, the index, each on its page.
    let outline = try ProcessRunner.run("qpdf", ["--json", "--json-key=outlines", pdf]).standardOutput
    let json = try JSONSerialization.jsonObject(with: Data(outline.utf8)) as? [String: Any]
    let marks = (json?["outlines"] as? [[String: Any]] ?? []).map {
      ($0["title"] as? String ?? "", $0["destpageposfrom1"] as? Int ?? 0)
    }
    #expect(marks.first?.0 == "Shop catalog 2026" && marks.first?.1 == 1)
    #expect(marks.dropFirst().first?.0 == "Contents" && marks.dropFirst().first?.1 == 2)
    for (section, number) in entries {
      #expect(marks.contains { $0.0 == section && $0.1 == number }, "bookmark \(section)")
    }
  }

  @Test("a cover alone (no contents): page 1 is the cover, the catalog starts on page 2")
  func coverAlone() throws {
    let pdf = try Self.renderCatalog(["--cover", "--cover-note", ""])
    let pageCount = try #require(Int(try ProcessRunner.pdfInfo(pdf)["Pages"] ?? ""))
    #expect(try ContentsAndIndexTests.lines(pdf, page: 1) == ["Shop catalog 2026"])
    #expect(try ContentsAndIndexTests.lines(pdf, page: 2).first == "Kitchen")
    #expect(try Self.labels(pdf) == ["Cover"] + (2...pageCount).map(String.init))
    let images = try ProcessRunner.run("pdfimages", ["-f", "1", "-l", "1", "-list", pdf]).standardOutput
    #expect(images.split(separator: "\n").count == 2, "no picture without --cover-image: \(images)")
  }

  @Test("a cover image that cannot be read becomes a placeholder with a warning naming it")
  func missingCoverImage() throws {
    let csv = try ContentsAndIndexTests.catalog()
    let pdf = (csv as NSString).deletingLastPathComponent + "/catalog.pdf"
    let result = try ProcessRunner.run(
      FixturePaths.binary, ["render", csv, "--cover-image", "/nonexistent/cover.jpg", "-o", pdf, "-q"])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardError.contains("/nonexistent/cover.jpg"), "\(result.standardError)")
    try PDFCheck.requireValid(pdf)
    #expect(try ContentsAndIndexTests.lines(pdf, page: 1).contains("Cannot show cover.jpg"))
  }

  @Test("the cover's layout: picture frame and title block inside the margins, title centred")
  func coverLayout() throws {
    let csv = try ContentsAndIndexTests.catalog()
    let result = try ProcessRunner.run(
      FixturePaths.binary,
      [
        "layout", "--json", csv, "--cover-image", "x.jpg", "--title", "Spring", "--margin", "15mm",
        "--header", "{page}",
      ])
    #expect(result.status == 0, "\(result.standardError)")
    let layout = try JSONDecoder().decode(Layout.self, from: Data(result.standardOutput.utf8))
    let cover = layout.pages[0]
    let margin = 15 * 72 / 25.4
    #expect(cover.elements.map(\.kind) == [.footer, .picture, .cover], "no header on the cover")
    #expect(layout.pages[1].elements.first?.kind == .header)
    for element in cover.elements {
      #expect(element.frame.x >= margin - 0.01 && element.frame.maxX <= cover.width - margin + 0.01)
      #expect(element.frame.y >= margin - 0.01 && element.frame.maxY <= cover.height - margin + 0.01)
    }
    let picture = try #require(cover.elements.first { $0.kind == .picture })
    #expect(picture.frame.height > (cover.height - 2 * margin) / 2)
    let title = try #require(cover.elements.first { $0.kind == .cover })
    #expect(title.text == "Spring" && title.frame.y > picture.frame.maxY)
    #expect(abs(title.frame.x + title.frame.width / 2 - cover.width / 2) < 0.01)
    #expect(cover.elements[0].text?.hasSuffix("· \(layout.pages.count) pages") == true)
  }

  @Test("full-bleed banners: the band runs into the bleed at both sides, the text stays inside the margins")
  func fullBleedBanner() throws {
    let folder = try FixturePaths.temporaryFolder()
    let common = ["--background", "white", "--banner-fill", "#ff0000", "--bleed", "3mm"]
    var bands: [String: (left: Bool, right: Bool, inside: Bool)] = [:]
    for style in ["full-bleed", "band"] {
      let pdf = try Self.renderCatalog(common + ["--banner-style", style], test: "fullBleed-\(style)")
      let boxes = try PDFLinks.boxes(pdf)
      let trim = try #require(boxes["TrimBox"])
      let media = try #require(boxes["MediaBox"])
      let raster = try Raster.page(pdf, page: 1, dpi: 72, folder: folder)
      let scale = Double(raster.width) / (media[2] - media[0])
      let red = { (x: Double, y: Int) -> Bool in
        let pixel = raster.pixel(x: Int(x * scale), y: y)
        return pixel.red > 200 && pixel.green < 60 && pixel.blue < 60
      }
      // The first row that is red in the middle of the page: the banner's band.
      let middle = (media[2] - media[0]) / 2
      let row = try #require((0..<raster.height).first { red(middle, $0) })
      let y = row + 4
      bands[style] = (red(trim[0] - 1.5, y), red(trim[2] + 1.5, y), red(trim[0] + 20, y))
      // The bleed outside the band stays the background.
      #expect(!red(trim[0] - 1.5, max(0, row - 10)))
    }
    #expect(bands["full-bleed"].map { $0.left && $0.right && $0.inside } == true, "\(bands)")
    #expect(bands["band"].map { !$0.left && !$0.right && !$0.inside } == true, "\(bands)")
    // The layout: the frame spans the page, the title stays inside margin and padding.
    let csv = try ContentsAndIndexTests.catalog()
    let result = try ProcessRunner.run(
      FixturePaths.binary,
      [
        "layout", "--json", csv, "--section-column", "category", "--banner-style", "full-bleed", "--margin",
        "12mm",
      ])
    let layout = try JSONDecoder().decode(Layout.self, from: Data(result.standardOutput.utf8))
    let banner = try #require(layout.pages[0].elements.first { $0.kind == .banner })
    #expect(banner.frame.x == 0 && banner.frame.width == layout.pages[0].width)
    let title = try #require(banner.caption)
    #expect(title.x >= 12 * 72 / 25.4 && title.maxX <= layout.pages[0].width - 12 * 72 / 25.4)
  }
}
