/// Text written into XML (JUnit reports, XMP metadata).
package enum XMLText {
  /// `text` as XML character data or, with `attribute`, an attribute value (whose line breaks
  /// are written as references). Characters XML 1.0 cannot hold, even as references, become
  /// U+FFFD.
  package static func escaped(_ text: String, attribute: Bool = true) -> String {
    var escaped = ""
    escaped.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": escaped += "&amp;"
      case "<": escaped += "&lt;"
      case ">": escaped += "&gt;"
      case "\"": escaped += "&quot;"
      case "\n": escaped += attribute ? "&#10;" : "\n"
      case "\t", "\r": escaped.unicodeScalars.append(scalar)
      default:
        if isAllowed(scalar) {
          escaped.unicodeScalars.append(scalar)
        } else {
          escaped += "\u{FFFD}"
        }
      }
    }
    return escaped
  }

  /// Whether XML 1.0 can hold `scalar`: not a control character other than tab, line feed
  /// and carriage return, nor U+FFFE or U+FFFF.
  package static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
    (scalar.value >= 0x20 && scalar.value != 0xFFFE && scalar.value != 0xFFFF)
      || scalar == "\t" || scalar == "\n" || scalar == "\r"
  }
}
