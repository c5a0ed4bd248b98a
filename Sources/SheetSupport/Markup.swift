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

  /// `markup` with its tags removed and the five entities `escape` writes decoded: for PDF
  /// outline entries and other places that show plain text. With `limit`, only the first
  /// `limit` bytes of that text are made (the last character may be cut): a caller that
  /// shortens a 100 MB caption to a few kilobytes does not make 100 MB first.
  ///
  /// Works on the UTF-8 bytes (tags and entities are ASCII), in one pass each, where
  /// Foundation's `replacingOccurrences` made a UTF-16 copy of the whole text per entity.
  package static func plainText(_ markup: String, limit: Int = .max) -> String {
    // Each byte of plain text comes from at most 6 bytes of text without tags ("&quot;").
    let untaggedLimit = limit > Int.max / 8 ? Int.max : limit * 6 + 6
    var untagged: [UInt8] = []
    untagged.reserveCapacity(min(markup.utf8.count, untaggedLimit))
    var inTag = false
    for byte in markup.utf8 {
      guard untagged.count < untaggedLimit else { break }
      if byte == UInt8(ascii: "<") {
        inTag = true
      } else if byte == UInt8(ascii: ">") {
        inTag = false
      } else if !inTag {
        untagged.append(byte)
      }
    }
    var plain: [UInt8] = []
    plain.reserveCapacity(min(untagged.count, limit))
    var index = 0
    while index < untagged.count, plain.count < limit {
      if untagged[index] == UInt8(ascii: "&"),
        let (decoded, length) = entities.lazy.compactMap({ (name, value) -> (UInt8, Int)? in
          untagged[index...].starts(with: name) ? (value, name.count) : nil
        }).first
      {
        plain.append(decoded)
        index += length
      } else {
        plain.append(untagged[index])
        index += 1
      }
    }
    return String(decoding: plain, as: UTF8.self)
  }

  /// The entities ``plainText(_:limit:)`` decodes, and their characters.
  private static let entities: [(name: [UInt8], value: UInt8)] = [
    (Array("&lt;".utf8), UInt8(ascii: "<")), (Array("&gt;".utf8), UInt8(ascii: ">")),
    (Array("&quot;".utf8), UInt8(ascii: "\"")), (Array("&apos;".utf8), UInt8(ascii: "'")),
    (Array("&amp;".utf8), UInt8(ascii: "&")),
  ]
}
