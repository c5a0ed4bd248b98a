import Foundation
import SheetLayout
import SheetSupport

/// A caption template such as `<b>{name}</b>\n{camera|unknown} · {date:yyyy-MM-dd}`.
///
/// - `{field}` is replaced by the field's value, escaped so it never breaks Pango markup;
///   a missing field renders empty, or `{field|default}` renders the default, which may
///   name other fields: `{title|{name}}` is the title, else the file name.
/// - `{date:FORMAT}` formats a date field with a Unicode date pattern (`yyyy-MM-dd HH:mm`).
/// - `\n` starts a new line; `{{` and `}}` are literal braces.
/// - Everything else is Pango markup, kept as written.
package struct CaptionTemplate: Hashable, Sendable {
  package indirect enum Part: Hashable, Sendable {
    case literal(String)
    case field(name: String, format: String?, fallback: [Part])
  }

  package let parts: [Part]

  package struct ParseError: Error {
    package var message: String
  }

  /// Parses `text`. A text with no `{`, `}` or `\` is a literal, taken as written without
  /// looking at each character (most items' own captions are).
  package init(_ text: String) throws {
    parts = Self.isLiteral(text) ? Self.literalParts(text) : try Self.parts(of: text)
  }

  /// The template of a literal `text`, taken as written: what reading it character by
  /// character gives when ``isLiteral(_:)`` holds.
  package init(literal text: String) {
    parts = Self.literalParts(text)
  }

  private static func literalParts(_ text: String) -> [Part] {
    text.isEmpty ? [] : [.literal(text)]
  }

  /// Whether `text` has none of the characters a template reads specially (`{`, `}`, and `\`
  /// of `\n`), so that it is its own caption.
  package static func isLiteral(_ text: String) -> Bool {
    !text.containsByte(UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "\\"))
  }

  /// The parts of `text`, read character by character.
  package static func parts(of text: String) throws -> [Part] {
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
        guard let close = Self.closingBrace(in: text, after: index) else {
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
    return parts
  }

  /// The field names the template refers to, defaults included.
  package var fieldNames: Set<String> { Self.fieldNames(parts) }

  private static func fieldNames(_ parts: [Part]) -> Set<String> {
    parts.reduce(into: Set<String>()) { names, part in
      if case .field(let name, _, let fallback) = part { names.formUnion([name] + fieldNames(fallback)) }
    }
  }

  /// The `}` that closes the `{` at `open`, counting nested braces.
  private static func closingBrace(in text: String, after open: String.Index) -> String.Index? {
    var depth = 0
    var index = open
    while index < text.endIndex {
      if text[index] == "{" { depth += 1 }
      if text[index] == "}" {
        depth -= 1
        if depth == 0 { return index }
      }
      index = text.index(after: index)
    }
    return nil
  }

  /// A field's value: plain text, escaped into the caption, or markup shown as written (a
  /// shop's description converted from HTML).
  package struct FieldValue {
    package var text: String
    package var isMarkup = false

    /// The value `text`, markup when `isMarkup`.
    package init(_ text: String, isMarkup: Bool = false) {
      self.text = text
      self.isMarkup = isMarkup
    }
  }

  /// A field's text, escaped: its value, else its default (whose literal text is escaped too).
  private static func text(of part: Part, _ value: (String, String?) -> FieldValue?) -> String {
    switch part {
    case .literal(let text): return escaped(text)
    case .field(let name, let format, let fallback):
      if let own = value(name, format), !own.text.isEmpty {
        return own.isMarkup ? own.text : escaped(own.text)
      }
      return fallback.map { text(of: $0, value) }.joined()
    }
  }

  /// `Markup.escape(text)`: `text` itself when it holds none of the five characters escaped
  /// (most field values), found on its bytes without reading it character by character.
  package static func escaped(_ text: String) -> String {
    let needsEscaping =
      text.containsByte(UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"))
      || text.containsByte(UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "'"))
    return needsEscaping ? Markup.escape(text) : text
  }

  /// The caption for one item: `value(name, format)` gives a field's text, or nil if missing.
  ///
  /// A line whose fields all come out empty is left out, so `{camera} · {lens}` leaves no
  /// stray line on a photo without EXIF data; in a line that is kept, an empty field's label
  /// and separator go with it (``CaptionLine``).
  package func render(_ value: (String, String?) -> String?) -> String {
    renderValues({ name, format in value(name, format).map { FieldValue($0) } })
  }

  /// The caption for one item, as ``render(_:)`` makes it, from values that may be markup.
  ///
  /// When `slotted` (the row modes), every template line is kept, an empty one as an empty
  /// part, and the lines are separated by ``CaptionSlots/separator`` rather than a line feed,
  /// so the layout can start each at the same height in every card; a separator in a value
  /// becomes a line feed.
  package func renderValues(_ value: (String, String?) -> FieldValue?, slotted: Bool = false) -> String {
    // A literal is its own caption: split into lines and joined again, it would come out
    // unchanged.
    if parts.isEmpty { return "" }
    // In a grid, a literal's lines (an item's own caption) line up as a template's do.
    if parts.count == 1, case .literal(let text) = parts[0] {
      return slotted
        ? Self.unslotted(text).replacingOccurrences(of: "\n", with: String(CaptionSlots.separator)) : text
    }
    // A lone field is its own line, kept whether filled or not: its text is the caption.
    if parts.count == 1 {
      let text = Self.text(of: parts[0], value)
      return slotted ? Self.unslotted(text) : text
    }
    var lines: [String] = []
    var line: [CaptionLine.Piece] = []
    func endLine() {
      if let text = CaptionLine.join(line) {
        lines.append(slotted && CaptionSlots.isSlotted(text) ? Self.unslotted(text) : text)
      } else if slotted {
        lines.append("")
      }
      line = []
    }
    for part in parts {
      switch part {
      case .literal(let text):
        let pieces = text.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, piece) in pieces.enumerated() {
          if index > 0 { endLine() }
          if !piece.isEmpty { line.append(.literal(String(piece))) }
        }
      case .field:
        line.append(.field(Self.text(of: part, value)))
      }
    }
    endLine()
    if slotted && lines.count > 1 {
      // Lines left empty at the end leave no slot behind (a photo without a price).
      while lines.last?.isEmpty == true { lines.removeLast() }
      return lines.joined(separator: String(CaptionSlots.separator))
    }
    return lines.joined(separator: "\n")
  }

  /// `text` with each slot separator made a line feed.
  static func unslotted(_ text: String) -> String {
    text.replacingOccurrences(of: String(CaptionSlots.separator), with: "\n")
  }

  private static func field(_ body: String) throws -> Part {
    var spec = Substring(body)
    var fallback: [Part] = []
    if let bar = spec.firstIndex(of: "|") {
      fallback = try CaptionTemplate(String(spec[spec.index(after: bar)...])).parts
      spec = spec[..<bar]
    }
    var format: String?
    if let colon = spec.firstIndex(of: ":") {
      format = String(spec[spec.index(after: colon)...])
      spec = spec[..<colon]
    }
    let name = spec.trimmingCharacters(in: .whitespaces)
    guard !name.isEmpty else { throw ParseError(message: "'{\(body)}' names no field") }
    if let format, name == "date" { try checkDateFormat(format, field: body) }
    return .field(name: name, format: format, fallback: fallback)
  }

  /// The letters a date format may use (Unicode's date patterns, as in `yyyy-MM-dd HH:mm`);
  /// text in single quotes is printed as written.
  package static let dateFormatLetters = Set("GyYuUrQqMLlwWdDFgEecabBhHkKmsSAzZOvVXx")

  /// Refuses a date format with a letter that is not a date field, or a strftime `%`, which
  /// would otherwise print as garbled text ("%Y" is "%2024").
  private static func checkDateFormat(_ format: String, field: String) throws {
    var quoted = false
    for character in format {
      if character == "'" {
        quoted.toggle()
        continue
      }
      guard !quoted else { continue }
      if character == "%" {
        throw ParseError(
          message:
            "'{\(field)}': date formats are Unicode patterns such as yyyy-MM-dd HH:mm, not strftime's %Y-%m-%d"
        )
      }
      if character.isASCII && character.isLetter && !dateFormatLetters.contains(character) {
        throw ParseError(
          message:
            "'{\(field)}': '\(character)' is not a date format letter; use y (year), M (month), d (day), H (hour), m (minute), s (second), E (weekday); quote other text: 'at'"
        )
      }
    }
  }
}
