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
    // Every pattern needs a space before a digit or [-+.,] (the first) or after a digit (the
    // others): text with neither is left as it is, without running them.
    var spaceBeforeNumber = false
    var spaceAfterDigit = false
    var previous: Unicode.Scalar = "\n"
    var previousIsSpace = false
    for scalar in text.unicodeScalars {
      let isDigit = scalar.properties.numericType == .decimal
      if previousIsSpace && (isDigit || "-+.,".unicodeScalars.contains(scalar)) { spaceBeforeNumber = true }
      if scalar == " " && previous.properties.numericType == .decimal { spaceAfterDigit = true }
      previousIsSpace = scalar == " "
      previous = scalar
    }
    guard spaceBeforeNumber || spaceAfterDigit else { return text }
    var text = text
    for (index, pattern) in patterns.enumerated() where index == 0 ? spaceBeforeNumber : spaceAfterDigit {
      text = pattern.stringByReplacingMatches(
        in: text, range: NSRange(text.startIndex..., in: text), withTemplate: "\u{00A0}")
    }
    return text
  }
}
