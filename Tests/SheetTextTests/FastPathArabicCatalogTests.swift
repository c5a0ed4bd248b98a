import SheetLayout
import TestSupport
import Testing

@testable import SheetText

/// The cases a shop's catalog with Arabic words among Latin ones sends to the fast path
/// (`benchmarks/run-scale`'s captions): ellipsized lines mixing directions, and product numbers
/// and prices right after Arabic words; and the caches and tables the fast path reads on every
/// caption.
@Suite("caption fast path: Arabic words among Latin ones, numbers after them, and its tables")
struct FastPathArabicCatalogTests {
  /// Arabic words among Latin ones, two lines at most, so the second is ellipsized: in a font
  /// that has Arabic (DejaVu Sans) nothing on the line is taller than the ellipsis, so the line
  /// is as tall as the ellipsis wherever Pango cuts it, and the model answers.
  @Test("ellipsized lines mixing directions, in a font that has both scripts")
  func ellipsizedMixedLines() throws {
    let captions = [
      "façade حجر مصباح حجر خشب خشب colour حجر حجر table naïve wool نحاس brass كلاسيكي نحاس élan طاولة",
      "<b>bœuf colour جديد خشب زجاج زجاج vu table new كرسي كلاسيكي كلاسيكي piñata limited زجاج über</b>",
      "مرحبا كرسي walnut table طاولة مصباح oak ash زجاج حجر lamp chair",
    ]
    let result = try FastPathAgreement.compare(
      captions, fonts: ["DejaVu Sans 7", "DejaVu Sans Bold 8"], lines: [1, 2],
      widths: stride(from: 40.0, through: 160, by: 1.3))
    // Before this rule an ellipsized line mixing directions always went to Pango.
    #expect(result.answered * 2 > result.compared, "answered \(result.answered) of \(result.compared)")
  }

  /// A font without Arabic (DejaVu Serif): the Arabic words fall back to a taller font, so
  /// what Pango keeps visible sets the line's height; the model must leave those to Pango or
  /// agree with it.
  @Test("ellipsized lines mixing directions where Arabic falls back to a taller font")
  func ellipsizedWithFallbackFont() throws {
    let captions = [
      "lamp chair table oak مصباح كرسي طاولة walnut ash linen wool brass copper steel glass stone",
      "<b>linen حجر glass piñata حديث limited rustic résumé chair hand-made chair jalapeño new</b>",
    ]
    _ = try FastPathAgreement.compare(
      captions, fonts: ["DejaVu Serif 7.5"], lines: [1, 2, 3],
      widths: stride(from: 40.0, through: 160, by: 1.7))
  }

  /// Product numbers and prices right after Arabic words: their digits sit a level above the
  /// text around them and take the Arabic word's script; measured after the word's last letter
  /// where that measurement gives them the paragraph's levels.
  @Test("numbers and prices after Arabic words are answered by the fast path, as Pango sets them")
  func numbersAfterArabic() throws {
    let captions = [
      "مرحبا ash كرسي حجر نحاس خشب café كرسي كلاسيكي #000046 مصباح edition مصباح مرحبا حديث price",
      "<b>طاولة #000128 زجاج ash table طاولة حجر</b>",
      "زجاج Ærø نحاس حديث #000171 señor hand-made كرسي خشب €\u{00A0}1447,17",
      "smörgåsbord خشب #000158 خشب نحاس مصباح smörgåsbord مصباح bœuf كلاسيكي حجر حديث jalapeño €\u{00A0}50,51",
    ]
    let result = try FastPathAgreement.compare(
      captions, fonts: ["DejaVu Sans 7", "Sans Bold 8"], lines: [0, 2],
      widths: stride(from: 40.0, through: 220, by: 2.9))
    #expect(result.answered * 2 > result.compared, "answered \(result.answered) of \(result.compared)")
  }

