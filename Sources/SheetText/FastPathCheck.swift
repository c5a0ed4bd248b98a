import Foundation
import SheetLayout
import SheetSupport

/// Checks ``FastTextMeasurer`` against Pango's full layout on random captions of every script
/// (Latin, accented Latin, CJK, kana, Hangul, Arabic, Hebrew, Devanagari, Thai, mixed; and
/// as a shop's catalog mixes them: Arabic, Hebrew or CJK words among Latin ones, with
/// product numbers and prices), with
/// markup, entities, numbers bound by no-break spaces, hyphens, punctuation, several
/// paragraphs, and line limits from none to three, at many widths. The same seed gives the
/// same captions. `benchmarks/run-scale` runs it on 100,000 captions; the test suite on a few
/// thousand.
package struct FastPathCheck {
  /// What a check found.
  package struct Result: Sendable {
    /// Captions compared.
    package var checked = 0
    /// Of them, answered by the fast path (the rest went to Pango's full layout).
    package var fast = 0
    /// Captions whose line count, height or truncation differ from Pango's.
    package var mismatches = 0
    /// Paragraphs whose break opportunities ``LineBreaks`` found from its own table, compared
    /// with Pango's.
    package var breaksChecked = 0
    /// Of them, those whose opportunities differ from Pango's.
    package var breakMismatches = 0
    /// The first few mismatches, described.
    package var examples: [String] = []
  }

  /// The fonts both measurers use.
  package var fonts: FontSet

  /// A check over `fonts`.
  package init(fonts: FontSet) {
    self.fonts = fonts
  }

  /// Compares both measurers on `count` captions from `seed`.
  package func run(count: Int, seed: UInt64) throws -> Result {
    let pango = try TextEngine(fonts: fonts)
    let fast = FastTextMeasurer(engine: try TextEngine(fonts: fonts))
    var random = SeededRandom(seed: seed)
    var result = Result()
    for _ in 0..<count {
      let (text, style, width) = Self.sample(&random)
      let reference = pango.measure(text, style: style, width: width)
      let measured = fast.fastMeasure(text, style: style, width: width)
      result.checked += 1
      for paragraph in CaptionText.parse(text, isMarkup: style.isMarkup)?.paragraphs ?? [] {
        guard let simple = LineBreaks.simpleSegments(of: paragraph) else { continue }
        result.breaksChecked += 1
        let pango = LineBreaks.pangoSegments(of: paragraph)
        let same =
          simple.count == pango.count
          && zip(simple, pango).allSatisfy {
            $0.start == $1.start && $0.end == $1.end && $0.insertsHyphen == $1.insertsHyphen
          }
        if !same {
          result.breakMismatches += 1
          if result.examples.count < 10 {
            result.examples.append(
              "break opportunities of “\(String(String.UnicodeScalarView(paragraph)))” differ from Pango's")
          }
        }
      }
      guard let measured else { continue }
      result.fast += 1
      if measured.lineCount != reference.lineCount || measured.height != reference.height
        || measured.isTruncated != reference.isTruncated
      {
        result.mismatches += 1
        if ProcessInfo.processInfo.environment["PANGO_CHECK_DEBUG"] != nil {
          for line in pango.lines(text, style: style, width: width) {
            print("  pango line \(line.height): \(line.text)")
          }
        }
        if result.examples.count < 10 {
          result.examples.append(
            "“\(text)” in \(style.font), \(style.maxLines) lines at \(width) pt: fast \(measured.lineCount) lines \(measured.height) pt\(measured.isTruncated ? " cut" : ""), Pango \(reference.lineCount) lines \(reference.height) pt\(reference.isTruncated ? " cut" : "")"
          )
        }
      }
    }
    return result
  }

  private static let words: [[String]] = [
    // Latin, with kerning pairs and hyphenated words.
    "lamp chair table oak ash walnut linen wool brass copper steel glass stone price size colour hand-made limited edition new classic modern rustic AVATAR Tokyo WAVY llama office affine Type Yellow"
      .split(separator: " ").map(String.init),
    // Accented Latin.
    "café naïve Łódź señor größe façade déjà crème brûlée smörgåsbord jalapeño über résumé piñata Ærø Øresund quatre-vingt-dix élan bœuf Ελλάδα Москва"
      .split(separator: " ").map(String.init),
    // CJK, kana and Hangul.
    "東京 大阪 京都 写真 商品 椅子 机 灯り 木製 真鍮 北京 上海 茶杯 花瓶 书架 沙发 경주 서울 의자 カメラ ひらがな 東京タワー".split(separator: " ").map(
      String.init),
    // Arabic and Hebrew.
    "مرحبا كرسي طاولة مصباح خشب نحاس زجاج حجر جديد كلاسيكي حديث שלום כיסא שולחן מנורה".split(separator: " ")
      .map(String.init),
    // Devanagari and Thai.
    "नमस्ते कुर्सी मेज़ दीपक สวัสดี เก้าอี้ โต๊ะ โคมไฟ".split(separator: " ").map(String.init),
    // Numbers, prices, punctuation.
    "#000123 12,50 €\u{00A0}630,00 25\u{00A0}cm ISO\u{00A0}100 1/250 (new) “quoted” it’s 50% $12 £8 x: a; b, c. 2024-05-13 IMG_0042.jpg — – …"
      .split(separator: " ").map(String.init),
  ]

  /// One random caption, style and width.
  static func sample(_ random: inout SeededRandom) -> (String, TextStyle, Double) {
    let mix = random.int(0...13)
    var paragraphs: [String] = []
    for _ in 0..<(random.int(0...9) == 0 ? 2 : 1) {
      var parts: [String] = []
      for _ in 0..<random.int(1...40) {
        let pool: [String]
        switch mix {
        case 0...5: pool = words[min(mix, 5)]
        // As in a shop's catalog: right-to-left or CJK words among Latin ones, half and half.
        case 10, 11: pool = words[random.int(0...1) == 0 ? 3 : random.int(0...1)]
        case 12: pool = words[random.int(0...1) == 0 ? 2 : random.int(0...1)]
        case 13: pool = words[[0, 1, 2, 3][random.int(0...3)]]
        default: pool = words[random.int(0...words.count - 1)]
        }
        var word = pool[random.int(0...pool.count - 1)]
        if random.int(0...29) == 0 { word = words[5][random.int(0...words[5].count - 1)] }
        parts.append(word)
      }
      if mix >= 10 {
        // A product number and a price, as the catalog benchmark writes them.
        parts.insert("#\(random.int(0...999_999))", at: random.int(0...parts.count))
        if random.int(0...2) == 0 { parts.append("€\u{00A0}\(random.int(5...1999)),\(random.int(10...99))") }
      }
      let separator = random.int(0...19) == 0 ? "  " : " "
      paragraphs.append(parts.joined(separator: separator))
    }
    var text = paragraphs.joined(separator: "\n")
    let isMarkup = random.int(0...1) == 0
    if isMarkup {
      text = Markup.escape(text)
      switch random.int(0...5) {
      case 0: text = "<b>" + text + "</b>"
      case 1: text = "<i>" + text + "</i>"
      case 2:
        if let space = text.firstIndex(of: " ") { text = "<b>" + text[..<space] + "</b>" + text[space...] }
      default: break
      }
    }
    if random.int(0...49) == 0 { text = " " + text }
    let fonts = ["DejaVu Sans 7", "DejaVu Sans 9", "Sans Bold 8", "DejaVu Serif 7.5"]
    let style = TextStyle(
      font: fonts[random.int(0...fonts.count - 1)], isMarkup: isMarkup, maxLines: random.int(0...3))
    let width = [40.0, 72.5, 96, 123.25, 125.5, 150, 210, 300][random.int(0...7)] + random.double(0...8)
    return (text, style, width)
  }
}
