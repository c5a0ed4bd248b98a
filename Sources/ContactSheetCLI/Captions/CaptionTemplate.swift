import Foundation

/// A caption template such as `<b>{name}</b>\n{camera|unknown} · {date:yyyy-MM-dd}`.
///
/// - `{field}` is replaced by the field's value, escaped so it never breaks Pango markup;
///   a missing field renders empty, or `{field|default}` renders the default.
/// - `{date:FORMAT}` formats a date field with a Unicode date pattern (`yyyy-MM-dd HH:mm`).
/// - `\n` starts a new line; `{{` and `}}` are literal braces.
/// - Everything else is Pango markup, kept as written.
struct CaptionTemplate: Hashable, Sendable {
  enum Part: Hashable, Sendable {
    case literal(String)
    case field(name: String, format: String?, fallback: String?)
  }

  let parts: [Part]

  struct ParseError: Error {
    var message: String
  }

  init(_ text: String) throws {
    var parts: [Part] = []
    var literal = ""
    var index = text.startIndex
    while index < text.endIndex {
      let character = text[index]
      let next = text.index(after: index)
      if character == "\\", next < text.endIndex, text[next] == "n" {
        literal.append("\n")
        index = text.index(after: next)
      } else if character == "{", next < text.endIndex, text[next] == "{" {
        literal.append("{")
        index = text.index(after: next)
      } else if character == "}", next < text.endIndex, text[next] == "}" {
        literal.append("}")
        index = text.index(after: next)
      } else if character == "{" {
        guard let close = text[next...].firstIndex(of: "}") else {
          throw ParseError(
            message:
              "'{' at character \(text.distance(from: text.startIndex, to: index) + 1) is never closed; write {{ for a literal brace"
          )
        }
        if !literal.isEmpty { parts.append(.literal(literal)) }
        literal = ""
        parts.append(try Self.field(String(text[next..<close])))
        index = text.index(after: close)
      } else {
        literal.append(character)
        index = next
      }
    }
    if !literal.isEmpty { parts.append(.literal(literal)) }
    self.parts = parts
  }

  /// The field names the template refers to.
  var fieldNames: Set<String> {
    Set(parts.compactMap { if case .field(let name, _, _) = $0 { name } else { nil } })
  }

  /// The caption for one item: `value(name, format)` gives a field's text, or nil if missing.
  ///
  /// A line whose fields all come out empty is left out, so `{camera} · {lens}` leaves no
  /// stray line on a photo without EXIF data.
  func render(_ value: (String, String?) -> String?) -> String {
    var lines: [String] = []
    var line = ""
    var fieldCount = 0
    var filledCount = 0
    func endLine() {
      if fieldCount == 0 || filledCount > 0 { lines.append(line) }
      line = ""
      fieldCount = 0
      filledCount = 0
    }
    for part in parts {
      switch part {
      case .literal(let text):
        let pieces = text.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, piece) in pieces.enumerated() {
          if index > 0 { endLine() }
          line += piece
        }
      case .field(let name, let format, let fallback):
        let text = value(name, format).flatMap { $0.isEmpty ? nil : $0 } ?? fallback ?? ""
        fieldCount += 1
        if !text.isEmpty { filledCount += 1 }
        line += Markup.escape(text)
      }
    }
    endLine()
    return lines.joined(separator: "\n")
  }

  private static func field(_ body: String) throws -> Part {
    var spec = Substring(body)
    var fallback: String?
    if let bar = spec.firstIndex(of: "|") {
      fallback = String(spec[spec.index(after: bar)...])
      spec = spec[..<bar]
    }
    var format: String?
    if let colon = spec.firstIndex(of: ":") {
      format = String(spec[spec.index(after: colon)...])
      spec = spec[..<colon]
    }
    let name = spec.trimmingCharacters(in: .whitespaces)
    guard !name.isEmpty else { throw ParseError(message: "'{\(body)}' names no field") }
    return .field(name: name, format: format, fallback: fallback)
  }
}

/// Pango markup escaping.
enum Markup {
  /// `text` with the five markup characters written as entities.
  static func escape(_ text: String) -> String {
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
}
