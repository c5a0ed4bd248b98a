import Foundation

/// Appends an incremental update to a PDF (ISO 32000 §7.5.6): the changed and new objects,
/// a cross-reference section for them alone, and a trailer pointing back at the file's own.
/// The file Cairo wrote is kept byte for byte, and objects are written as they are given (in
/// ascending number), keeping only their offsets, so finishing a file costs memory for
/// neither its objects nor the update's. (Rewriting it whole through libqpdf held every object
/// of the file in memory: about 180 KB a page, 1.8 GB for 10,000 pages.)
struct PDFIncrementalUpdate {
  private let file: FileHandle
  private let path: String
  /// The offset of the file's newest cross-reference section, before the update.
  private let previous: Int
  /// Where the next byte written lands in the file.
  private var offset: Int
  /// Bytes not written yet.
  private var pending: [UInt8] = []
  /// Each object written, with its generation and offset, in ascending number.
  private var written: [(id: Int, generation: Int, offset: Int)] = []

  /// Starts an update of the PDF at `path`, whose newest cross-reference section is at
  /// `previous`.
  init(path: String, previous: Int) throws {
    guard let file = FileHandle(forUpdatingAtPath: path) else {
      throw RenderError("cannot finish \(path): \(String(cString: strerror(errno)))")
    }
    self.file = file
    self.path = path
    self.previous = previous
    offset = Int(try file.seekToEnd())
    pending = Array("\n".utf8)
  }

  /// Writes object `id` with `body` (without `obj`/`endobj`); objects must come in ascending
  /// number.
  mutating func add(id: Int, generation: Int = 0, body: [UInt8]) throws {
    precondition(written.last.map { $0.id < id } ?? true, "incremental update objects out of order")
    written.append((id, generation, offset + pending.count))
    pending += Array("\(id) \(generation) obj\n".utf8) + body + Array("\nendobj\n".utf8)
    if pending.count >= 1 << 20 { try flush() }
  }

  /// Writes object `id` with `dictionary` (a dictionary read from the file) and the entries
  /// `adding` (text such as ` /Annots [12 0 R]`) appended, as libqpdf would write it.
  mutating func add(id: Int, generation: Int, dictionary: PDFValue, adding: String = "") throws {
    var body = dictionary.unparsed
    if !adding.isEmpty, body.hasSuffix(">>") { body = String(body.dropLast(2)) + adding + " >>" }
    try add(id: id, generation: generation, body: Array(body.utf8))
  }

  /// `text` as a PDF string: `(…)` with `\\`, `(` and `)` escaped when it is printable ASCII
  /// (as URIs are), else `<…>` in hexadecimal UTF-8.
  static func string(_ text: String) -> String {
    let bytes = Array(text.utf8)
    guard bytes.allSatisfy({ (0x20...0x7E).contains($0) }) else {
      return "<" + bytes.map { String(format: "%02x", $0) }.joined() + ">"
    }
    var escaped = ""
    for character in text {
      if character == "\\" || character == "(" || character == ")" { escaped.append("\\") }
      escaped.append(character)
    }
    return "(" + escaped + ")"
  }

  /// Writes a stream object numbered `id` holding `data` unfiltered, its dictionary holding
  /// `entries` (text such as `/N 3`) besides its length.
  mutating func addStream(id: Int, data: Data, entries: String = "") throws {
    let extra = entries.isEmpty ? "" : entries + " "
    var body = Array("<< \(extra)/Length \(data.count) >>\nstream\n".utf8)
    body += data
    body += Array("\nendstream".utf8)
    try add(id: id, body: body)
  }

  /// Writes the update's cross-reference section and trailer, which keeps the file's `/Root`,
  /// `/Info` and `/ID` from `trailer` and grows `/Size` to cover the new objects.
  mutating func finish(trailer: Trailer) throws {
    let xref = offset + pending.count
    pending += Array("xref\n".utf8)
    var start = 0
    while start < written.count {
      var end = start
      while end + 1 < written.count && written[end + 1].id == written[end].id + 1 { end += 1 }
      pending += Array("\(written[start].id) \(end - start + 1)\n".utf8)
      for object in written[start...end] {
        pending += Array(String(format: "%010d %05d n\r\n", object.offset, object.generation).utf8)
      }
      start = end + 1
    }
    let size = max(trailer.size, (written.last?.id ?? 0) + 1)
    var entries = "/Size \(size) /Root \(trailer.root)"
    if let info = trailer.info { entries += " /Info \(info)" }
    if let id = trailer.id { entries += " /ID \(id)" }
    pending += Array("trailer\n<< \(entries) /Prev \(previous) >>\nstartxref\n\(xref)\n%%EOF\n".utf8)
    try flush()
    try file.close()
  }

  /// Writes the pending bytes.
  private mutating func flush() throws {
    do {
      try file.write(contentsOf: pending)
    } catch {
      throw RenderError("cannot finish \(path): \(error.localizedDescription)")
    }
    offset += pending.count
    pending.removeAll(keepingCapacity: true)
  }

  /// What the update's trailer keeps from the file's: references written as `N G R`.
  struct Trailer {
    var size: Int
    var root: String
    var info: String?
    var id: String?

    /// The entries of the file's newest trailer dictionary, `trailer`.
    init(_ trailer: PDFValue, path: String) throws {
      guard case .integer(let size)? = trailer["Size"], let root = trailer["Root"] else {
        throw RenderError("cannot finish \(path): its trailer has no /Size or no /Root")
      }
      self.size = size
      self.root = root.unparsed
      info = trailer["Info"]?.unparsed
      id = trailer["ID"]?.unparsed
    }
  }
}
