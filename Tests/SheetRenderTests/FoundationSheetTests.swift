import Foundation
import SheetLayout
import SheetRender
import SheetText
import TestSupport
import Testing

@Suite("Rendering a small sheet")
struct FoundationSheetTests {
  private func document(fonts: FontSet) throws -> SheetDocument {
    let names = ["rocket.jpg", "coffee.png", "grace_hopper.jpg", "horse.png"]
    let sizes = [(640, 427), (600, 400), (512, 600), (400, 328)]
    let options = LayoutOptions(
      page: .continuous(width: 360), margins: EdgeInsets(all: 12), columns: .count(3), gutter: 8,
      rowGap: 8, padding: 4, captionStyle: TextStyle(font: "DejaVu Sans 7", maxLines: 2))
    let entries = zip(names, sizes).map { name, size in
      LayoutEntry.item(LayoutItem(pixelWidth: size.0, pixelHeight: size.1, caption: name))
    }
    let layout = try WaterfallLayout(options: options).layout(entries, measurer: try TextEngine(fonts: fonts))
    let items = names.map { RenderItem(path: FixturePaths.photo($0)) }
    return SheetDocument(layout: layout, items: items)
  }

  @Test("PNG matches the golden as decoded pixels (channel tolerance 2, no pixel over it)")
  func pngMatchesGolden() throws {
    let folder = try FixturePaths.temporaryFolder()
    let output = folder.appendingPathComponent("sheet.png").path
    let renderer = SheetRenderer(output: OutputSettings(dpi: 144))
    let written = try renderer.render(try document(fonts: .testFonts), to: output)
    #expect(written == [output])
    try Golden.check(output, named: "foundation-sheet", channelTolerance: 2, maxDiffPixels: 0)
  }

  @Test("the same input gives byte-identical PDF and PNG files")
  func deterministic() throws {
    let folder = try FixturePaths.temporaryFolder()
    let renderer = SheetRenderer()
    let sheet = try document(fonts: .testFonts)
    for ext in ["pdf", "png"] {
      let first = folder.appendingPathComponent("a.\(ext)").path
      let second = folder.appendingPathComponent("b.\(ext)").path
      _ = try renderer.render(sheet, to: first)
      _ = try renderer.render(sheet, to: second)
      #expect(FileManager.default.contents(atPath: first) == FileManager.default.contents(atPath: second))
    }
  }
}
