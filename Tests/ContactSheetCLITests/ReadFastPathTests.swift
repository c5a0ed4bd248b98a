import Foundation
import SheetSupport
import SheetText
import Testing

@testable import ContactSheetCLI

/// The read phase's fast paths give what the slow paths they stand in for give: checked on
/// random text made of the characters each rule looks at (digits of several scripts, currency
/// symbols, codes and units, combining and format characters, markup, braces).
@Suite("Read phase fast paths")
struct ReadFastPathTests {
  /// Pieces random text is made of: every rule's trigger, and what sits next to one.
  static let pieces = [
    " ", " ", " ", "  ", "5", "0", "123", "1234", "٣", "١٢", "۴", "５", "𝟓", "€", "$", "£", "¥", "₹", "EUR", "USD",
    "BRL", "ISO", "No.", "Nr.", "f/", "No", "f", "mm", "m", "min", "mins", "kg", "kgs", "mAh", "°C", "°F", "°",
    "%", "x", "×", "kHz", "MP", "KB", "kB", ".", ",", "-", "+", "a", "Z", "é", "e", "\u{0301}", "\u{200D}",
    "\u{200C}", "\u{00AD}", "\u{0600}", "_", "東京", "مرحبا", "ك", "ñ", "ß", "<b>", "</b>", "<", ">", "&amp;", "&",
    "'", "\"", "\n", "\r\n", "\t", "{", "}", "{{", "}}", "\\", "\\n", "{name}", "·", "#000123", "\u{00A0}",
  ]

  static func randomText(_ generator: inout SeededRandom, pieces: [String] = pieces, count: Int = 12) -> String {
    (0..<Int(generator.next() % UInt64(count + 1))).map { _ in
      pieces[Int(generator.next() % UInt64(pieces.count))]
    }.joined()
  }

  @Test("the no-break space scanner binds exactly the spaces the three regular expressions bind")
  func noBreakSpacesMatchRegularExpressions() {
    var generator = SeededRandom(seed: 20_261_122)
    var bound = 0
    for _ in 0..<40_000 {
      let text = Self.randomText(&generator)
      let expected = ReferenceNoBreakSpaces.bind(text)
      #expect(NoBreakSpaces.bind(text) == expected, "\(Array(text.unicodeScalars))")
      if expected != text { bound += 1 }
    }
    // The random texts exercise the rules, not only the texts they leave alone.
    #expect(bound > 5000)
  }

  @Test("a caption with no brace or backslash parses as one literal, as reading it character by character does")
  func literalTemplates() throws {
    var generator = SeededRandom(seed: 7)
    let plain = Self.pieces.filter { !$0.contains("{") && !$0.contains("}") && !$0.contains("\\") }
    for _ in 0..<5000 {
      let text = Self.randomText(&generator, pieces: plain)
      #expect(CaptionTemplate.isLiteral(text))
      #expect(CaptionTemplate(literal: text).parts == (try CaptionTemplate.parts(of: text)))
      #expect(CaptionTemplate(literal: text).render { _, _ in nil } == text)
    }
    #expect(!CaptionTemplate.isLiteral("a {name}"))
    #expect(!CaptionTemplate.isLiteral("a\\nb"))
    #expect(!CaptionTemplate.isLiteral("}}"))
  }

  @Test("text without <, > or & is valid markup without asking Pango, as Pango would say")
  func markupFastPath() {
    var generator = SeededRandom(seed: 11)
    let controls = (1..<32).map { String(UnicodeScalar(UInt8($0))) } + ["\u{7F}", "\u{85}", "\u{FEFF}", "\u{FFFF}"]
    for _ in 0..<5000 {
      let text = Self.randomText(&generator, pieces: Self.pieces + controls)
      #expect(CaptionBuilder.isValidMarkup(text) == TextEngine.isValidMarkup(text), "\(Array(text.unicodeScalars))")
    }
  }
}

/// The no-break space rules as they were first written, as ICU regular expressions: the
/// reference the scanner is checked against.
enum ReferenceNoBreakSpaces {
  private static let currencyCodes = "EUR|USD|GBP|CHF|JPY|CNY|SEK|NOK|DKK|PLN|CZK|HUF|CAD|AUD|NZD|INR|BRL"
  private static let units =
    "mm|cm|dm|m|km|in|ft|mg|g|kg|lb|oz|ml|cl|dl|l|s|ms|min|h|px|pt|MP|KB|kB|MB|GB|TB|W|kW|V|mAh|Hz|kHz|°C|°F|°|%|x|×"
  private static let patterns: [NSRegularExpression] = [
    "(?<=\\p{Sc}|\\b(?:\(currencyCodes)|ISO|No\\.|Nr\\.|f/)) (?=[-+]?[\\d.,])",
    "(?<=\\d) (?=\\p{Sc}|(?:\(currencyCodes)|\(units))(?![\\p{L}\\d]))",
    "(?<=\\d) (?=\\d{3}(?!\\d))",
  ].map { try! NSRegularExpression(pattern: $0) }

  static func bind(_ text: String) -> String {
    guard text.contains(" ") else { return text }
    var result = ""
    var rest = Substring(text)
    while let open = rest.firstIndex(of: "<"), let close = rest[open...].firstIndex(of: ">") {
      result += bindPlain(String(rest[..<open]))
      result += rest[open...close]
      rest = rest[rest.index(after: close)...]
    }
    return result + bindPlain(String(rest))
  }

  private static func bindPlain(_ text: String) -> String {
    var text = text
    for pattern in patterns {
      text = pattern.stringByReplacingMatches(
        in: text, range: NSRange(text.startIndex..., in: text), withTemplate: "\u{00A0}")
    }
    return text
  }
}
