import Foundation
import SheetImages
import SheetLayout
import TestSupport
import Testing

@testable import SheetRender

@Suite("Decode pipeline and failures")
struct PipelineTests {
  @Test("results come back in order, and workers never run more than the window ahead")
  func orderAndWindow() {
    let jobs = (0..<60).map {
      ImageJob(
        source: FileImageSource(path: "/nonexistent/\($0).jpg"), pixelSize: PixelSize(width: 8, height: 8),
        isEmbedded: false,
        maxPixels: .max, jpegQuality: 90)
    }
    let pipeline = DecodePipeline(jobs: jobs, workers: 4, window: 5)
    for index in jobs.indices {
      guard case .failed(let error) = pipeline.take(index) else {
        Issue.record("job \(index) did not fail")
        continue
      }
      #expect(error.path == "/nonexistent/\(index).jpg" && error.reason == "file not found")
    }
    #expect(pipeline.peakAhead <= 5)
  }

  @Test("a page drawn in bands of 50 rows has exactly the pixels of one drawn at once")
  func bands() throws {
    let cards = ["rocket.jpg", "coffee.png", "grace_hopper.jpg", "horse.png", "chelsea.png", "coins.png"].map
    {
      SheetFixture.Card(FixturePaths.photo($0), section: $0.hasSuffix("png") ? "PNG" : "JPEG")
    }
    var fixture = SheetFixture()
    fixture.options.header = PageMarginText(text: "{title} {page}")
    let document = try fixture.document(cards)
    let folder = try FixturePaths.temporaryFolder()
    var renderer = SheetRenderer(output: OutputSettings(dpi: 144))
    let whole = folder.appendingPathComponent("whole.png").path
    _ = try renderer.render(document, to: whole)
    renderer.rasterBandRows = 50
    let banded = folder.appendingPathComponent("banded.png").path
    _ = try renderer.render(document, to: banded)
    let expected = try ImageReader.decode(path: whole)
    #expect(expected.height > 300)
    #expect(try ImageReader.decode(path: banded).pixels == expected.pixels)
  }

  @Test("--strict: an image that fails to decode stops rendering and nothing is written")
  func strict() throws {
    let fixture = SheetFixture()
    let document = try fixture.document([
      SheetFixture.Card(FixturePaths.photo("rocket.jpg")),
      SheetFixture.Card(SheetFixture.fixture("formats/truncated.png")),
    ])
    let folder = try FixturePaths.temporaryFolder()
    for ext in ["pdf", "png"] {
      var renderer = SheetRenderer()
      renderer.stopOnImageFailure = true
      #expect(throws: ImageError.self) {
        try renderer.render(document, to: folder.appendingPathComponent("out.\(ext)").path)
      }
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }

  @Test("without --strict the failure is a warning naming the file and the reason")
  func warning() throws {
    let fixture = SheetFixture()
    let document = try fixture.document([SheetFixture.Card(SheetFixture.fixture("formats/truncated.png"))])
    let output = try FixturePaths.temporaryFolder().appendingPathComponent("out.png").path
    var warnings: [ImageError] = []
    _ = try SheetRenderer().render(document, to: output) { warnings.append($0) }
    #expect(
      warnings.count == 1 && warnings[0].path.hasSuffix("truncated.png")
        && warnings[0].reason.contains("truncated"))
  }

  @Test("a truncated JPEG is drawn as far as it decoded, and its warning reaches onImageWarning")
  func partialImage() throws {
    let fixture = SheetFixture()
    let document = try fixture.document([SheetFixture.Card(SheetFixture.fixture("formats/truncated.jpg"))])
    let output = try FixturePaths.temporaryFolder().appendingPathComponent("out.png").path
    var failures: [ImageError] = []
    let notes = WarningBox()
    var renderer = SheetRenderer()
    renderer.onImageWarning = { notes.errors.append($0) }
    _ = try renderer.render(document, to: output) { failures.append($0) }
    #expect(failures.isEmpty)
    #expect(
      notes.errors.count == 1 && notes.errors[0].path.hasSuffix("truncated.jpg")
        && notes.errors[0].reason.contains("the part that decoded is shown"))
  }

  @Test("an image over --max-pixels becomes a placeholder without being decoded")
  func pixelLimit() throws {
    let fixture = SheetFixture()
    let document = try fixture.document([SheetFixture.Card(SheetFixture.fixture("formats/huge.png"))])
    let output = try FixturePaths.temporaryFolder().appendingPathComponent("out.png").path
    var warnings: [ImageError] = []
    _ = try SheetRenderer(style: RenderStyle()).render(document, to: output) {
      warnings.append($0)
    }
    #expect(warnings.count == 1 && warnings[0].reason.contains("--max-pixels"))
  }

  @Test("header and footer templates expand their fields; '|' splits left, centre and right")
  func templates() {
    let fields = PageTemplate(
      title: "Trip", page: 2, pages: 5, date: Date(timeIntervalSince1970: 946_684_800))
    #expect(
      fields.expand("{title}: page {page} of {pages}, {date} {other}")
        == "Trip: page 2 of 5, 2000-01-01 {other}")
    #expect(fields.parts("{title}||{date}").map(\.text) == ["Trip", "2000-01-01"])
    #expect(fields.parts("{title}||{date}").map(\.alignment) == [.left, .right])
    #expect(fields.parts("a|b|c").map(\.alignment) == [.left, .center, .right])
    #expect(fields.parts("{page}").map(\.alignment) == [.center])
  }
}

/// Warnings collected from the renderer's callback.
private final class WarningBox: @unchecked Sendable {
  var errors: [ImageError] = []
}
