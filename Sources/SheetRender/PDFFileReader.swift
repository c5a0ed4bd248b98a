import Foundation

/// Reads what ``PDFFinisher`` changes in a PDF Cairo has finished — its trailer, page tree and
/// a few dictionaries — straight from the file, an object at a time, keeping nothing per
/// object of the file: memory stays flat in the number of pages. (libqpdf, which read the same
/// before, held about 15 KB a page doing it: its cross-reference map and every page's
/// resources.)
///
/// Reads files with cross-reference tables, as Cairo 1.16 writes them (PDF 1.5 without object
/// streams), following `/Prev` to earlier sections; a cross-reference stream is refused with a
/// message.
final class PDFFileReader {
  /// A cross-reference subsection: objects `first`..<`first + count`, 20-byte entries from `offset`.
  private struct Subsection {
    var first: Int
    var count: Int
    var offset: UInt64
  }

  private let file: FileHandle
  private let path: String
  private let size: UInt64
  /// Newest section first, so an object's latest entry is found first.
  private let subsections: [Subsection]
  /// The newest trailer dictionary.
  let trailer: PDFValue
  /// The offset of the newest cross-reference section (an update's `/Prev`).
  let startXref: Int

  /// Opens `path` and reads its cross-reference sections and trailer.
  init(path: String) throws {
    self.path = path
    guard let file = FileHandle(forReadingAtPath: path) else {
      throw RenderError("cannot read \(path): \(String(cString: strerror(errno)))")
    }
    self.file = file
    size = try file.seekToEnd()
    let tailStart = size > 1024 ? size - 1024 : 0
    let tail = String(
      decoding: try Self.read(file, at: tailStart, count: Int(size - tailStart)), as: UTF8.self)
    guard let range = tail.range(of: "startxref", options: .backwards),
      let number = tail[range.upperBound...].split(whereSeparator: \.isWhitespace).first.flatMap({ Int($0) })
    else { throw RenderError("cannot read \(path): no startxref at its end") }
    startXref = number
    var newest: PDFValue?
    var subsections: [Subsection] = []
    var next: Int? = number
    var seen: Set<Int> = []
    while let offset = next {
      guard seen.insert(offset).inserted, offset >= 0, UInt64(offset) < size else {
        throw RenderError("cannot read \(path): a cross-reference offset (\(offset)) is out of the file")
      }
      let section = try Self.readSection(file, at: UInt64(offset), size: size, path: path, into: &subsections)
      if newest == nil { newest = section }
      next = section["Prev"].flatMap { if case .integer(let value) = $0 { value } else { nil } }
    }
    self.subsections = subsections
    trailer = newest!
  }

  deinit { try? file.close() }

  /// The object `id` (its latest version), or an error naming the file.
  func object(_ id: Int) throws -> PDFValue {
    guard let offset = try offset(of: id) else {
      throw RenderError("cannot read \(path): object \(id) is not in use in its cross-reference table")
    }
    return try head(of: id, at: offset, firstRead: 4096).value
  }

  /// Stream object `id`: its dictionary and its data as stored (still filtered), refused past
  /// `limit` bytes.
  func stream(_ id: Int, limit: Int) throws -> (dictionary: PDFValue, data: [UInt8]) {
    guard let offset = try offset(of: id) else {
      throw RenderError("cannot read \(path): object \(id) is not in use in its cross-reference table")
    }
    let head = try head(of: id, at: offset, firstRead: 4096)
    var length: Int?
    switch head.value["Length"] {
    case .integer(let value)?: length = value
    case .reference(let lengthID, _)?:
      if case .integer(let value) = try object(lengthID) { length = value }
    default: break
    }
    var index = head.valueEnd
    while index < head.bytes.count, PDFSyntax.whitespace.contains(head.bytes[index]) { index += 1 }
    let keyword = Array("stream".utf8)
    guard let length, (0...limit).contains(length), index + keyword.count < head.bytes.count,
      Array(head.bytes[index..<(index + keyword.count)]) == keyword
    else { throw RenderError("cannot read \(path): object \(id) is not a stream ContactSheet can read") }
    index += keyword.count
    if head.bytes[index] == 13 { index += 1 }
    if index < head.bytes.count, head.bytes[index] == 10 { index += 1 }
    let start = head.offset + UInt64(index)
    guard start + UInt64(length) <= size else {
      throw RenderError("cannot read \(path): object \(id)'s stream runs past the end of the file")
    }
    return (head.value, try Self.read(file, at: start, count: length))
  }

  /// The start of an object as written in the file: where it is, its first bytes, its value
  /// (a stream's dictionary) and the index in `bytes` just after that value.
  struct ObjectHead {
    var offset: UInt64
    var generation: Int
    var bytes: [UInt8]
    var value: PDFValue
    var valueEnd: Int
  }

  /// Calls `body` with the head of every object in use, in ascending number (its latest
  /// version), reading about 1 KB of each: a pass over the whole file in flat memory.
  func forEachObjectHead(_ body: (Int, ObjectHead) throws -> Void) throws {
    let ids = subsections.flatMap { [$0.first..<($0.first + $0.count)] }.sorted {
      $0.lowerBound < $1.lowerBound
    }
    var previous = -1
    for range in ids {
      for id in range where id > previous {
        previous = id
        guard let offset = try offset(of: id) else { continue }
        try body(id, try head(of: id, at: offset, firstRead: 1024))
      }
    }
  }

