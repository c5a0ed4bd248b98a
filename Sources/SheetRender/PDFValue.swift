import Foundation

/// A PDF object as ``PDFFileReader`` parses it (ISO 32000 §7.3): enough of the syntax for the
/// dictionaries Cairo writes, and written back (``unparsed``) as libqpdf writes them, so an
/// object changed in an incremental update reads as before.
indirect enum PDFValue: Equatable {
  case null
  case bool(Bool)
  case integer(Int)
  /// A real number, kept as written (`297.637795`), as libqpdf keeps it.
  case real(String)
  /// A name without its `/`, `#xx` escapes decoded.
  case name(String)
  /// A literal or hexadecimal string, kept as written.
  case string(String)
  case array([PDFValue])
  /// Entries in the order written; a later duplicate key wins.
  case dictionary([(key: String, value: PDFValue)])
  /// `id generation R`.
  case reference(id: Int, generation: Int)

  static func == (left: PDFValue, right: PDFValue) -> Bool { left.unparsed == right.unparsed }

  /// The value of `key` in a dictionary (the last one written), nil if absent or not a dictionary.
  subscript(key: String) -> PDFValue? {
    guard case .dictionary(let entries) = self else { return nil }
    return entries.last { $0.key == key }?.value
  }

  /// The number an integer or real holds.
  var number: Double? {
    switch self {
    case .integer(let value): Double(value)
    case .real(let text): Double(text)
    default: nil
    }
  }

  /// The dictionary without the entries named `keys`; other values unchanged.
  func removing(_ keys: Set<String>) -> PDFValue {
    guard case .dictionary(let entries) = self else { return self }
    return .dictionary(entries.filter { !keys.contains($0.key) })
  }

  /// A resource dictionary whose `/ColorSpace` subdictionary says device RGB is the colour
  /// space object `id` (`/DefaultRGB id 0 R`); the subdictionary is made when missing, and
  /// one given by reference is replaced (Cairo writes none).
  func addingDefaultRGB(_ id: Int) -> PDFValue {
    guard case .dictionary(var entries) = self else { return self }
    let entry = (key: "DefaultRGB", value: PDFValue.reference(id: id, generation: 0))
    if let index = entries.firstIndex(where: { $0.key == "ColorSpace" }),
      case .dictionary(var spaces) = entries[index].value
    {
      spaces.removeAll { $0.key == "DefaultRGB" }
      entries[index].value = .dictionary(spaces + [entry])
    } else {
      entries.removeAll { $0.key == "ColorSpace" }
      entries.append((key: "ColorSpace", value: .dictionary([entry])))
    }
    return .dictionary(entries)
  }

  /// Whether a dictionary in this value names a key twice (Cairo 1.16 names an image again in
  /// a page's resources each time it is drawn again); ``unparsed`` keeps the last of each.
  var hasRepeatedKeys: Bool {
    switch self {
    case .dictionary(let entries):
      var keys = Set<String>()
      for entry in entries where !keys.insert(entry.key).inserted { return true }
      return entries.contains { $0.value.hasRepeatedKeys }
    case .array(let items): return items.contains { $0.hasRepeatedKeys }
    default: return false
    }
  }

  /// The text libqpdf's `unparse` gives: dictionary keys sorted and null entries left out,
  /// `<< /Key value >>` and `[ a b ]` with single spaces, integers in decimal, reals as written.
  var unparsed: String {
    switch self {
    case .null: return "null"
    case .bool(let value): return value ? "true" : "false"
    case .integer(let value): return String(value)
    case .real(let text): return text
    case .name(let name): return Self.unparse(name: name)
    case .string(let text): return text
    case .reference(let id, let generation): return "\(id) \(generation) R"
    case .array(let items): return "[ " + items.map { $0.unparsed + " " }.joined() + "]"
    case .dictionary(let entries):
      var latest: [String: PDFValue] = [:]
      for entry in entries { latest[entry.key] = entry.value }
      let keys = latest.keys.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
      var text = "<< "
      for key in keys {
        let value = latest[key]!
        if case .null = value { continue }
        text += Self.unparse(name: key) + " " + value.unparsed + " "
      }
      return text + ">>"
    }
  }

  /// `/name`, with bytes outside `!`…`~`, delimiters and `#` written as `#xx` (libqpdf's form).
  private static func unparse(name: String) -> String {
    var text = "/"
    for byte in name.utf8 {
      if byte < 33 || byte > 126 || PDFSyntax.delimiters.contains(byte) || byte == UInt8(ascii: "#") {
        text += String(format: "#%02x", byte)
      } else {
        text.unicodeScalars.append(Unicode.Scalar(byte))
      }
    }
    return text
  }
}

/// Byte classes of PDF syntax.
enum PDFSyntax {
  static let whitespace: Set<UInt8> = [0, 9, 10, 12, 13, 32]
  static let delimiters: Set<UInt8> = Set("()<>[]{}/%".utf8)
}

/// Reads PDF values from bytes (one object's text), failing on anything malformed or cut short.
struct PDFParser {
  private let bytes: [UInt8]
  /// The offset of the next byte to read.
  private(set) var position: Int

  /// A parser of `bytes` from `position`.
  init(_ bytes: [UInt8], position: Int = 0) {
    self.bytes = bytes
    self.position = position
  }

  /// Thrown for syntax this parser does not read, or text that ends too early (``truncated``:
  /// read more of the file and parse again).
  struct SyntaxError: Error {
    var message: String
    var truncated = false
  }

