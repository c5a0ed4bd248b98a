import CQPDF
import Foundation

/// Appends an incremental update to a PDF (ISO 32000 §7.5.6): the changed and new objects,
/// a cross-reference section for them alone, and a trailer pointing back at the file's own.
/// The file Cairo wrote is kept byte for byte, so finishing it costs memory and time for the
/// objects changed only; rewriting it whole through libqpdf held every object of the file in
/// memory (about 180 KB a page: 1.8 GB for 10,000 pages).
struct PDFIncrementalUpdate {
  /// An object to write: its number, generation and body (without `obj`/`endobj`).
  struct Object {
    var id: Int
    var generation: Int
    var body: [UInt8]
  }

  /// The objects, in any order.
  var objects: [Object] = []

  /// Adds the indirect object `handle` of `qpdf` as it is now (a dictionary), with the
  /// dictionary entries `adding` (text such as ` /Annots [12 0 R]`) appended.
  mutating func add(_ qpdf: qpdf_data, _ handle: qpdf_oh, adding: String = "") {
    var body = String(cString: qpdf_oh_unparse_resolved(qpdf, handle))
    if !adding.isEmpty, body.hasSuffix(">>") { body = String(body.dropLast(2)) + adding + " >>" }
    objects.append(
      Object(
        id: Int(qpdf_oh_get_object_id(qpdf, handle)), generation: Int(qpdf_oh_get_generation(qpdf, handle)),
        body: Array(body.utf8)))
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

  /// Adds a stream object numbered `id` holding `data` unfiltered.
  mutating func addStream(id: Int, data: Data) {
    var body = Array("<< /Length \(data.count) >>\nstream\n".utf8)
    body += data
    body += Array("\nendstream".utf8)
    objects.append(Object(id: id, generation: 0, body: body))
  }

  /// Appends the update to the PDF at `path`, whose trailer (as libqpdf read it) is `trailer`:
  /// its `/Root`, `/Info` and `/ID` are kept, `/Size` grows to cover the new objects.
  func append(to path: String, trailer: Trailer) throws {
    guard let file = FileHandle(forUpdatingAtPath: path) else {
      throw RenderError("cannot finish \(path): \(String(cString: strerror(errno)))")
    }
    defer { try? file.close() }
    let previous = try Self.startXref(file, path: path)
    var offset = Int(try file.seekToEnd())
    var text: [UInt8] = Array("\n".utf8)
    offset += 1
    var offsets: [Int: (Int, Int)] = [:]
    for object in objects.sorted(by: { $0.id < $1.id }) {
      offsets[object.id] = (offset + text.count - 1, object.generation)
      text += Array("\(object.id) \(object.generation) obj\n".utf8) + object.body + Array("\nendobj\n".utf8)
    }
    let xref = offset + text.count - 1
    text += Array("xref\n".utf8)
    let ids = offsets.keys.sorted()
    var start = 0
    while start < ids.count {
      var end = start
      while end + 1 < ids.count && ids[end + 1] == ids[end] + 1 { end += 1 }
      text += Array("\(ids[start]) \(end - start + 1)\n".utf8)
      for id in ids[start...end] {
        let (at, generation) = offsets[id]!
        text += Array(String(format: "%010d %05d n\r\n", at, generation).utf8)
      }
      start = end + 1
    }
    let size = max(trailer.size, (ids.last ?? 0) + 1)
    var entries = "/Size \(size) /Root \(trailer.root)"
    if let info = trailer.info { entries += " /Info \(info)" }
    if let id = trailer.id { entries += " /ID \(id)" }
    text += Array("trailer\n<< \(entries) /Prev \(previous) >>\nstartxref\n\(xref)\n%%EOF\n".utf8)
    try file.write(contentsOf: text)
  }

  /// What the update's trailer keeps from the file's: references written as `N G R`.
  struct Trailer {
    var size: Int
    var root: String
    var info: String?
    var id: String?

    /// The trailer of the file open in `qpdf`.
    init(_ qpdf: qpdf_data) {
      let trailer = qpdf_get_trailer(qpdf)
      size = Int(qpdf_oh_get_int_value(qpdf, qpdf_oh_get_key(qpdf, trailer, "/Size")))
      func reference(_ key: String) -> String? {
        let value = qpdf_oh_get_key(qpdf, trailer, key)
        guard qpdf_oh_is_null(qpdf, value) == 0 else { return nil }
        return String(cString: qpdf_oh_unparse(qpdf, value))
      }
      root = reference("/Root") ?? ""
      info = reference("/Info")
      id = reference("/ID")
    }
  }

  /// The offset of the file's last cross-reference section: the number after its final
  /// `startxref`.
  private static func startXref(_ file: FileHandle, path: String) throws -> Int {
    let end = try file.seekToEnd()
    try file.seek(toOffset: end > 1024 ? end - 1024 : 0)
    let tail = String(decoding: try file.readToEnd() ?? Data(), as: UTF8.self)
    guard let range = tail.range(of: "startxref", options: .backwards),
      let number = tail[range.upperBound...].split(whereSeparator: \.isWhitespace).first.flatMap({ Int($0) })
    else { throw RenderError("cannot finish \(path): no startxref at its end") }
    return number
  }
}
