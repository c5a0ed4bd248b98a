import Foundation
import SheetImages
import SheetLayout
import SheetRender
import TestSupport
import Testing

/// PDF output checked by its structure (poppler's command-line tools) and by a rasterised page.
@Suite("PDF output")
struct PDFOutputTests {
  let info = DocumentInfo(
    title: "Structure test", author: "A. Author", subject: "Render tests", keywords: "golden, pdf",
    creationDate: SheetFixture.fixedDate)

  var cards: [SheetFixture.Card] {
    [
      SheetFixture.Card(
        FixturePaths.photo("rocket.jpg"), section: "Launches", link: "https://example.com/rocket?a=1&b='2'"),
      SheetFixture.Card(FixturePaths.photo("grace_hopper.jpg"), section: "Launches"),
      SheetFixture.Card(
        SheetFixture.fixture("pngsuite/basn6a08.png"), caption: "with alpha", section: "Kinds"),
      SheetFixture.Card(FixturePaths.photo("coffee.png"), section: "Kinds"),
    ]
  }

  private func render(_ output: OutputSettings = OutputSettings(), name: String = #function) throws -> String
  {
    var fixture = SheetFixture()
    fixture.options.page = .paper(width: 360, height: 300)
    fixture.options.footer = PageMarginText(text: "{title} · {page}/{pages}")
    let path = try FixturePaths.temporaryFolder(name).appendingPathComponent("sheet.pdf").path
    _ = try SheetRenderer(output: output).render(try fixture.document(cards, info: info), to: path)
    return path
  }

  /// `pdfimages -list` rows as (type, width, height, encoding, x-ppi).
  private func images(_ path: String) throws -> [(
    type: String, width: Int, height: Int, encoding: String, ppi: Int
  )] {
    let listing = try ProcessRunner.run("pdfimages", ["-list", path]).standardOutput
    return listing.split(separator: "\n").dropFirst(2).map { line in
      let fields = line.split(separator: " ").map(String.init)
      return (fields[2], Int(fields[3])!, Int(fields[4])!, fields[8], Int(fields[12]) ?? 0)
    }
  }

  @Test("metadata, pages and a reproducible creation date")
  func metadata() throws {
    let fields = try ProcessRunner.pdfInfo(try render())
    #expect(fields["Title"] == "Structure test")
    #expect(fields["Author"] == "A. Author")
    #expect(fields["Subject"] == "Render tests")
    #expect(fields["Keywords"] == "golden, pdf")
    #expect(fields["Creator"] == "ContactSheet")
    #expect(fields["CreationDate"]?.contains("2000") == true)
    #expect(Int(fields["Pages"] ?? "") ?? 0 >= 1)
  }

  @Test("one bookmark per section pointing at its banner, and a link on the linked card")
  func outlineAndLinks() throws {
    let bytes = try String(decoding: Data(contentsOf: URL(fileURLWithPath: try render())), as: UTF8.self)
    #expect(bytes.contains("/Outlines"))
    #expect(bytes.contains("/Title (Launches)") && bytes.contains("/Title (Kinds)"))
    #expect(bytes.components(separatedBy: "/Dest [").count - 1 == 2)
    #expect(bytes.contains("/URI (https://example.com/rocket?a=1&b='2')"))
    #expect(bytes.components(separatedBy: "/Subtype /Link").count - 1 == 1)
  }

  @Test(
    "opaque photos are embedded as JPEG at 300 ppi, images with alpha losslessly with a soft mask, none enlarged"
  )
  func imageEncodings() throws {
    let rows = try images(try render())
    let photos = rows.filter { $0.type == "image" && $0.encoding == "jpeg" }
    #expect(photos.count == 3)
    #expect(photos.allSatisfy { abs($0.ppi - 300) <= 1 })
    // basn6a08.png is 32×32: embedded as it is, not enlarged to 300 ppi.
    let alpha = rows.filter {
      $0.type == "image" && $0.encoding != "jpeg" && $0.width == 32 && $0.height == 32
    }
    #expect(alpha.count == 1)
    #expect(rows.contains { $0.type == "smask" && $0.width == alpha.first?.width })
    // Shadows: an image with its soft mask per card size, at the photos' 300 ppi (within the 2%
    // a shared image is stretched by to fit a card up to a point larger or smaller; so that a
    // preflight's minimum finds nothing to flag), as wide as a card and its blur: never a
    // page-sized raster (the page is 360 points wide).
    let shadows = rows.filter { $0.encoding != "jpeg" && $0.width != alpha.first?.width }
    #expect(!shadows.isEmpty)
    #expect(shadows.allSatisfy { abs($0.ppi - 300) <= 6 && $0.width < 360 * 300 / 72 })
  }

  @Test(
    "--ppi 150 halves the embedded size; --ppi original embeds an untagged JPEG file's own bytes and converts one with a profile"
  )
  func ppi() throws {
    let half = try images(try render(OutputSettings(ppi: 150))).filter { $0.encoding == "jpeg" }
    #expect(!half.isEmpty && half.allSatisfy { abs($0.ppi - 150) <= 1 })
    let original = try render(OutputSettings(ppi: nil))
    let rows = try images(original).filter { $0.encoding == "jpeg" }
    #expect(rows.contains { $0.width == 640 && $0.height == 427 })
    let folder = URL(fileURLWithPath: original).deletingLastPathComponent()
    _ = try ProcessRunner.run("pdfimages", ["-j", original, folder.appendingPathComponent("x").path])
    let extracted = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
      $0.hasSuffix(".jpg")
    }
    let embedded = try extracted.map { try Data(contentsOf: folder.appendingPathComponent($0)) }
    // grace_hopper.jpg has no profile: its bytes go in as they are. rocket.jpg is Adobe RGB:
    // PDF viewers ignore a JPEG's own profile, so it is decoded, converted to sRGB and re-encoded
    // at its full size (the 640×427 row above).
    let hopper = try Data(contentsOf: URL(fileURLWithPath: FixturePaths.photo("grace_hopper.jpg")))
    let rocket = try Data(contentsOf: URL(fileURLWithPath: FixturePaths.photo("rocket.jpg")))
    #expect(embedded.contains(hopper))
    #expect(!embedded.contains(rocket))
  }

  @Test("fonts are embedded")
  func fonts() throws {
    let listing = try ProcessRunner.run("pdffonts", [try render()]).standardOutput
    let rows = listing.split(separator: "\n").dropFirst(2)
    #expect(!rows.isEmpty)
    #expect(rows.allSatisfy { $0.contains(" yes ") && !$0.contains("Type 3") })
  }

  @Test("the first page rasterised by poppler matches its golden (channel tolerance 2)")
  func rasterisedPage() throws {
    let pdf = try render()
    let stem = URL(fileURLWithPath: pdf).deletingPathExtension().path
    let result = try ProcessRunner.run(
      "pdftoppm", ["-png", "-r", "96", "-f", "1", "-l", "1", "-singlefile", pdf, stem])
    #expect(result.status == 0)
    try Golden.check(stem + ".png", named: "render-pdf-page", channelTolerance: 2)
  }

  @Test("the same document gives byte-identical PDFs, outline, links and footer included")
  func deterministic() throws {
    let first = try Data(contentsOf: URL(fileURLWithPath: try render(name: "first")))
    let second = try Data(contentsOf: URL(fileURLWithPath: try render(name: "second")))
    #expect(first == second)
  }
}
