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
  private func render(links: Bool, pages: [Int]? = nil, shadows: Bool = true, name: String) throws -> String {
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
    if !shadows { renderer.style.shadow = nil }
    _ = try renderer.render(try fixture.document(cards), to: output)
    return output
  }

  @Test("a PDF with links is Cairo's file, byte for byte, with an update appended")
  func linksAppended() throws {
    // Without shadows, Cairo's file needs nothing (see `repeatedNames` for what they need).
    let plain = try Data(
      contentsOf: URL(fileURLWithPath: try render(links: false, shadows: false, name: "plain")))
    let linkedPath = try render(links: true, shadows: false, name: "linked")
    let linked = try Data(contentsOf: URL(fileURLWithPath: linkedPath))
    #expect(linked.count > plain.count)
    #expect(linked.prefix(plain.count) == plain)
    try PDFCheck.requireValid(linkedPath)
    #expect(try PDFLinks.uris(linkedPath).count == 5)
  }

  @Test("the names Cairo repeats in a page's resources are written once, links or not")
  func repeatedNames() throws {
    // Cards of one size share a shadow image, which Cairo 1.16 names again in the page's
    // resources for each card: qpdf --check warns of each repeated name left in the file.
    try PDFCheck.requireValid(try render(links: false, name: "shadows"))
    let linked = try render(links: true, name: "shadows-linked")
    try PDFCheck.requireValid(linked)
    #expect(try PDFLinks.uris(linked).count == 5)
  }

  @Test("cards of one size share one shadow image")
  func oneShadowImage() throws {
    var fixture = SheetFixture()
    fixture.options.page = .paper(width: 400, height: 400)
    fixture.options.mode = .grid
    let cards = (0..<6).map { _ in SheetFixture.Card(FixturePaths.photo("rocket.jpg")) }
    let output = try FixturePaths.temporaryFolder("shadow-images").appendingPathComponent("sheet.pdf").path
    _ = try SheetRenderer().render(try fixture.document(cards), to: output)
    try PDFCheck.requireValid(output)
    // `pdfimages -list` lists each image drawn, with its object number: each photo, and six
    // times one shadow (an RGB image with its soft mask). Drawn slice by slice through a
    // mask, each card's shadow was 36 objects of its own.
    let rows = try ProcessRunner.run("pdfimages", ["-list", output]).standardOutput.split(separator: "\n")
    let drawn = rows.dropFirst(2).map { $0.split(separator: " ") }.map { (type: $0[2], object: $0[10]) }
    #expect(drawn.filter { $0.type == "smask" }.count == 6)
    #expect(Set(drawn.filter { $0.type == "smask" }.map(\.object)).count == 1)
    #expect(Set(drawn.filter { $0.type == "image" }.map(\.object)).count == 7)
  }

  @Test("pages outside the document or out of order are refused")
  func badSelections() throws {
    #expect(throws: RenderError.self) { try render(links: false, pages: [0, 40], name: "beyond") }
    #expect(throws: RenderError.self) { try render(links: false, pages: [1, 0], name: "order") }
    #expect(throws: RenderError.self) { try render(links: false, pages: [], name: "none") }
  }
}
