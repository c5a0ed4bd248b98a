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
package enum NoBreakSpaces {
  /// The currency codes of rules 1 and 2.
  package static let currencyCodes = [
    "EUR", "USD", "GBP", "CHF", "JPY", "CNY", "SEK", "NOK", "DKK", "PLN", "CZK", "HUF", "CAD", "AUD", "NZD",
    "INR", "BRL",
  ]
  /// The units of rule 2.
  package static let units = [
    "mm", "cm", "dm", "m", "km", "in", "ft", "mg", "g", "kg", "lb", "oz", "ml", "cl", "dl", "l", "s", "ms",
    "min", "h", "px", "pt", "MP", "KB", "kB", "MB", "GB", "TB", "W", "kW", "V", "mAh", "Hz", "kHz", "°C",
    "°F",
    "°", "%", "x", "×",
  ]
  /// What rule 1 binds after a word boundary, besides currency codes.
  package static let labels = ["ISO", "No.", "Nr.", "f/"]

  private static let before: [[UInt8]] = (currencyCodes + labels).map { Array($0.utf8) }
  private static let after: [[UInt8]] = (currencyCodes + units).map { Array($0.utf8) }

  /// `text` (plain text or Pango markup) with the spaces that must not break made no-break.
  package static func bind(_ text: String) -> String {
    // Checked on bytes: a space or a "<" that is part of a larger character is never one the
    // rules bind or a tag starts with.
    guard text.containsByte(0x20, 0x20, 0x20) else { return text }
    guard text.containsByte(UInt8(ascii: "<"), UInt8(ascii: "<"), UInt8(ascii: "<")) else {
      return String(bindPlain(text[...]))
    }
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
    let utf8 = text.utf8
    let spaces =
      utf8.withContiguousStorageIfAvailable { boundSpaces(UTF8Text(bytes: $0)) }
      ?? Array(utf8).withUnsafeBufferPointer { boundSpaces(UTF8Text(bytes: $0)) }
    guard !spaces.isEmpty else { return text }
    // The same bytes, with each bound space as U+00A0.
    var bytes: [UInt8] = []
    bytes.reserveCapacity(utf8.count + spaces.count)
    var nextSpace = 0
    for (offset, byte) in utf8.enumerated() {
      if nextSpace < spaces.count && offset == spaces[nextSpace] {
        bytes.append(0xC2)
        bytes.append(0xA0)
        nextSpace += 1
      } else {
        bytes.append(byte)
      }
    }
    return Substring(String(decoding: bytes, as: UTF8.self))
  }

  /// The byte offsets of the spaces of `text` that one of the rules binds.
  private static func boundSpaces(_ text: UTF8Text) -> [Int] {
    var spaces: [Int] = []
    for offset in text.bytes.indices where text.bytes[offset] == 0x20 && binds(text, at: offset) {
      spaces.append(offset)
    }
    return spaces
  }

  /// Whether the space at byte `offset` of `text` is bound by one of the three rules.
  private static func binds(_ text: UTF8Text, at offset: Int) -> Bool {
    let next = text.scalar(at: offset + 1)
    let previous = text.scalar(before: offset)?.scalar
    // Rule 1: a number follows ([-+]?[\d.,]), after a currency symbol, or after a code or
    // label that starts at a word boundary.
    if let next {
      let number: (Unicode.Scalar) -> Bool = { isDigit($0) || $0 == "." || $0 == "," }
      let sign = next.scalar == "-" || next.scalar == "+"
      if number(next.scalar) || (sign && text.scalar(at: next.end).map { number($0.scalar) } == true) {
        if let previous, isCurrencySymbol(previous) { return true }
        for word in before where text.ends(at: offset, with: word) {
          if text.isWordBoundary(at: offset - word.count) { return true }
        }
      }
    }
    // Rules 2 and 3 need a digit before the space.
    guard let previous, isDigit(previous), let next else { return false }
    // Rule 2: a currency symbol, or a code or unit not followed by a letter or digit.
    if isCurrencySymbol(next.scalar) { return true }
    for word in after where text.starts(at: offset + 1, with: word) {
      guard let following = text.scalar(at: offset + 1 + word.count)?.scalar else { return true }
      if !(isLetter(following) || isDigit(following)) { return true }
    }
    // Rule 3: exactly three digits.
    var position = offset + 1
    for _ in 0..<3 {
      guard let digit = text.scalar(at: position), isDigit(digit.scalar) else { return false }
      position = digit.end
    }
    guard let following = text.scalar(at: position)?.scalar else { return true }
    return !isDigit(following)
  }

  /// Valid UTF-8 text, read a scalar at a time around a byte offset.
  private struct UTF8Text {
    let bytes: UnsafeBufferPointer<UInt8>

    /// The scalar that starts at byte `offset`, and the offset after it; nil at the end.
    func scalar(at offset: Int) -> (scalar: Unicode.Scalar, end: Int)? {
      guard offset < bytes.count else { return nil }
      let lead = bytes[offset]
      if lead < 0x80 { return (Unicode.Scalar(lead), offset + 1) }
      let length = lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
      var value = UInt32(lead & (0xFF >> (length + 1)))
      for index in offset + 1..<offset + length { value = value << 6 | UInt32(bytes[index] & 0x3F) }
      return (Unicode.Scalar(value) ?? "\u{FFFD}", offset + length)
    }

    /// The scalar that ends just before byte `offset`, and the offset it starts at; nil at the
    /// start.
    func scalar(before offset: Int) -> (scalar: Unicode.Scalar, start: Int)? {
      guard offset > 0 else { return nil }
      var start = offset - 1
      while bytes[start] & 0xC0 == 0x80 { start -= 1 }
      return scalar(at: start).map { ($0.scalar, start) }
    }

    /// Whether the bytes before `offset` are `word`.
    func ends(at offset: Int, with word: [UInt8]) -> Bool {
      offset >= word.count && bytes[(offset - word.count)..<offset].elementsEqual(word)
    }

    /// Whether the bytes from `offset` are `word`.
    func starts(at offset: Int, with word: [UInt8]) -> Bool {
      offset + word.count <= bytes.count && bytes[offset..<(offset + word.count)].elementsEqual(word)
    }

    /// ICU's `\b` before a word character at `offset`: the character before it, skipping
    /// combining and format characters, is not a word character (or there is none).
    func isWordBoundary(at offset: Int) -> Bool {
      var position = offset
      while let (scalar, start) = scalar(before: position) {
        let properties = scalar.properties
        let skipped =
          !scalar.isASCII && (properties.isGraphemeExtend || properties.generalCategory == .format)
        if !skipped { return !NoBreakSpaces.isWordCharacter(scalar) }
        position = start
      }
      return true
    }
  }

  /// ICU's `\w`: `[\p{Alphabetic}\p{M}\p{Nd}\p{Pc}\u200c\u200d]`.
  fileprivate static func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.isASCII {
      let byte = UInt8(scalar.value)
      return isASCIIDigit(byte) || ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A) || byte == 0x5F
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