  /// Skips whitespace and comments.
  mutating func skipWhitespace() {
    while position < bytes.count {
      if PDFSyntax.whitespace.contains(bytes[position]) {
        position += 1
      } else if bytes[position] == UInt8(ascii: "%") {
        while position < bytes.count && bytes[position] != 10 && bytes[position] != 13 { position += 1 }
      } else {
        return
      }
    }
  }

  /// The next keyword or number token (a run of regular characters), without consuming it.
  func peekToken() -> String {
    var end = position
    while end < bytes.count && !PDFSyntax.whitespace.contains(bytes[end])
      && !PDFSyntax.delimiters.contains(bytes[end])
    {
      end += 1
    }
    return String(decoding: bytes[position..<end], as: UTF8.self)
  }

  /// Reads `keyword` (such as `obj`) or throws.
  mutating func expect(_ keyword: String) throws {
    skipWhitespace()
    guard position < bytes.count else {
      throw SyntaxError(message: "ends before \(keyword)", truncated: true)
    }
    guard peekToken() == keyword else {
      throw SyntaxError(message: "expected \(keyword), found \(peekToken())")
    }
    position += keyword.utf8.count
  }

  /// Reads an integer token.
  mutating func integer() throws -> Int {
    skipWhitespace()
    guard position < bytes.count else { throw SyntaxError(message: "ends before a number", truncated: true) }
    guard let value = Int(peekToken()) else { throw SyntaxError(message: "expected a number") }
    position += peekToken().utf8.count
    return value
  }

  /// Reads one value: a number, reference, name, string, array, dictionary, boolean or null.
  mutating func value() throws -> PDFValue {
    skipWhitespace()
    guard position < bytes.count else { throw SyntaxError(message: "ends inside an object", truncated: true) }
    let byte = bytes[position]
    switch byte {
    case UInt8(ascii: "/"):
      position += 1
      var name: [UInt8] = []
      while position < bytes.count && !PDFSyntax.whitespace.contains(bytes[position])
        && !PDFSyntax.delimiters.contains(bytes[position])
      {
        if bytes[position] == UInt8(ascii: "#"), position + 2 < bytes.count,
          let code = UInt8(String(decoding: bytes[position + 1...position + 2], as: UTF8.self), radix: 16)
        {
          name.append(code)
          position += 3
        } else {
          name.append(bytes[position])
          position += 1
        }
      }
      return .name(String(decoding: name, as: UTF8.self))
    case UInt8(ascii: "["):
      position += 1
      var items: [PDFValue] = []
      while true {
        skipWhitespace()
        guard position < bytes.count else {
          throw SyntaxError(message: "ends inside an array", truncated: true)
        }
        if bytes[position] == UInt8(ascii: "]") {
          position += 1
          return .array(items)
        }
        items.append(try value())
      }
    case UInt8(ascii: "<") where position + 1 < bytes.count && bytes[position + 1] == UInt8(ascii: "<"):
      position += 2
      var entries: [(key: String, value: PDFValue)] = []
      while true {
        skipWhitespace()
        guard position + 1 < bytes.count else {
          throw SyntaxError(message: "ends inside a dictionary", truncated: true)
        }
        if bytes[position] == UInt8(ascii: ">") && bytes[position + 1] == UInt8(ascii: ">") {
          position += 2
          return .dictionary(entries)
        }
        guard case .name(let key) = try value() else {
          throw SyntaxError(message: "a dictionary key is not a name")
        }
        entries.append((key, try value()))
      }
    case UInt8(ascii: "<"):
      let start = position
      guard let end = bytes[position...].firstIndex(of: UInt8(ascii: ">")) else {
        throw SyntaxError(message: "ends inside a string", truncated: true)
      }
      position = end + 1
      return .string(String(decoding: bytes[start..<position], as: UTF8.self))
    case UInt8(ascii: "("):
      let start = position
      var depth = 0
      while position < bytes.count {
        let current = bytes[position]
        position += 1
        if current == UInt8(ascii: "\\") {
          position += 1
        } else if current == UInt8(ascii: "(") {
          depth += 1
        } else if current == UInt8(ascii: ")") {
          depth -= 1
          if depth == 0 { return .string(String(decoding: bytes[start..<position], as: UTF8.self)) }
        }
      }
      throw SyntaxError(message: "ends inside a string", truncated: true)
    default:
      let token = peekToken()
      guard !token.isEmpty else {
        throw SyntaxError(message: "unexpected \(Character(Unicode.Scalar(byte)))")
      }
      position += token.utf8.count
      switch token {
      case "true": return .bool(true)
      case "false": return .bool(false)
      case "null": return .null
      default: break
      }
      if let integer = Int(token) {
        // `id generation R` is a reference: look ahead, and go back if it is not one.
        let after = position
        skipWhitespace()
        guard position < bytes.count else {
          throw SyntaxError(message: "ends after a number", truncated: true)
        }
        let generationToken = peekToken()
        if let generation = Int(generationToken), integer >= 0, generation >= 0 {
          position += generationToken.utf8.count
          skipWhitespace()
          guard position < bytes.count else {
            throw SyntaxError(message: "ends after two numbers", truncated: true)
          }
          if peekToken() == "R" {
            position += 1
            return .reference(id: integer, generation: generation)
          }
        }
        position = after
        return .integer(integer)
      }
      guard Double(token) != nil || token.allSatisfy({ "+-.0123456789".contains($0) }) else {
        throw SyntaxError(message: "unexpected \(token)")
      }
      return .real(token)
    }
  }
}
