import Foundation
import SheetCompare
import TestSupport
import Testing

@Suite("Sections as PDF bookmarks, and presets, end to end")
struct BookmarkAndPresetTests {
  private let manifests = FixturePaths.fixtures.appendingPathComponent("manifests")

  private func renderPDF(_ arguments: [String]) throws -> String {
    let output = try FixturePaths.temporaryFolder().appendingPathComponent("sheet.pdf").path
    let result = try ProcessRunner.run(FixturePaths.binary, ["render"] + arguments + ["-o", output, "-q"])
    #expect(result.status == 0, "stderr: \(result.standardError)")
    return output
  }

  @Test("a YAML manifest's sections become bookmarks pointing at their pages")
  func yamlBookmarks() throws {
    // One column on A6-sized pages pushes the second section onto a later page.
    let pdf = try renderPDF([
      manifests.appendingPathComponent("sections.yaml").path, "--columns", "1", "--page", "105x148mm",
    ])
    let bookmarks = try PDFRasterizer(path: pdf).bookmarks
    #expect(bookmarks.map(\.title) == ["Animals", "Instruments"])
    let pages = bookmarks.compactMap(\.page)
    #expect(pages.count == 2 && pages[0] == 1 && pages[1] > 1)
    #expect(try ProcessRunner.pdfInfo(pdf)["Pages"].flatMap(Int.init) ?? 0 >= pages[1])
  }

  @Test("a CSV catalog's --section-column gives one bookmark per section run")
  func csvBookmarks() throws {
    let pdf = try renderPDF([
      manifests.appendingPathComponent("products.csv").path, "--section-column", "category",
    ])
    #expect(try PDFRasterizer(path: pdf).bookmarks.map(\.title) == ["Kitchen", "Posters", "Kitchen"])
  }

  @Test("every preset renders the sample photos", arguments: ["proof", "catalog", "pinterest"])
  func presets(_ preset: String) throws {
    let folder = try FixturePaths.temporaryFolder()
    let output = folder.appendingPathComponent("sheet.png").path
    let result = try ProcessRunner.run(
      FixturePaths.binary,
      ["render", FixturePaths.photos.path, "-o", output, "--preset", preset, "--dpi", "30", "-q"])
    #expect(result.status == 0, "stderr: \(result.standardError)")
    #expect(try !FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }
}
