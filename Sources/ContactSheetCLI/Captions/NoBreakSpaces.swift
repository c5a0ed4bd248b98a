/// Keeps numbers with their currency and units when captions wrap: the space in "€ 630,00",
/// "630,00 €", "25 EUR", "12 cm", "1/250 s", "ISO 100" and between digit groups
/// ("1 234,00") becomes a no-break space. Applied once to every caption as it is built, to the
/// text between markup tags only.
///
/// A space is bound when one of three rules holds, each read on the text as written (the
/// rules look at letters, digits and symbols, never at spaces, so the order they apply in does
/// not matter). As regular expressions (ICU syntax), which the tests check this scanner against:
/// 1. `(?<=\p{Sc}|\b(?:CODE|ISO|No\.|Nr\.|f/)) (?=[-+]?[\d.,])`: a currency symbol or code, or
///    ISO/No./f/, before a number;
/// 2. `(?<=\d) (?=\p{Sc}|(?:CODE|UNIT)(?![\p{L}\d]))`: a number before a currency or a unit;
/// 3. `(?<=\d) (?=\d{3}(?!\d))`: digit groups, "1 234 567".
enum NoBreakSpaces {
  /// The currency codes of rules 1 and 2.
  static let currencyCodes = [
    "EUR", "USD", "GBP", "CHF", "JPY", "CNY", "SEK", "NOK", "DKK", "PLN", "CZK", "HUF", "CAD", "AUD", "NZD",
    "INR", "BRL",
  ]
  /// The units of rule 2.
  static let units = [
    "mm", "cm", "dm", "m", "km", "in", "ft", "mg", "g", "kg", "lb", "oz", "ml", "cl", "dl", "l", "s", "ms",
    "min", "h", "px", "pt", "MP", "KB", "kB", "MB", "GB", "TB", "W", "kW", "V", "mAh", "Hz", "kHz", "°C", "°F",
    "°", "%", "x", "×",
  ]
  /// What rule 1 binds after a word boundary, besides currency codes.
  static let labels = ["ISO", "No.", "Nr.", "f/"]

  private static let before: [[Unicode.Scalar]] = (currencyCodes + labels).map { Array($0.unicodeScalars) }
  private static let after: [[Unicode.Scalar]] = (currencyCodes + units).map { Array($0.unicodeScalars) }

  /// `text` (plain text or Pango markup) with the spaces that must not break made no-break.
  static func bind(_ text: String) -> String {
    guard text.contains(" ") else { return text }
    var result = ""
    result.reserveCapacity(text.utf8.count + 8)
    var rest = Substring(text)
    // Tags are copied as written; only the text between them is changed.
    while let open = rest.firstIndex(of: "<"), let close = rest[open...].firstIndex(of: ">") {
      result += bindPlain(rest[..<open])
      result += rest[open...close]
      rest = rest[rest.index(after: close)...]
    }
    return result + bindPlain(rest)
  }

