import Foundation
import SheetLayout
import SheetRender
import TestSupport
import Testing

/// One golden per drawing feature, compared as decoded pixels. Tolerance: a channel may
/// differ by 2 (rounding in resampling and compositing), and no pixel may differ by more.
@Suite("Drawing features match their goldens")
struct DrawingGoldenTests {
  let sheet = SheetFixture()
  let photos = ["rocket.jpg", "coffee.png", "grace_hopper.jpg"].map {
    SheetFixture.Card(FixturePaths.photo($0))
  }

  @Test("rounded corners with a soft shadow")
  func cornersWithShadow() throws {
    let style = RenderStyle(
      pageBackground: Color(parsing: "#eeeeea")!, cornerRadius: 10,
      shadow: ShadowStyle(blur: 8, offsetX: 0, offsetY: 3, opacity: 0.35))
    try Golden.check(try sheet.renderPNG(photos, style: style), named: "render-corners-shadow")
  }

  @Test("square corners, no shadow, a border")
  func squareWithBorder() throws {
    let style = RenderStyle(
      cornerRadius: 0, shadow: nil, border: Border(width: 1, color: Color(parsing: "#888888")!))
    try Golden.check(try sheet.renderPNG(photos, style: style), named: "render-square-border")
  }

  @Test("captions: markup, an ellipsis at the line limit, right-to-left and CJK text")
  func captions() throws {
    let path = FixturePaths.photo("chelsea.png")
    let cards = [
      SheetFixture.Card(path, caption: "<b>Chelsea</b> the cat, <i>indoors</i>"),
      SheetFixture.Card(
        path,
        caption:
          "A very long caption that goes on and on about the cat, the light, the lens and the afternoon it was taken"
      ),
      SheetFixture.Card(path, caption: "שלום עולם — مرحبا بالعالم"),
      SheetFixture.Card(path, caption: "猫の写真 · 猫咪照片"),
    ]
    try Golden.check(try sheet.renderPNG(cards), named: "render-captions")
  }

  @Test("a banner before its section's cards")
  func banner() throws {
    let cards = [
      SheetFixture.Card(FixturePaths.photo("rocket.jpg"), section: "Launches"),
      SheetFixture.Card(FixturePaths.photo("hubble_deep_field.jpg"), section: "Launches"),
      SheetFixture.Card(FixturePaths.photo("coins.png"), section: "Objects"),
    ]
    try Golden.check(try sheet.renderPNG(cards), named: "render-banner")
  }

  @Test("all eight EXIF orientations come out as the same upright picture")
  func orientations() throws {
    let cards = (1...8).map {
      SheetFixture.Card(
        SheetFixture.fixture("orientation/orientation-\($0).jpg"), caption: "orientation \($0)")
    }
    let output = try sheet.renderPNG(cards)
    try Golden.check(output, named: "render-orientations")
  }

  @Test("placeholder cards say why an image is missing; a truncated or corrupt JPEG shows what decoded")
  func placeholders() throws {
    let cards = ["truncated.jpg", "corrupt.jpg", "not-an-image.jpg", "missing.jpg"].map {
      SheetFixture.Card(SheetFixture.fixture("formats/\($0)"))
    }
    try Golden.check(try sheet.renderPNG(cards), named: "render-placeholders")
  }

  @Test("every PNG kind, transparency over the card")
  func pngKinds() throws {
    var fixture = SheetFixture()
    fixture.options.columns = .count(8)
    fixture.options.page = .continuous(width: 480)
    fixture.options.captionStyle.font = "DejaVu Sans 5"
    let folder = FixturePaths.fixtures.appendingPathComponent("pngsuite")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
      $0.hasSuffix(".png")
    }.sorted()
    let cards = names.map {
      SheetFixture.Card(folder.appendingPathComponent($0).path, caption: String($0.dropLast(4)))
    }
    let style = RenderStyle(cardBackground: Color(parsing: "#d8e8d0")!, cornerRadius: 3)
    try Golden.check(try fixture.renderPNG(cards, style: style), named: "render-pngsuite")
  }

  @Test("header and footer templates on every page")
  func headerAndFooter() throws {
    var fixture = SheetFixture()
    fixture.options.page = .paper(width: 300, height: 220)
    fixture.options.margins = EdgeInsets(all: 24)
    fixture.options.header = PageMarginText(text: "{title}||{date}")
    fixture.options.footer = PageMarginText(text: "Page {page} of {pages}")
    let names = ["rocket.jpg", "coffee.png", "grace_hopper.jpg", "horse.png", "chelsea.png", "coins.png"]
    let cards = (names + names.reversed()).map {
      SheetFixture.Card(FixturePaths.photo($0))
    }
    let folder = try FixturePaths.temporaryFolder()
    let output = folder.appendingPathComponent("page.png").path
    let document = try fixture.document(
      cards, info: DocumentInfo(title: "Header test", creationDate: SheetFixture.fixedDate))
    let written = try SheetRenderer(output: OutputSettings(dpi: 144)).render(document, to: output)
    #expect(written.count == document.layout.pages.count && written.count >= 2)
    try Golden.check(written[0], named: "render-header-footer-1")
    try Golden.check(written[written.count - 1], named: "render-header-footer-last")
  }
}
