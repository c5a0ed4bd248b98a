/// Text from files and their names made safe to print: control characters (terminal escape
/// sequences, carriage returns, bells) are shown escaped, as `\u{1B}`, instead of acting on the
/// terminal. Line feeds and tabs between a message's own lines are kept. A byte of a file name
/// that is not UTF-8 (carried as described in ``PathBytes``) is shown as `\xFF`.
package enum TerminalText {
  /// `text` with every control character except line feed and tab written as `\u{XX}`, and
  /// every carried byte of a file name as `\xXX`.
  package static func escaped(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: { needsEscape($0) || PathBytes.carriedByte($0) != nil }) else {
      return text
    }
    var result = ""
    result.reserveCapacity(text.utf8.count + 16)
    for scalar in text.unicodeScalars {
      if let byte = PathBytes.carriedByte(scalar) {
        result += "\\x\(String(byte, radix: 16, uppercase: true))"
      } else if needsEscape(scalar) {
        result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    return (value < 0x20 && value != 0x0A && value != 0x09) || (0x7F...0x9F).contains(value)
  }
}