  /// `text` with the spaces the three rules bind made no-break; `text` itself when none is.
  private static func bindPlain(_ text: Substring) -> Substring {
    // Every rule needs a space with a digit or one of "-+.," after it (rule 1) or a digit
    // before it (rules 2 and 3); most text has neither, and is returned without decoding it.
    var candidate = false
    var previous: UInt8 = 0
    var afterSpace = false
    for byte in text.utf8 {
      // A byte from 0x80 up is part of a character that may be a digit of another script.
      if afterSpace && (byte >= 0x80 || isASCIIDigit(byte) || "-+.,".utf8.contains(byte)) { candidate = true }
      if byte == 0x20 && (previous >= 0x80 || isASCIIDigit(previous)) { candidate = true }
      if candidate { break }
      afterSpace = byte == 0x20
      previous = byte
    }
    guard candidate else { return text }
    let scalars = Array(text.unicodeScalars)
    let spaces = scalars.indices.filter { scalars[$0] == " " && binds(scalars, at: $0) }
    guard !spaces.isEmpty else { return text }
    // The same bytes, with each bound space (scalar number `spaces[i]`) as U+00A0.
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count + spaces.count)
    var scalarIndex = -1
    var nextSpace = 0
    for byte in text.utf8 {
      // Every byte but a UTF-8 continuation byte (10xxxxxx) starts a scalar.
      if byte & 0xC0 != 0x80 { scalarIndex += 1 }
      if nextSpace < spaces.count && scalarIndex == spaces[nextSpace] {
        bytes.append(0xC2)
        bytes.append(0xA0)
        nextSpace += 1
      } else {
        bytes.append(byte)
      }
    }
    return Substring(String(decoding: bytes, as: UTF8.self))
  }

  /// Whether the space at `index` of `text` is bound by one of the three rules.
  static func binds(_ text: [Unicode.Scalar], at index: Int) -> Bool {
    let next = index + 1 < text.count ? text[index + 1] : nil
    // Rule 1: a number follows ([-+]?[\d.,]), after a currency symbol or a code or label
    // that starts at a word boundary.
    if let next {
      let number: (Unicode.Scalar) -> Bool = { isDigit($0) || $0 == "." || $0 == "," }
      let followsNumber =
        number(next)
        || ((next == "-" || next == "+") && index + 2 < text.count && number(text[index + 2]))
      if followsNumber {
        if index > 0 && isCurrencySymbol(text[index - 1]) { return true }
        for word in before where ends(text, at: index, with: word) {
          if isWordBoundary(text, at: index - word.count) { return true }
        }
      }
    }
    // Rules 2 and 3 need a digit before the space.
    guard index > 0, isDigit(text[index - 1]), let next else { return false }
    // Rule 2: a currency symbol, or a code or unit not followed by a letter or digit.
    if isCurrencySymbol(next) { return true }
    for word in after where starts(text, at: index + 1, with: word) {
      let end = index + 1 + word.count
      if end == text.count || !(isLetter(text[end]) || isDigit(text[end])) { return true }
    }
    // Rule 3: exactly three digits.
    let group = index + 1..<index + 4
    guard group.upperBound <= text.count, group.allSatisfy({ isDigit(text[$0]) }) else { return false }
    return group.upperBound == text.count || !isDigit(text[group.upperBound])
  }

  private static func ends(_ text: [Unicode.Scalar], at end: Int, with word: [Unicode.Scalar]) -> Bool {
    end >= word.count && text[(end - word.count)..<end].elementsEqual(word)
  }

  private static func starts(_ text: [Unicode.Scalar], at start: Int, with word: [Unicode.Scalar]) -> Bool {
    start + word.count <= text.count && text[start..<(start + word.count)].elementsEqual(word)
  }

  /// ICU's `\b` before a word character at `index`: the character before it, skipping
  /// combining and format characters, is not a word character (or there is none).
  private static func isWordBoundary(_ text: [Unicode.Scalar], at index: Int) -> Bool {
    var before = index - 1
    while before >= 0 && (text[before].properties.isGraphemeExtend || text[before].properties.generalCategory == .format) {
      before -= 1
    }
    return before < 0 || !isWordCharacter(text[before])
  }

  /// ICU's `\w`: `[\p{Alphabetic}\p{M}\p{Nd}\p{Pc}\u200c\u200d]`.
  private static func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.isASCII {
      let byte = UInt8(scalar.value)
      return isASCIIDigit(byte) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || byte == 0x5F
    }
    let properties = scalar.properties
    switch properties.generalCategory {
    case .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .connectorPunctuation: return true
    default: return properties.isAlphabetic || scalar.value == 0x200C || scalar.value == 0x200D
    }
  }

  /// `\d`: a decimal digit of any script (`\p{Nd}`).
  private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
    scalar.isASCII ? isASCIIDigit(UInt8(scalar.value)) : scalar.properties.generalCategory == .decimalNumber
  }

  /// `\p{L}`: a letter of any script.
  private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.isASCII { return (scalar.value | 0x20) >= 0x61 && (scalar.value | 0x20) <= 0x7A }
    switch scalar.properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter: return true
    default: return false
    }
  }

  /// `\p{Sc}`: a currency symbol.
  private static func isCurrencySymbol(_ scalar: Unicode.Scalar) -> Bool {
    scalar == "$" || (!scalar.isASCII && scalar.properties.generalCategory == .currencySymbol)
  }

  private static func isASCIIDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
}
