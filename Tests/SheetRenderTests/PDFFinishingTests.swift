import Foundation
import SheetLayout
import SheetRender
import TestSupport
import Testing

/// Links are added to the PDF Cairo wrote as an incremental update, never by rewriting it (a
/// rewrite through libqpdf held every object of the file in memory); page selections are
/// checked.
@Suite("PDF finishing and page selections")
struct PDFFinishingTests {
  private func render(links: Bool, pages: [Int]? = nil, name: String) throws -> String {
    var fixture = SheetFixture()
    fixture.options.page = .paper(width: 300, height: 260)
    let cards = ["rocket.jpg", "coffee.png", "chelsea.png", "rocket.jpg", "coffee.png"].enumerated().map {
      SheetFixture.Card(
        FixturePaths.photo($0.element), section: $0.offset < 3 ? "First" : "Second",
        link: links ? "https://example.com/\($0.offset)" : nil)
    }
    let output = try FixturePaths.temporaryFolder(name).appendingPathComponent("sheet.pdf").path
    var renderer = SheetRenderer()
    renderer.pages = pages
    _ = try renderer.render(try fixture.document(cards), to: output)
    return output
  }

  @Test("a PDF with links is Cairo's file, byte for byte, with an update appended")
  func linksAppended() throws {
    let plain = try Data(contentsOf: URL(fileURLWithPath: try render(links: false, name: "plain")))
    let linkedPath = try render(links: true, name: "linked")
    let linked = try Data(contentsOf: URL(fileURLWithPath: linkedPath))
    #expect(linked.count > plain.count)
    #expect(linked.prefix(plain.count) == plain)
    try PDFCheck.requireValid(linkedPath)
    #expect(try PDFLinks.uris(linkedPath).count == 5)
  }

  @Test("pages outside the document or out of order are refused")
  func badSelections() throws {
    #expect(throws: RenderError.self) { try render(links: false, pages: [0, 40], name: "beyond") }
    #expect(throws: RenderError.self) { try render(links: false, pages: [1, 0], name: "order") }
    #expect(throws: RenderError.self) { try render(links: false, pages: [], name: "none") }
  }
}