  /// Where the latest version of object `id` starts; nil when it is free.
  private func offset(of id: Int) throws -> UInt64? {
    guard let subsection = subsections.first(where: { (0..<$0.count).contains(id - $0.first) }) else {
      throw RenderError("cannot read \(path): object \(id) is not in its cross-reference table")
    }
    let entry = String(
      decoding: try Self.read(file, at: subsection.offset + UInt64(20 * (id - subsection.first)), count: 20),
      as: UTF8.self)
    let fields = entry.split(whereSeparator: \.isWhitespace)
    guard fields.count == 3, let offset = UInt64(fields[0]) else {
      throw RenderError("cannot read \(path): object \(id) has a broken cross-reference entry")
    }
    guard fields[2] == "n" else { return nil }
    guard offset < size else {
      throw RenderError("cannot read \(path): object \(id) lies beyond the end of the file")
    }
    return offset
  }

  /// Object `id`'s head, read from `offset`, `firstRead` bytes at first and more while its value
  /// runs on.
  private func head(of id: Int, at offset: UInt64, firstRead: Int) throws -> ObjectHead {
    var count = firstRead
    while true {
      let bytes = try Self.read(file, at: offset, count: count)
      var parser = PDFParser(bytes)
      do {
        guard try parser.integer() == id else {
          throw RenderError("cannot read \(path): the cross-reference table points object \(id) elsewhere")
        }
        let generation = try parser.integer()
        try parser.expect("obj")
        let value = try parser.value()
        return ObjectHead(
          offset: offset, generation: generation, bytes: bytes, value: value, valueEnd: parser.position)
      } catch let error as PDFParser.SyntaxError {
        guard error.truncated, offset + UInt64(count) < size else {
          throw RenderError("cannot read \(path): object \(id): \(error.message)")
        }
        count *= 4
      }
    }
  }

  /// The page objects (references), in page order, from the catalog's page tree.
  func pages() throws -> [(id: Int, generation: Int)] {
    guard case .reference(let rootID, _)? = trailer["Root"],
      case .reference(let treeID, _)? = try object(rootID)["Pages"]
    else { throw RenderError("cannot read \(path): its catalog names no page tree") }
    var pages: [(id: Int, generation: Int)] = []
    var visited: Set<Int> = []
    func visit(_ id: Int, generation: Int) throws {
      guard visited.insert(id).inserted else {
        throw RenderError("cannot read \(path): its page tree has a loop")
      }
      let node = try object(id)
      guard case .name("Pages")? = node["Type"] else {
        pages.append((id, generation))
        return
      }
      guard case .array(let kids)? = node["Kids"] else {
        throw RenderError("cannot read \(path): a page tree node has no /Kids")
      }
      for kid in kids {
        guard case .reference(let kidID, let kidGeneration) = kid else {
          throw RenderError("cannot read \(path): a page tree node lists a direct object")
        }
        try visit(kidID, generation: kidGeneration)
      }
    }
    try visit(treeID, generation: 0)
    return pages
  }

  /// Reads the cross-reference section at `offset` (its subsections' positions only) and
  /// returns its trailer.
  private static func readSection(
    _ file: FileHandle, at offset: UInt64, size: UInt64, path: String, into subsections: inout [Subsection]
  ) throws -> PDFValue {
    var position = offset
    let header = try read(file, at: position, count: 64)
    var parser = PDFParser(header)
    do {
      try parser.expect("xref")
    } catch {
      throw RenderError(
        "cannot read \(path): no cross-reference table at \(offset) (a cross-reference stream is not read)")
    }
    position += UInt64(parser.position)
    while true {
      let text = try read(file, at: position, count: 64)
      var parser = PDFParser(text)
      parser.skipWhitespace()
      if parser.peekToken() == "trailer" {
        position += UInt64(parser.position)
        break
      }
      let first: Int
      let count: Int
      do {
        first = try parser.integer()
        count = try parser.integer()
      } catch {
        throw RenderError("cannot read \(path): a cross-reference subsection at \(position) is malformed")
      }
      // The header's end of line, then `count` entries of exactly 20 bytes.
      var index = parser.position
      while index < text.count && text[index] == UInt8(ascii: " ") { index += 1 }
      if index < text.count && text[index] == 13 { index += 1 }
      if index < text.count && text[index] == 10 { index += 1 }
      let entries = position + UInt64(index)
      guard first >= 0, count >= 0, entries + UInt64(20 * count) <= size else {
        throw RenderError("cannot read \(path): a cross-reference subsection runs past its end")
      }
      subsections.append(Subsection(first: first, count: count, offset: entries))
      position = entries + UInt64(20 * count)
    }
    var count = 4096
    while true {
      var parser = PDFParser(try read(file, at: position, count: count))
      do {
        try parser.expect("trailer")
        let trailer = try parser.value()
        guard case .dictionary = trailer else {
          throw RenderError("cannot read \(path): its trailer is not a dictionary")
        }
        return trailer
      } catch let error as PDFParser.SyntaxError {
        guard error.truncated, position + UInt64(count) < size else {
          throw RenderError("cannot read \(path): its trailer: \(error.message)")
        }
        count *= 4
      }
    }
  }

  /// Up to `count` bytes of `file` from `offset`.
  private static func read(_ file: FileHandle, at offset: UInt64, count: Int) throws -> [UInt8] {
    try file.seek(toOffset: offset)
    return [UInt8](try file.read(upToCount: count) ?? Data())
  }
}
