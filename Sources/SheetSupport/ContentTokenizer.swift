/// Splits content stream bytes into operands and operators (ISO 32000 §7.8.2), skipping
/// strings, arrays, dictionaries and inline image data.
package struct ContentTokenizer {
  package enum Token: Equatable {
    case number(Double)
    case name(String)
    case other
    case `operator`(String)

    package var number: Double? { if case .number(let value) = self { value } else { nil } }
  }

  private let bytes: [UInt8]
  private var position = 0

  /// Where the last token returned starts in the bytes.
  package private(set) var tokenStart = 0
  /// Just past the last token returned.
  package var tokenEnd: Int { position }

  package init(_ bytes: [UInt8]) { self.bytes = bytes }

  private static let whitespace: Set<UInt8> = [0, 9, 10, 12, 13, 32]
  private static let delimiters: Set<UInt8> = Set("()<>[]{}/%".utf8)

  /// The next token; nil at the end.
  package mutating func next() -> Token? {
    skipWhitespace()
    tokenStart = position
    guard position < bytes.count else { return nil }
    let byte = bytes[position]
    switch byte {
    case UInt8(ascii: "/"):
      position += 1
      let start = position
      while position < bytes.count, !Self.whitespace.contains(bytes[position]),
        !Self.delimiters.contains(bytes[position])
      {
        position += 1
      }
      return .name(String(decoding: bytes[start..<position], as: UTF8.self))
    case UInt8(ascii: "("):
      skipLiteralString()
      return .other
    case UInt8(ascii: "<"):
      if position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "<") {
        position += 2
        return .other  // dictionary contents come as tokens of their own, then ">>"
      }
      while position < bytes.count, bytes[position] != UInt8(ascii: ">") { position += 1 }
      position += 1
      return .other
    case UInt8(ascii: ">"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"):
      position +=
        byte == UInt8(ascii: ">") && position + 1 < bytes.count && bytes[position + 1] == byte ? 2 : 1
      return .other
    default:
      let start = position
      while position < bytes.count, !Self.whitespace.contains(bytes[position]),
        !Self.delimiters.contains(bytes[position])
      {
        position += 1
      }
      if position == start {
        position += 1
        return .other
      }
      let text = String(decoding: bytes[start..<position], as: UTF8.self)
      if let value = Double(text) { return .number(value) }
      if text == "true" || text == "false" || text == "null" { return .other }
      if text == "ID" { skipInlineImage() }
      return .operator(text)
    }
  }

  private mutating func skipWhitespace() {
    while position < bytes.count {
      if Self.whitespace.contains(bytes[position]) {
        position += 1
      } else if bytes[position] == UInt8(ascii: "%") {
        while position < bytes.count, bytes[position] != 10, bytes[position] != 13 { position += 1 }
      } else {
        return
      }
    }
  }

  private mutating func skipLiteralString() {
    var depth = 0
    while position < bytes.count {
      let byte = bytes[position]
      position += 1
      if byte == UInt8(ascii: "\\") {
        position += 1
      } else if byte == UInt8(ascii: "(") {
        depth += 1
      } else if byte == UInt8(ascii: ")") {
        depth -= 1
        if depth == 0 { return }
      }
    }
  }

  /// Skips an inline image's data, up to `EI` standing alone.
  private mutating func skipInlineImage() {
    position += 1
    while position + 1 < bytes.count {
      if bytes[position] == UInt8(ascii: "E"), bytes[position + 1] == UInt8(ascii: "I"),
        position > 0, Self.whitespace.contains(bytes[position - 1]),
        position + 2 >= bytes.count || Self.whitespace.contains(bytes[position + 2])
      {
        position += 2
        return
      }
      position += 1
    }
    position = bytes.count
  }
}
