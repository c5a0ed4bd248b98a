/// The recursive-descent reader behind `JSONReader`, over the document's UTF-8 bytes.
///
/// It keeps the current line and where it starts, and counts columns incrementally (positions
/// only move forward), so locating a node costs little even on a single-line document.
package struct JSONScanner {
  package typealias SyntaxError = JSONReader.SyntaxError

  package let bytes: UnsafeBufferPointer<UInt8>
  /// The offset of the next byte to read.
  package var position = 0
  private var line = 1
  private var lineStart = 0
  /// A byte offset on the current line whose column is known, so columns are counted once.
  private var countedOffset = 0
  private var countedColumn = 1
  /// Values read so far, against ``InputLimits/documentValues``.
  private var valueCount = 0
  /// The members of the top-level object whose list elements go to ``elementSink`` as they are
  /// read, instead of into the tree (which holds an empty list there): a manifest's items and
  /// sections are turned into entries one at a time, never all held as nodes too. `list.member`
  /// names a member of the objects in the streamed list `list` (a section's `items`), whose
  /// elements go to the sink before the object that holds them. Elements that are objects of
  /// scalars come as ``ScalarObject``s (see ``scalarObject(depth:into:)``), except in a list
  /// with members streamed inside its objects: those are always nodes.
  package var streamedMembers: Set<String> = []
  /// Takes each element of a streamed list, with the member's name.
  package var elementSink: ((String, StreamedElement) -> Void)?

  package init(bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
    if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF {
      position = 3
      lineStart = 3
      countedOffset = 3
    }
  }

  /// The one value of the document; nil when there is nothing but whitespace.
  package mutating func document() throws(SyntaxError) -> DataNode? {
    skipWhitespace()
    if position == bytes.count { return nil }
    let node = try value(depth: 0)
    skipWhitespace()
    if position < bytes.count {
      throw error("\(found()) after the end of the document; a JSON file holds one value", at: position)
    }
    return node
  }

  // MARK: Values

  /// The value at `position`. A list's elements go to ``elementSink`` under the name `streamed`
  /// when one is given; an object that is an element of the streamed list `elementOf` may have
  /// members streamed too.
  private mutating func value(
    depth: Int, streamed: String? = nil, elementOf: String? = nil
  ) throws(SyntaxError) -> DataNode {
    skipWhitespace()
    guard position < bytes.count else { throw error("the text ends where a value should be", at: position) }
    guard countValue() else {
      throw error(
        "more than \(InputLimits.documentValues) values; a manifest holds at most \(InputLimits.items) items (split it into several runs)",
        at: position)
    }
    let start = location(of: position)
    switch bytes[position] {
    case UInt8(ascii: "{"):
      return try object(startingAt: start, depth: depth + 1, elementOf: elementOf)
    case UInt8(ascii: "["):
      return try array(startingAt: start, depth: depth + 1, streamed: streamed)
    case UInt8(ascii: "\""):
      return DataNode(.scalar(try string(), isPlain: false), at: start)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      let first = position
      try skipNumber()
      return DataNode(.scalar(text(from: first), isPlain: true), at: start)
    case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
      let first = position
      try skipLiteral()
      return DataNode(.scalar(text(from: first), isPlain: true), at: start)
    case UInt8(ascii: "'"):
      throw error("JSON strings take double quotes (\"), not single quotes", at: position)
    case UInt8(ascii: "/"):
      throw error("JSON has no comments", at: position)
    default:
      throw error(
        "expected a value (an object, a list, a string, a number, true, false or null), found \(found())",
        at: position)
    }
  }

  private mutating func object(
    startingAt start: SourceLocation, depth: Int, elementOf: String?
  ) throws(SyntaxError) -> DataNode {
    try checkDepth(depth)
    position += 1
    var pairs: [DataNode.Pair] = []
    // Room for a manifest item's usual fields, so the list is made once, not grown.
    pairs.reserveCapacity(8)
    var names: Set<String>?
    skipWhitespace()
    if position < bytes.count && bytes[position] == UInt8(ascii: "}") {
      position += 1
      return DataNode(.mapping(pairs), at: start)
    }
    while true {
      skipWhitespace()
      guard position < bytes.count else { throw unclosed("object", start) }
      guard bytes[position] == UInt8(ascii: "\"") else {
        if bytes[position] == UInt8(ascii: "}") {
          throw error("a ',' before '}': JSON allows no comma after the last member", at: position)
        }
        throw error("expected a member name in double quotes, found \(found())", at: position)
      }
      let keyStart = location(of: position)
      let name = try string()
      try checkUnique(name, at: keyStart, among: pairs, names: &names)
      skipWhitespace()
      guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
        throw error("expected ':' after the member name \"\(name)\", found \(found())", at: position)
      }
      position += 1
      let path = depth == 1 ? name : elementOf.map { "\($0).\(name)" }
      let streamed = path.flatMap { elementSink != nil && streamedMembers.contains($0) ? $0 : nil }
      let value = try self.value(depth: depth, streamed: streamed)
      pairs.append(DataNode.Pair(key: DataNode(.scalar(name, isPlain: false), at: keyStart), value: value))
      skipWhitespace()
      guard position < bytes.count else { throw unclosed("object", start) }
      switch bytes[position] {
      case UInt8(ascii: ","):
        position += 1
      case UInt8(ascii: "}"):
        position += 1
        return DataNode(.mapping(pairs), at: start)
      default:
        throw error(
          "expected ',' or '}' after a member of the object that starts at \(start), found \(found())",
          at: position)
      }
    }
  }

  /// Counts one more value; false when that is more than ``InputLimits/documentValues``.
  package mutating func countValue() -> Bool {
    valueCount += 1
    return valueCount <= InputLimits.documentValues
  }

  private mutating func array(
    startingAt start: SourceLocation, depth: Int, streamed: String?
  ) throws(SyntaxError) -> DataNode {
    try checkDepth(depth)
    position += 1
    var elements: [DataNode] = []
    // Where a streamed list's objects of scalars are read, one after the other.
    let sink = streamed.flatMap { name in elementSink.map { sink in { sink(name, $0) } } }
    let hasStreamedMembers =
      streamed.map { name in streamedMembers.contains { $0.hasPrefix(name + ".") } } ?? false
    var scalars = sink == nil || hasStreamedMembers ? nil : ScalarObject()
    skipWhitespace()
    if position < bytes.count && bytes[position] == UInt8(ascii: "]") {
      position += 1
      return DataNode(.list(elements), at: start)
    }
    while true {
      skipWhitespace()
      if position < bytes.count && bytes[position] == UInt8(ascii: "]") {
        throw error("a ',' before ']': JSON allows no comma after the last element", at: position)
      }
      guard position < bytes.count else { throw unclosed("list", start) }
      if scalars != nil, bytes[position] == UInt8(ascii: "{"), scalarObject(depth: depth + 1, into: &scalars!)
      {
        sink?(.scalarObject(scalars!))
      } else {
        let element = try value(depth: depth, elementOf: streamed)
        if let sink { sink(.node(element)) } else { elements.append(element) }
      }
      skipWhitespace()
      guard position < bytes.count else { throw unclosed("list", start) }
      switch bytes[position] {
      case UInt8(ascii: ","):
        position += 1
      case UInt8(ascii: "]"):
        position += 1
        return DataNode(.list(elements), at: start)
      default:
        throw error(
          "expected ',' or ']' after an element of the list that starts at \(start), found \(found())",
          at: position)
      }
    }
  }

  package mutating func checkDepth(_ depth: Int) throws(SyntaxError) {
    guard depth <= JSONReader.maximumDepth else {
      throw error(
        "lists and objects are nested more than \(JSONReader.maximumDepth) deep here; flatten the document",
        at: position)
    }
  }

  /// Refuses a member name the object already has: JSON readers disagree on which one wins.
  private mutating func checkUnique(
    _ name: String, at location: SourceLocation, among pairs: [DataNode.Pair], names: inout Set<String>?
  ) throws(SyntaxError) {
    // Small objects (every manifest item) are searched; large ones keep a set of their names.
    if names == nil && pairs.count >= 12 { names = Set(pairs.lazy.compactMap(\.key.text)) }
    let isDuplicate: Bool
    if names != nil {
      isDuplicate = !names!.insert(name).inserted
    } else {
      isDuplicate = pairs.contains { $0.key.text == name }
    }
    guard isDuplicate, let first = pairs.first(where: { $0.key.text == name }) else { return }
    throw SyntaxError(
      location: location,
      message: "the member name \"\(name)\" appears twice in this object (first at \(first.key.location))")
  }

  // MARK: Scalars

  /// A string whose opening quote is at `position`, without its quotes and with escapes resolved.
  private mutating func string() throws(SyntaxError) -> String {
    try withString { String(decoding: $0, as: UTF8.self) }
  }

  /// What `body` makes of the UTF-8 bytes of the string whose opening quote is at `position`,
  /// without its quotes and with escapes resolved.
  package mutating func withString<Result>(
    _ body: (UnsafeBufferPointer<UInt8>) -> Result
  ) throws(SyntaxError) -> Result {
    let opening = position
    position += 1
    let contentStart = position
    while position < bytes.count {
      let byte = bytes[position]
      if byte == UInt8(ascii: "\"") {
        position += 1
        return body(UnsafeBufferPointer(rebasing: bytes[contentStart..<position - 1]))
      }
      if byte == UInt8(ascii: "\\") || byte < 0x20 { break }
      position += 1
    }
    return try escapedString(opening: opening, contentStart: contentStart).withUnsafeBufferPointer(body)
  }

  /// The bytes of the rest of a string that holds escapes (or is not closed), from `position`.
  private mutating func escapedString(opening: Int, contentStart: Int) throws(SyntaxError) -> [UInt8] {
    var utf8 = Array(UnsafeBufferPointer(rebasing: bytes[contentStart..<position]))
    while position < bytes.count {
      let byte = bytes[position]
      switch byte {
      case UInt8(ascii: "\""):
        position += 1
        return utf8
      case UInt8(ascii: "\\"):
        try appendEscape(to: &utf8)
      case 0x0A, 0x0D:
        throw error(
          "this string is not closed on its line (write a line break inside a string as \\n)", at: opening)
      case 0..<0x20:
        throw error(
          "a control character (U+\(hex(UInt32(byte)))) in a string; write it as \\u\(hex(UInt32(byte)))",
          at: position)
      default:
        utf8.append(byte)
        position += 1
      }
    }
    throw error("this string is never closed", at: opening)
  }

  /// Resolves the escape at `position` (a backslash) into `utf8`.
  private mutating func appendEscape(to utf8: inout [UInt8]) throws(SyntaxError) {
    let backslash = position
    guard position + 1 < bytes.count else { throw error("the text ends inside an escape", at: backslash) }
    let code = bytes[position + 1]
    position += 2
    switch code {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(code)
    case UInt8(ascii: "b"): utf8.append(0x08)
    case UInt8(ascii: "f"): utf8.append(0x0C)
    case UInt8(ascii: "n"): utf8.append(0x0A)
    case UInt8(ascii: "r"): utf8.append(0x0D)
    case UInt8(ascii: "t"): utf8.append(0x09)
    case UInt8(ascii: "u"):
      var value = try hexQuad(escapeAt: backslash)
      if (0xD800...0xDBFF).contains(value) {
        let second = position
        guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
          bytes[position + 1] == UInt8(ascii: "u")
        else {
          throw error(
            "\\u\(hex(value)) is the first half of a surrogate pair; its second half (\\uDC00 to \\uDFFF) must follow",
            at: backslash)
        }
        position += 2
        let low = try hexQuad(escapeAt: second)
        guard (0xDC00...0xDFFF).contains(low) else {
          throw error(
            "\\u\(hex(low)) cannot follow \\u\(hex(value)): the second half of a surrogate pair is \\uDC00 to \\uDFFF",
            at: second)
        }
        value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
      } else if (0xDC00...0xDFFF).contains(value) {
        throw error(
          "\\u\(hex(value)) is the second half of a surrogate pair, without the first (\\uD800 to \\uDBFF)",
          at: backslash)
      }
      // Every value left is a Unicode scalar: surrogates are combined or refused above.
      UTF8.encode(Unicode.Scalar(value) ?? "\u{FFFD}") { utf8.append($0) }
    default:
      throw error(
        "\\\(Character(Unicode.Scalar(code))) is not a JSON escape; use \\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX",
        at: backslash)
    }
  }

  /// The four hex digits after `\u`, at `position`.
  private mutating func hexQuad(escapeAt escape: Int) throws(SyntaxError) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard position < bytes.count, let digit = hexDigit(bytes[position]) else {
        throw error("\\u takes exactly four hex digits, e.g. \\u00e9", at: escape)
      }
      value = value << 4 | digit
      position += 1
    }
    return value
  }

  private func hexDigit(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
    default: nil
    }
  }

  private func hex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }

  /// Moves past a number: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
  package mutating func skipNumber() throws(SyntaxError) {
    let start = position
    if bytes[position] == UInt8(ascii: "-") { position += 1 }
    guard position < bytes.count, isDigit(bytes[position]) else {
      throw error("expected a digit after '-', found \(found())", at: position)
    }
    if bytes[position] == UInt8(ascii: "0") {
      position += 1
      if position < bytes.count && isDigit(bytes[position]) {
        throw error(
          "a number may not start with 0 followed by more digits (JSON has no leading zeros)", at: start)
      }
    } else {
      skipDigits()
    }
    if position < bytes.count && bytes[position] == UInt8(ascii: ".") {
      position += 1
      guard position < bytes.count, isDigit(bytes[position]) else {
        throw error("expected a digit after the decimal point, found \(found())", at: position)
      }
      skipDigits()
    }
    if position < bytes.count
      && (bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E"))
    {
      position += 1
      if position < bytes.count
        && (bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-"))
      {
        position += 1
      }
      guard position < bytes.count, isDigit(bytes[position]) else {
        throw error("expected a digit in the exponent, found \(found())", at: position)
      }
      skipDigits()
    }
  }

  /// The text from `start` to `position`, as written.
  private func text(from start: Int) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
  }

  private func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  private mutating func skipDigits() {
    while position < bytes.count && isDigit(bytes[position]) { position += 1 }
  }

  /// Moves past `true`, `false` or `null`.
  package mutating func skipLiteral() throws(SyntaxError) {
    for word in ["true", "false", "null"] {
      let length = word.utf8.count
      if position + length <= bytes.count && bytes[position..<position + length].elementsEqual(word.utf8) {
        position += length
        return
      }
    }
    throw error(
      "expected a value (an object, a list, a string, a number, true, false or null), found \(found())",
      at: position)
  }

  // MARK: Positions and messages

  package mutating func skipWhitespace() {
    while position < bytes.count {
      switch bytes[position] {
      case UInt8(ascii: " "), UInt8(ascii: "\t"):
        position += 1
      case UInt8(ascii: "\n"):
        position += 1
        newLine()
      case UInt8(ascii: "\r"):
        position += 1
        // \r\n is one line break; a lone \r is one too.
        if position >= bytes.count || bytes[position] != UInt8(ascii: "\n") { newLine() }
      default:
        return
      }
    }
  }

  /// Where the scanner is, to come back to with ``rewind(to:)``: the position and what is
  /// counted up to it.
  package struct Mark {
    fileprivate var position: Int
    fileprivate var line: Int
    fileprivate var lineStart: Int
    fileprivate var countedOffset: Int
    fileprivate var countedColumn: Int
    fileprivate var valueCount: Int
  }

  /// Where the scanner is now.
  package var mark: Mark {
    Mark(
      position: position, line: line, lineStart: lineStart, countedOffset: countedOffset,
      countedColumn: countedColumn, valueCount: valueCount)
  }

  /// Goes back to `mark`, to read again from there.
  package mutating func rewind(to mark: Mark) {
    position = mark.position
    line = mark.line
    lineStart = mark.lineStart
    countedOffset = mark.countedOffset
    countedColumn = mark.countedColumn
    valueCount = mark.valueCount
  }

  private mutating func newLine() {
    line += 1
    lineStart = position
    countedOffset = position
    countedColumn = 1
  }

  /// The line and column of `offset`, which lies on the current line.
  package mutating func location(of offset: Int) -> SourceLocation {
    if countedOffset > offset {
      countedOffset = lineStart
      countedColumn = 1
    }
    var column = countedColumn
    var index = countedOffset
    while index < offset {
      // Count characters: every byte but UTF-8 continuation bytes starts one.
      if bytes[index] & 0xC0 != 0x80 { column += 1 }
      index += 1
    }
    countedOffset = offset
    countedColumn = column
    return SourceLocation(line: line, column: column)
  }

  private mutating func error(_ message: String, at offset: Int) -> SyntaxError {
    SyntaxError(location: location(of: offset), message: message)
  }

  private mutating func unclosed(_ kind: String, _ start: SourceLocation) -> SyntaxError {
    error("the text ends inside the \(kind) that starts at \(start)", at: position)
  }

  /// What is at `position`, for messages: a word, one character, or the end of the text.
  private func found() -> String {
    guard position < bytes.count else { return "the end of the text" }
    let isWordByte = { (byte: UInt8) in
      (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
    var end = position + 1
    if isWordByte(bytes[position]) {
      while end < bytes.count && end - position < 20 && isWordByte(bytes[end]) { end += 1 }
    } else {
      while end < bytes.count && bytes[end] & 0xC0 == 0x80 { end += 1 }
    }
    return "'\(String(decoding: UnsafeBufferPointer(rebasing: bytes[position..<end]), as: UTF8.self))'"
  }
}
