import Foundation

/// Keeps numbers with their currency and units when captions wrap: the space in "€ 630,00",
/// "630,00 €", "25 EUR", "12 cm", "1/250 s", "ISO 100" and between digit groups
/// ("1 234,00") becomes a no-break space. Applied once to every caption as it is built, to the
/// text between markup tags only.
enum NoBreakSpaces {
  private static let currencyCodes = "EUR|USD|GBP|CHF|JPY|CNY|SEK|NOK|DKK|PLN|CZK|HUF|CAD|AUD|NZD|INR|BRL"
  private static let units =
    "mm|cm|dm|m|km|in|ft|mg|g|kg|lb|oz|ml|cl|dl|l|s|ms|min|h|px|pt|MP|KB|kB|MB|GB|TB|W|kW|V|mAh|Hz|kHz|°C|°F|°|%|x|×"
  private static let patterns: [NSRegularExpression] = [
    // A currency symbol or code, or ISO/No., before a number.
    "(?<=\\p{Sc}|\\b(?:\(currencyCodes)|ISO|No\\.|Nr\\.|f/)) (?=[-+]?[\\d.,])",
    // A number before a currency symbol or code, or a unit.
    "(?<=\\d) (?=\\p{Sc}|(?:\(currencyCodes)|\(units))(?![\\p{L}\\d]))",
    // Digit groups: "1 234 567".
    "(?<=\\d) (?=\\d{3}(?!\\d))",
  ].map { try! NSRegularExpression(pattern: $0) }

  /// `text` (plain text or Pango markup) with the spaces that must not break made no-break.
  static func bind(_ text: String) -> String {
    guard text.contains(" ") else { return text }
    var result = ""
    var rest = Substring(text)
    // Tags are copied as written; only the text between them is changed.
    while let open = rest.firstIndex(of: "<"), let close = rest[open...].firstIndex(of: ">") {
      result += bindPlain(String(rest[..<open]))
      result += rest[open...close]
      rest = rest[rest.index(after: close)...]
    }
    return result + bindPlain(String(rest))
  }

  private static func bindPlain(_ text: String) -> String {
    guard text.contains(" ") else { return text }
    var text = text
    for pattern in patterns {
      text = pattern.stringByReplacingMatches(
        in: text, range: NSRange(text.startIndex..., in: text), withTemplate: "\u{00A0}")
    }
    return text
  }
}
