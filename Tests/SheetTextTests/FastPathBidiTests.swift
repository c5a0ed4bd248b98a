import SheetLayout
import TestSupport
import Testing

@testable import SheetText

/// The fast path on paragraphs mixing right-to-left words with others, and the character
/// tables it reads instead of Unicode property lookups.
@Suite("caption fast path: mixed directions and character tables")
struct FastPathBidiTests {
  @Test("the character tables agree with Unicode's properties on every character")
  func characterTables() {
    for value in UInt32(0)...0x10FFFF {
      guard let character = Unicode.Scalar(value) else { continue }
      let properties = character.properties
      #expect(CharacterClasses.isWhitespace(character) == properties.isWhitespace, "U+\(value)")
      #expect(CharacterClasses.isAlphabetic(character) == properties.isAlphabetic, "U+\(value)")
      #expect(CharacterClasses.hasOwnScript(character) == (BidiLevels.script(character) != nil), "U+\(value)")
    }
  }

  @Test("bidirectional levels: the paragraph's direction is its first strong character's")
  func levels() {
    #expect(BidiLevels.levels(of: Array("ab كر".unicodeScalars)) == [0, 0, 0, 1, 1])
    #expect(BidiLevels.levels(of: Array("كر ab".unicodeScalars)) == [1, 1, 1, 2, 2])
    // Between two words of the other direction a space takes the paragraph's level.
    #expect(BidiLevels.levels(of: Array("a كر b".unicodeScalars)) == [0, 0, 1, 1, 0, 0])
    #expect(BidiLevels.uniformLevel(of: Array("كرسي ".unicodeScalars)) == 1)
    #expect(BidiLevels.uniformLevel(of: Array("كر 12".unicodeScalars)) == nil)
  }

  /// Captions `pango-check` found where summing the words as measured alone, without the
  /// paragraph's bidirectional runs, differs from Pango (a space between the two directions
  /// set in another font, taller in bold DejaVu Serif; words of the other direction shaped
  /// apart): the model answers them, as Pango does.
  @Test("captions the sum of words measured alone got wrong")
  func knownCaptions() throws {
    let engine = try TextEngine(fonts: .system)
    let measurer = FastTextMeasurer(engine: try TextEngine(fonts: .system))
    let first =
      "<b>modern hand-made quatre-vingt-dix Yellow حجر stone señor affine حجر جديد كلاسيكي جديد Ærø Type "
      + "كرسي زجاج نحاس piñata linen كرسي مصباح Øresund שלום WAVY</b>"
    let second =
      "<b>table stone $12 Øresund quatre-vingt-dix wool שלום affine jalapeño زجاج Ærø über حديث שלום طاولة "
      + "piñata שולחן ash كلاسيكي café jalapeño</b>"
    let cases: [(String, String, Int, Double)] = [
      (first, "DejaVu Serif 7.5", 0, 45.41000654771113),
      (first, "DejaVu Serif 7.5", 0, 44.233753922402705),
      (second, "DejaVu Serif 7.5", 0, 45.41000654771113),
    ]
    for (caption, font, maxLines, width) in cases {
      let style = TextStyle(font: font, isMarkup: true, maxLines: maxLines)
      let fast = try #require(measurer.fastMeasure(caption, style: style, width: width), "\(caption)")
      let pango = engine.measure(caption, style: style, width: width)
      #expect(
        fast.lineCount == pango.lineCount && fast.height == pango.height
          && fast.isTruncated == pango.isTruncated,
        "\(caption): fast \(fast), Pango \(pango)")
    }
  }

  /// Arabic and Hebrew words among Latin ones, in a font without Arabic (DejaVu Serif: the
  /// Arabic words fall back to another font, and the space after them, set alone between
  /// the two directions, does not) and one with it, bold and plain, at every width from 40
  /// to 300 pt by quarter points, with and without a line limit.
  @Test("mixed right-to-left and left-to-right captions measure as Pango measures them")
  func mixedDirections() throws {
    let captions = [
      "lamp مصباح chair كرسي table #000123 oak طاولة brass نحاس",
      "مرحبا كرسي walnut table طاولة مصباح oak ash زجاج حجر",
      "<b>Yellow שלום AVATAR כיסא Type</b> naïve مصباح",
      "كرسي طاولة جديد WAVY llama office affine مرحبا خشب نحاس",
    ]
    let (answered, compared) = try FastPathAgreement.compare(
      captions, fonts: ["DejaVu Serif 7.5", "DejaVu Sans 7", "Sans Bold 8"], lines: [0, 2],
      widths: (160...1_200).lazy.map { Double($0) / 4 })
    // Many widths are answered by the model (close calls and ellipsized lines go to Pango).
    #expect(answered > compared / 2, "\(answered) of \(compared)")
  }

  /// Captions as ContactSheet builds them when they hold right-to-left text: each field's
  /// value between FSI and PDI, each line after a direction mark (U+200E, U+200F).
  @Test("isolated fields and direction marks measure as Pango measures them")
  func isolatesAndMarks() throws {
    let captions = [
      "\u{200F}<b>\u{2068}كرسي خشب بلوط كبير\u{2069}</b>\n\u{200E}\u{2068}€199.00\u{2069} · \u{2068}SKU-123/B\u{2069}",
      "\u{200E}\u{2068}Oak table طاولة\u{2069} · \u{2068}1,299.00 €\u{2069}\n\u{200F}\u{2068}שולחן עץ אלון\u{2069}",
      "\u{200F}\u{2068}מנורה\u{2069}\n\u{200F}\u{2068}₪ 89.90\u{2069}",
      "\u{200E}\u{2067}<b>\u{2068}كرسي خشب بلوط\u{2069}</b>\u{2069}\n\u{200E}\u{2068}€199.00\u{2069}\u{A0}· \u{2068}SKU-1\u{2069}",
      "\u{200F}\u{2068}שולחן\u{2069}\n\u{200F}\u{2066}\u{2068}€199.00\u{2069} · \u{2068}SKU-1\u{2069}\u{2069}",
    ]
    let (_, compared) = try FastPathAgreement.compare(
      captions, fonts: ["DejaVu Sans 7", "Sans Bold 8"], lines: [0, 2],
      widths: (160...800).lazy.map { Double($0) / 4 })
    #expect(compared > 0)
  }
}
