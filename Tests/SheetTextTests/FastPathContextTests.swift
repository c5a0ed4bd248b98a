import SheetLayout
import TestSupport
import Testing

@testable import SheetText

/// Product numbers and prices right after a CJK word: Pango gives their digits and signs the
/// word's script, so its fonts (a CJK font's digits and line height, where the family has no
/// CJK). The fast path measures such a segment after the text from that letter on.
@Suite("caption fast path: digits and signs after CJK words")
struct FastPathContextTests {
  @Test("numbers and prices after CJK words are answered by the fast path, as Pango sets them")
  func numbersAfterCJK() throws {
    let captions = [
      "東京 #001234 lamp 北京 € 630,00",
      "日本 写真 #724868 oak 東京 12,50",
      "<b>木 真 #000042 € 1441,22 linen 花 #9</b>",
      "ひらがな 12,50 写真 #50752 façade 北京 50%",
      "Ελλάδα 2024 Москва #77 table",
    ]
    // Widths from a line per word to one line: breaks fall before, after and at the numbers.
    let (answered, compared) = try FastPathAgreement.compare(
      captions, fonts: ["Sans 9", "DejaVu Serif 7.5"], lines: [0, 2],
      widths: stride(from: 30.0, through: 220, by: 3.7))
    // Before this rule every one of these went to Pango; most must be answered now.
    #expect(answered * 4 > compared, "answered \(answered) of \(compared)")
  }

  /// pango-check found Pango breaking before a CJK word ending in two spaces that a number
  /// follows (Osaka in kanji, two spaces, "#7", at 43.4 pt), where the model fitted the word: such captions
  /// must agree with Pango at every width (the model leaves them to Pango).
  @Test("two spaces before a number after a CJK word")
  func twoSpaces() throws {
    let engine = try TextEngine(fonts: .system)
    let measurer = FastTextMeasurer(engine: try TextEngine(fonts: .system))
    for caption in ["affine  北京  #7", "affine  東京  #724868  € 630,00", "edition  jalapeño  東京タワー  50%"] {
      for width in stride(from: 30.0, through: 130, by: 0.73) {
        for font in ["DejaVu Serif 7.5", "DejaVu Sans 9"] {
          let style = TextStyle(font: font, isMarkup: true, maxLines: 0)
          let pango = engine.measure(caption, style: style, width: width)
          let measured = measurer.measure(caption, style: style, width: width)
          #expect(
            measured.lineCount == pango.lineCount && measured.height == pango.height,
            "\(caption) in \(font) at \(width) pt: \(measured), Pango \(pango)")
        }
      }
    }
  }
}
