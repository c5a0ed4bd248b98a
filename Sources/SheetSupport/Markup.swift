import Foundation

/// Pango markup escaping.
package enum Markup {
  /// `text` with the five markup characters written as entities.
  package static func escape(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for character in text {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&apos;"
      default: result.append(character)
      }
    }
    return result
  }

  /// `markup` with its tags removed and entities decoded: for PDF outline entries and other
  /// places that show plain text.
  package static func plainText(_ markup: String) -> String {
    var plain = ""
    var inTag = false
    for character in markup {
      if character == "<" {
        inTag = true
      } else if character == ">" {
        inTag = false
      } else if !inTag {
        plain.append(character)
      }
    }
    return
      plain
      .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
      .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
      .replacingOccurrences(of: "&amp;", with: "&")
  }
}
