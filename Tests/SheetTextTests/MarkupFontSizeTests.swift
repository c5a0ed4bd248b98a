import Testing

@testable import SheetText

@Suite("The largest font size caption markup asks for")
struct MarkupFontSizeTests {
  @Test(
    "explicit sizes, scales and nested scales are counted once each",
    arguments: [
      ("<b>plain</b>", 0.0),
      ("<span size=\"12pt\">x</span>", 12),
      ("<big>x</big>", 12),
      ("<span size=\"700pt\"><big>x</big></span>", 840),
      ("<span size=\"20pt\"><small>x</small></span>", 20 / 1.2),
      // A size in a font description and one from <small>: the larger, never less than Pango uses.
      ("<span font=\"Sans 20\"><small>x</small></span>", 20),
    ])
  func sizes(markup: String, expected: Double) throws {
    let size = try #require(TextEngine.largestFontSize(inMarkup: markup, baseSize: 10))
    #expect(abs(size - expected) < 0.01, "\(markup): \(size)")
  }

  @Test("sizes FreeType cannot make are found, also from 80 nested <big> (past 32-bit Pango units)")
  func hugeSizes() throws {
    let nested = String(repeating: "<big>", count: 80) + "x" + String(repeating: "</big>", count: 80)
    #expect(try #require(TextEngine.largestFontSize(inMarkup: nested, baseSize: 10)) > 1e6)
    let huge = "<span size=\"2147483647\">x</span>"
    #expect(try #require(TextEngine.largestFontSize(inMarkup: huge, baseSize: 10)) > 1e6)
    #expect(TextEngine.largestFontSize(inMarkup: "<b>open", baseSize: 10) == nil)
  }
}
