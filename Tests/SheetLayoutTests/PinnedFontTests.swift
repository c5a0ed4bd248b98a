import SheetLayout
import SheetText
import Testing

@Suite("Pinned fonts")
struct PinnedFontTests {
  @Test("colour emoji are scaled to the text size, not drawn at their bitmap size")
  func emojiScaled() throws {
    let engine = try TextEngine(fonts: .pinnedDefault)
    let style = TextStyle(font: "DejaVu Sans 8")
    let plain = engine.measure("Cat photo", style: style, width: 300)
    let withEmoji = engine.measure("Cat 📷 photo", style: style, width: 300)
    #expect(withEmoji.lineCount == 1)
    // Unscaled, the emoji's 109 px bitmap made the line about ten times taller.
    #expect(withEmoji.height < plain.height * 1.6)
    #expect(withEmoji.width < plain.width + 20)
  }
}
