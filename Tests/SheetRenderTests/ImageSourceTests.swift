import Foundation
import SheetImages
import SheetLayout
import SheetRender
import SheetText
import TestSupport
import Testing

/// Pictures reach the renderer as sources: files, pixels in memory, and sources of a caller's
/// own, each drawn through the same page loop, cache and resampling.
@Suite("Image sources")
struct ImageSourceTests {
  /// A source of the caller's own (as a video frame will be): a picture made on request,
  /// counting what the renderer asks for; or failing with `failure`.
  final class MadeSource: ImageSource, @unchecked Sendable {
    let name: String
    let failure: String?
    private let lock = NSLock()
    private var requested: [PixelSize] = []

    init(name: String, failure: String? = nil) {
      self.name = name
      self.failure = failure
    }

    var identity: String { "made \(name)" }
    var requests: [PixelSize] { lock.withLock { requested } }

    func pixelSize() throws -> PixelSize { PixelSize(width: 400, height: 200) }

    func image(forCard placed: PixelSize, context: DecodeContext) throws -> DecodedImage {
      lock.withLock { requested.append(placed) }
      if let failure { throw ImageError(path: name, reason: failure) }
      // Blue on the left half, yellow on the right: which side is where shows the orientation.
      var image = RasterImage(width: 400, height: 200, fill: (b: 255, g: 0, r: 0, a: 255))
      for row in 0..<200 {
        for column in 200..<400 {
          let at = (row * 400 + column) * 4
          image.pixels.replaceSubrange(at..<(at + 4), with: [0, 255, 255, 255])
        }
      }
      return DecodedImage(image: image, warnings: ["made, not read"])
    }
  }

  /// A one-card-per-source document with pinned fonts, each card 2:1.
  private func document(_ sources: [any ImageSource]) throws -> SheetDocument {
    let options = LayoutOptions(
      page: .continuous(width: 300), margins: EdgeInsets(all: 10), columns: .count(2), gutter: 10, rowGap: 10,
      padding: 0, captionStyle: TextStyle(font: "DejaVu Sans 7", maxLines: 1))
    let entries = sources.map { _ in
      LayoutEntry.item(LayoutItem(pixelWidth: 400, pixelHeight: 200, caption: ""))
    }
    let layout = try WaterfallLayout(options: options).layout(
      entries, measurer: try TextEngine(fonts: .testFonts))
    return SheetDocument(layout: layout, items: sources.map { RenderItem(source: $0) })
  }

  /// The pixel (B, G, R) at the centre of `rect`'s left or right quarter in a PNG page drawn at 72 dpi.
  private func colour(_ png: String, _ rect: Rect, right: Bool) throws -> [UInt8] {
    let page = try PixelFile.decode(path: png)
    let x = Int(rect.x + rect.width * (right ? 0.75 : 0.25))
    let y = Int(rect.y + rect.height / 2)
    let at = y * page.stride + x * 4
    return Array(page.pixels[at..<(at + 3)])
  }

  @Test(
    "pixels in memory and a source of the caller's own are drawn as their cards; a failing source is a placeholder naming it"
  )
  func sourcesAreDrawn() throws {
    let red = RasterImageSource(
      RasterImage(width: 40, height: 20, fill: (b: 0, g: 0, r: 255, a: 255)), name: "red")
    let made = MadeSource(name: "clip.mp4 at 0:12")
    let broken = MadeSource(name: "clip.mp4 at 9:99", failure: "the clip is shorter")
    let document = try document([red, made, broken])
    let cards = document.layout.pages[0].elements.filter { $0.kind == .card }.compactMap(\.image)
    let folder = try FixturePaths.temporaryFolder()
    let output = folder.appendingPathComponent("sheet.png").path
    var warnings: [ImageError] = []
    var imageWarnings: [ImageError] = []
    var renderer = SheetRenderer(
      style: RenderStyle(cornerRadius: 0, shadow: nil), output: OutputSettings(dpi: 72))
    renderer.onImageWarning = { imageWarnings.append($0) }
    let written = try renderer.render(document, to: output) { warnings.append($0) }
    #expect(written == [output])
    #expect(cards.count == 3)
    #expect(try colour(output, cards[0], right: false) == [0, 0, 255])
    #expect(try colour(output, cards[1], right: false) == [255, 0, 0])
    #expect(try colour(output, cards[1], right: true) == [0, 255, 255])
    // Asked for the card's size in pixels (130 pt wide at 72 dpi), not the picture's own.
    #expect(made.requests.count == 1 && made.requests[0].width == Int(cards[1].width.rounded()))
    #expect(warnings.map(\.path) == ["clip.mp4 at 9:99"] && warnings.first?.reason == "the clip is shorter")
    #expect(
      imageWarnings.map(\.path) == ["clip.mp4 at 0:12"] && imageWarnings.first?.reason == "made, not read")
  }

  @Test("a source's pixels over the limit are refused by name; items compare by the source's identity")
  func limitAndIdentity() throws {
    let big = RasterImageSource(
      RasterImage(width: 40, height: 20, fill: (b: 0, g: 0, r: 255, a: 255)), name: "big")
    var context = DecodeContext(maxPixels: 799)
    let error = #expect(throws: ImageError.self) {
      _ = try big.image(forCard: PixelSize(width: 4, height: 2), context: context)
    }
    #expect(error?.path == "big" && error?.reason.contains("40×20 is 800 pixels") == true)
    context.maxPixels = 800
    #expect(try big.image(forCard: PixelSize(width: 4, height: 2), context: context).image.width == 40)
    let same = RasterImageSource(
      RasterImage(width: 40, height: 20, fill: (b: 0, g: 0, r: 255, a: 255)), name: "other name")
    let other = RasterImageSource(RasterImage(width: 40, height: 20, fill: (b: 0, g: 1, r: 255, a: 255)))
    #expect(RenderItem(source: big) == RenderItem(source: same))
    #expect(RenderItem(source: big) != RenderItem(source: other))
    #expect(RenderItem(path: "a.jpg") == RenderItem(source: FileImageSource(path: "a.jpg")))
    #expect(RenderItem(path: "a.jpg").path == "a.jpg" && RenderItem(source: big).path == nil)
  }

  @Test("--ppi original keeps a source's own pixels in a PDF")
  func originalPixels() throws {
    let red = RasterImageSource(RasterImage(width: 40, height: 20, fill: (b: 0, g: 0, r: 255, a: 255)))
    let folder = try FixturePaths.temporaryFolder()
    let output = folder.appendingPathComponent("sheet.pdf").path
    _ = try SheetRenderer(output: OutputSettings(ppi: nil)).render(try document([red]), to: output)
    let listing = try ProcessRunner.run("pdfimages", ["-list", output]).standardOutput
    let rows = listing.split(separator: "\n").dropFirst(2).map { $0.split(separator: " ") }
    #expect(rows.contains { $0.count > 4 && $0[3] == "40" && $0[4] == "20" }, "\(listing)")
  }
}
