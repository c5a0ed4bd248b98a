import SheetLayout
import TestSupport
import Testing

@testable import SheetText

/// Markup Pango refuses is drawn as plain text, tags and all; the fast path must measure the
/// same text the engine draws, so it leaves such captions to Pango.
@Suite("caption fast path and markup Pango refuses")
struct FastPathMarkupTests {
  @Test("unclosed, unterminated and misnested tags and entities measure as Pango measures them")
  func refusedMarkup() throws {
    let engine = try TextEngine(fonts: .testFonts)
    let measurer = FastTextMeasurer(engine: try TextEngine(fonts: .testFonts))
    let style = TextStyle(font: "DejaVu Sans 8", isMarkup: true, maxLines: 0)
    let width = 60.0
    let captions = [
      "<b>Linen shirt in a long name",
      "Linen shirt in a long name <b",
      "<b><i>Linen shirt</b> in a long name</i>",
      "Linen shirt in a long name &amp",
      "<b>Linen shirt</b> in a long name",
    ]
    for caption in captions {
      let fast = measurer.measure(caption, style: style, width: width)
      let pango = engine.measure(caption, style: style, width: width)
      #expect(fast.lineCount == pango.lineCount && fast.height == pango.height, "\(caption)")
    }
    // The model reads only the well-formed caption; the others are left to Pango.
    let parsed = captions.map { CaptionText.parse($0, isMarkup: true) != nil }
    #expect(parsed == [false, false, false, false, true])
  }
}
