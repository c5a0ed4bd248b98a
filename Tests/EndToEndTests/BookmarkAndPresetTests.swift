import Foundation
import SheetCompare
import SheetLayout
import TestSupport
import Testing

@Suite("Sections as PDF bookmarks, and presets, end to end")
struct BookmarkAndPresetTests {
  private let manifests = FixturePaths.fixtures.appendingPathComponent("manifests")

  private func renderPDF(_ arguments: [String]) throws -> String {
    let output = try FixturePaths.temporaryFolder().appendingPathComponent("sheet.pdf").path
    let result = try ProcessRunner.run(FixturePaths.binary, ["render"] + arguments + ["-o", output, "-q"])
    #expect(result.status == 0, "stderr: \(result.standardError)")
    try PDFCheck.requireValid(output)
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
    try #require(pages.count == 2)
    #expect(pages[0] == 1 && pages[1] > 1)
    #expect(try ProcessRunner.pdfInfo(pdf)["Pages"].flatMap(Int.init) ?? 0 >= pages[1])
  }

  @Test("a CSV catalog's --section-column gives one bookmark per section run")
  func csvBookmarks() throws {
    let pdf = try renderPDF([
      manifests.appendingPathComponent("products.csv").path, "--section-column", "category",
    ])
    #expect(try PDFRasterizer(path: pdf).bookmarks.map(\.title) == ["Kitchen", "Posters", "Kitchen"])
  }

  @Test("every preset renders the sample photos")
  func presetsRender() throws {
    for preset in ["proof", "catalog", "pinterest"] {
      let folder = try FixturePaths.temporaryFolder()
      let output = folder.appendingPathComponent("sheet.png").path
      let result = try ProcessRunner.run(
        FixturePaths.binary,
        ["render", FixturePaths.photos.path, "-o", output, "--preset", preset, "--dpi", "30", "-q"])
      #expect(result.status == 0, "\(preset): \(result.standardError)")
      #expect(FileManager.default.fileExists(atPath: output), "\(preset) wrote no single page")
    }
  }

  @Test("each preset's options reach the layout")
  func presetsShapeTheLayout() throws {
    func layout(_ preset: String) throws -> Layout {
      let result = try ProcessRunner.run(
        FixturePaths.binary, ["layout", "--json", FixturePaths.photos.path, "--preset", preset])
      #expect(result.status == 0, "\(preset): \(result.standardError)")
      return try JSONDecoder().decode(Layout.self, from: Data(result.standardOutput.utf8))
    }
    let columns = { (layout: Layout) in Set(layout.pages.flatMap(\.elements).compactMap(\.column)).count }
    #expect(columns(try layout("proof")) == 8)
    #expect(columns(try layout("catalog")) == 3)
    let pinterest = try layout("pinterest")
    #expect(columns(pinterest) == 2 && pinterest.pages.count == 1 && pinterest.pages[0].width == 720)
  }

  @Test("a manifest's caption wins over the preset's")
  func manifestCaptionBeatsPreset() throws {
    let folder = try FixturePaths.temporaryFolder()
    let manifest = folder.appendingPathComponent("m.yaml")
    try Data("caption: \"Manifest {stem}\"\nitems: [\(FixturePaths.photo("coffee.png"))]\n".utf8).write(
      to: manifest)
    let result = try ProcessRunner.run(
      FixturePaths.binary, ["layout", "--json", manifest.path, "--preset", "proof"])
    #expect(result.status == 0, "stderr: \(result.standardError)")
    // The label before the field stays with its value: a no-break space.
    #expect(result.standardOutput.contains("\"caption\" : \"Manifest\u{00A0}coffee\""))
  }
}