  /// pango-check found these where Arabic falls back to another font (DejaVu Serif): the line
  /// holding the number was taller in Pango than measured after the letter. The model keeps to
  /// the variant's own font there, so it leaves them to Pango (or agrees).
  @Test("numbers after Arabic words in a font without Arabic")
  func numbersAfterArabicInFallbackFont() throws {
    let engine = try TextEngine(fonts: .system)
    let measurer = FastTextMeasurer(engine: try TextEngine(fonts: .system))
    let cases: [(String, Int, Double)] = [
      ("<b>مصباح #3369 Ærø</b>", 3, 44.09806912444846),
      ("<b>طاولة #605861 خشب rustic</b>", 3, 46.54502585979301),
      ("<b>élan שולחן #693277 كلاسيكي € 1901,36</b>", 0, 44.04537520603225),
    ]
    for (caption, maxLines, width) in cases {
      let style = TextStyle(font: "DejaVu Serif 7.5", isMarkup: true, maxLines: maxLines)
      let pango = engine.measure(caption, style: style, width: width)
      let measured = measurer.measure(caption, style: style, width: width)
      #expect(
        measured.lineCount == pango.lineCount && measured.height == pango.height
          && measured.isTruncated == pango.isTruncated, "\(caption): \(measured), Pango \(pango)")
    }
    _ = try FastPathAgreement.compare(
      cases.map(\.0), fonts: ["DejaVu Serif 7.5"], lines: [0, 3],
      widths: stride(from: 40.0, through: 120, by: 0.9))
  }

  @Test("kana, but the small ones and the marks, break as Pango breaks them, from the table")
  func kanaBreaks() throws {
    for text in ["机と写真 ひらがな カメラ", "東京タワー ひらがな", "ちょっと カッコいい", "写真の机 #12 東京"] {
      let paragraph = Array(text.unicodeScalars)
      let pango = LineBreaks.pangoSegments(of: paragraph)
      guard let simple = LineBreaks.simpleSegments(of: paragraph) else {
        // Small kana and the prolonged sound mark are left to Pango.
        #expect(text.unicodeScalars.contains { "ぁぃぅぇぉっゃゅょァィゥェォッャュョー".unicodeScalars.contains($0) }, "\(text)")
        continue
      }
      #expect(simple.map(\.start) == pango.map(\.start), "\(text)")
      #expect(simple.map(\.end) == pango.map(\.end), "\(text)")
    }
    #expect(LineBreaks.simpleSegments(of: Array("机と写真 ひらがな カメラ".unicodeScalars)) != nil)
  }

  @Test("the packed table keeps every key through its growth")
  func packedTable() {
    let table = PackedTable()
    for key in UInt64(1)...5_000 { table.set(key &* 0x1_0000_0001, Int(key) - 2_500) }
    for key in UInt64(1)...5_000 { #expect(table.value(key &* 0x1_0000_0001) == Int(key) - 2_500) }
    #expect(table.value(7) == nil)
    table.set(3 &* 0x1_0000_0001, 42)
    #expect(table.value(3 &* 0x1_0000_0001) == 42)
  }

  @Test("captions are read from their UTF-8 bytes into paragraphs and font variants")
  func captionText() throws {
    let caption = try #require(CaptionText.parse("a<b>é&amp;</b>\n<i>東 😀 ك</i>", isMarkup: true))
    #expect(caption.paragraphs.map { String(String.UnicodeScalarView($0)) } == ["aé&", "東 😀 ك"])
    #expect(
      caption.variants == [[0, CaptionText.bold, CaptionText.bold], [CaptionText.italic, 2, 2, 2, 2]])
    #expect(CaptionText.parse("a<b>é&amp;</b>", isMarkup: false)?.paragraphs.first?.count == 14)
    for refused in [
      "a\n\nb", "a\n", "\nb", "<b>a", "a</b>", "<span>a</span>", "&#65;", "a\tb",
      "\u{928}\u{92E}\u{938}\u{94D}\u{924}\u{947}", "",
    ] {
      #expect(CaptionText.parse(refused, isMarkup: true) == nil, "\(refused)")
    }
  }
}
