import Foundation
import SheetLayout
import SheetText
import TestSupport
import Testing

/// `--caption-lines N` limits the whole caption: Pango's own limit counts per paragraph, so
/// a three-line template limited to two lines used to show all three.
@Suite("a line limit counts the whole text")
struct CaptionLineLimitTests {
  let engine: TextEngine
  let measurer: FastTextMeasurer

  init() throws {
    engine = try TextEngine(fonts: .testFonts)
    measurer = FastTextMeasurer(engine: try TextEngine(fonts: .testFonts))
  }

  func style(_ lines: Int, markup: Bool = false) -> TextStyle {
    TextStyle(font: "DejaVu Sans 8", isMarkup: markup, maxLines: lines)
  }

  @Test("three hard lines under a limit of two show two, the last ellipsized; no limit shows three")
  func hardLines() {
    let one = engine.measure("first", style: style(0), width: 200)
    let limited = engine.measure("first\nsecond\nthird", style: style(2), width: 200)
    #expect(limited.lineCount == 2)
    #expect(limited.isTruncated)
    #expect(abs(limited.height - 2 * one.height) < 0.01)
    let free = engine.measure("first\nsecond\nthird", style: style(0), width: 200)
    #expect(free.lineCount == 3)
    // Markup and Windows line ends count the same; the fast measurer agrees with Pango.
    for text in ["<b>first</b>\n<i>second</i>\nthird", "first\r\nsecond\r\nthird"] {
      let markup = engine.measure(text, style: style(2, markup: text.hasPrefix("<")), width: 200)
      #expect(markup.lineCount == 2 && markup.isTruncated, "\(text)")
    }
    let fast = measurer.measure("first\nsecond\nthird", style: style(2), width: 200)
    #expect(fast.lineCount == 2 && abs(fast.height - limited.height) < 0.01)
  }

  @Test("a first line that wraps uses up the limit: the rest of the caption is cut")
  func wrappedLines() {
    let text = "a first line long enough to wrap at this narrow width\nsecond"
    let limited = engine.measure(text, style: style(2), width: 80)
    #expect(limited.lineCount == 2)
    #expect(limited.isTruncated)
    let one = engine.measure(text, style: style(1), width: 80)
    #expect(one.lineCount == 1 && one.isTruncated)
  }

  @Test("a line limit of N keeps N lines that fit as they were")
  func fitting() {
    let plain = engine.measure("first\nsecond", style: style(2), width: 200)
    #expect(plain.lineCount == 2 && !plain.isTruncated)
    let free = engine.measure("first\nsecond", style: style(0), width: 200)
    #expect(abs(plain.height - free.height) < 0.01 && abs(plain.width - free.width) < 0.01)
  }

  /// The height of the first card's caption in `contactsheet layout --json`.
  func captionHeight(_ template: String, lines: Int) throws -> Double {
    let result = try ProcessRunner.run(
      FixturePaths.binary,
      [
        "layout", FixturePaths.photo("coffee.png"), "--caption", template, "--caption-lines", "\(lines)",
        "--json",
      ])
    let json = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
    let pages = json?["pages"] as? [[String: Any]]
    let element = (pages?.first?["elements"] as? [[String: Any]])?.first
    return try #require((element?["caption"] as? [String: Any])?["height"] as? Double)
  }

  @Test("the command lays out a card for the limited caption: two lines of three take two lines' room")
  func layoutCommand() throws {
    let limited = try captionHeight("a\\nb\\nc", lines: 2)
    #expect(abs(limited - (try captionHeight("a\\nb", lines: 2))) < 0.01)
    #expect(try captionHeight("a\\nb\\nc", lines: 3) > limited + 5)
  }
}
