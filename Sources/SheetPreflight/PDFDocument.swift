import CQPDF
import Foundation
import SheetSupport

/// A PDF read by libqpdf for checking: any PDF, ours or another tool's (object streams,
/// cross-reference streams, damaged tables libqpdf repairs). What libqpdf had to repair is
/// kept as ``warnings``, not thrown.
final class PDFDocument {
  let qpdf: qpdf_data
  /// libqpdf's warnings while reading (a repaired cross-reference table…).
  private(set) var warnings: [String] = []

  /// Reads the regular file at `path` (a FIFO or device is refused, never waited on).
  ///
  /// - Throws: ``PreflightError`` when the file cannot be opened or is not a readable PDF.
  init(path: String) throws {
    guard let qpdf = qpdf_init() else { throw PreflightError("cannot start libqpdf") }
    self.qpdf = qpdf
    qpdf_silence_errors(qpdf)
    // Warnings are kept as findings, not printed.
    qpdf_set_suppress_warnings(qpdf, QPDF_TRUE)
    let descriptor: Int32
    do {
      (descriptor, _) = try RegularFile.open(path)
    } catch {
      throw PreflightError("\(path): \(error.isMissing ? "no such file" : error.reason)")
    }
    defer { close(descriptor) }
    let opened = "/proc/self/fd/\(descriptor)"
    let code = qpdf_read(qpdf, opened, "")
    if qpdf_has_error(qpdf) != 0 || code & QPDF_ERRORS != 0 {
      let detail =
        qpdf_get_error(qpdf).map { String(cString: qpdf_get_error_full_text(qpdf, $0)) } ?? "unreadable"
      throw PreflightError(
        "\(path) is not a readable PDF: \(detail.replacingOccurrences(of: opened, with: path))")
    }
    collectWarnings(replacing: opened, with: path)
  }

  deinit {
    var handle: qpdf_data? = qpdf
    qpdf_cleanup(&handle)
  }

  /// Moves libqpdf's pending warnings into ``warnings``.
  func collectWarnings(replacing opened: String = "", with path: String = "") {
    while qpdf_more_warnings(qpdf) != 0, let warning = qpdf_next_warning(qpdf) {
      let text = String(cString: qpdf_get_error_full_text(qpdf, warning))
      warnings.append(opened.isEmpty ? text : text.replacingOccurrences(of: opened, with: path))
    }
  }

  var root: PDFObject { PDFObject(self, qpdf_get_root(qpdf)) }
  var trailer: PDFObject { PDFObject(self, qpdf_get_trailer(qpdf)) }
  var isEncrypted: Bool { qpdf_is_encrypted(qpdf) != 0 }
  var version: String { String(cString: qpdf_get_pdf_version(qpdf)) }

  /// The pages, with inherited attributes (boxes, resources) pushed down to each.
  func pages() -> [PDFObject] {
    _ = qpdf_push_inherited_attributes_to_page(qpdf)
    let count = Int(qpdf_get_num_pages(qpdf))
    return (0..<max(0, count)).map { PDFObject(self, qpdf_get_page_n(qpdf, $0)) }
  }

  /// Every object numbered in the file (1 up to the trailer's `/Size`), in order.
  func forEachObject(_ body: (PDFObject) -> Void) {
    let size = Int(trailer["Size"]?.number ?? 0)
    for id in 1..<max(1, min(size, 50_000_000)) {
      let handle = qpdf_get_object_by_id(qpdf, Int32(id), 0)
      let object = PDFObject(self, handle)
      if !object.isNull { body(object) }
      qpdf_oh_release(qpdf, handle)
    }
  }
}

/// One object of a ``PDFDocument``: its value, read on demand.
struct PDFObject {
  let document: PDFDocument
  let handle: qpdf_oh
  private var qpdf: qpdf_data { document.qpdf }

  init(_ document: PDFDocument, _ handle: qpdf_oh) {
    self.document = document
    self.handle = handle
  }

  var isNull: Bool { qpdf_oh_is_null(qpdf, handle) != 0 || qpdf_oh_is_initialized(qpdf, handle) == 0 }
  var isDictionary: Bool { qpdf_oh_is_dictionary(qpdf, handle) != 0 }
  var isStream: Bool { qpdf_oh_is_stream(qpdf, handle) != 0 }
  var isArray: Bool { qpdf_oh_is_array(qpdf, handle) != 0 }

  /// `12 0 R` for an indirect object; nil for a direct one.
  var reference: String? {
    let id = qpdf_oh_get_object_id(qpdf, handle)
    return id > 0 ? "\(id) \(qpdf_oh_get_generation(qpdf, handle)) R" : nil
  }

  /// The entry `key` (without its slash) of a dictionary, or of a stream's dictionary.
  subscript(key: String) -> PDFObject? {
    let container = isStream ? qpdf_oh_get_dict(qpdf, handle) : handle
    guard qpdf_oh_is_dictionary(qpdf, container) != 0, qpdf_oh_has_key(qpdf, container, "/" + key) != 0 else {
      return nil
    }
    let value = PDFObject(document, qpdf_oh_get_key(qpdf, container, "/" + key))
    return value.isNull ? nil : value
  }

  /// A name's text, without its slash.
  var name: String? {
    guard qpdf_oh_is_name(qpdf, handle) != 0 else { return nil }
    return String(String(cString: qpdf_oh_get_name(qpdf, handle)).dropFirst())
  }

  var number: Double? {
    qpdf_oh_is_number(qpdf, handle) != 0 ? qpdf_oh_get_numeric_value(qpdf, handle) : nil
  }

  var bool: Bool? { qpdf_oh_is_bool(qpdf, handle) != 0 ? qpdf_oh_get_bool_value(qpdf, handle) != 0 : nil }

  /// A string's text (PDFDocEncoding or UTF-16 decoded).
  var text: String? {
    qpdf_oh_is_string(qpdf, handle) != 0 ? String(cString: qpdf_oh_get_utf8_value(qpdf, handle)) : nil
  }

  var items: [PDFObject] {
    guard isArray else { return [] }
    return (0..<qpdf_oh_get_array_n_items(qpdf, handle)).map {
      PDFObject(document, qpdf_oh_get_array_item(qpdf, handle, $0))
    }
  }

  /// The keys of a dictionary (or a stream's), without their slashes.
  var keys: [String] {
    let container = isStream ? qpdf_oh_get_dict(qpdf, handle) : handle
    guard qpdf_oh_is_dictionary(qpdf, container) != 0 else { return [] }
    var keys: [String] = []
    qpdf_oh_begin_dict_key_iter(qpdf, container)
    while qpdf_oh_dict_more_keys(qpdf) != 0 {
      keys.append(String(String(cString: qpdf_oh_dict_next_key(qpdf)).dropFirst()))
    }
    return keys
  }

  /// A rectangle's four numbers, normalised (lower left, upper right).
  var rectangle: [Double]? {
    let values = items.compactMap(\.number)
    guard values.count == 4 else { return nil }
    return [
      min(values[0], values[2]), min(values[1], values[3]), max(values[0], values[2]),
      max(values[1], values[3]),
    ]
  }

  /// A stream's data, decoded as far as libqpdf can (with `images`, JPEG (DCT) images' too:
  /// their samples); nil when it cannot.
  func streamData(images: Bool = false) -> [UInt8]? {
    guard isStream else { return nil }
    var buffer: UnsafeMutablePointer<UInt8>?
    var length = 0
    var filtered: QPDF_BOOL = 0
    let level = images ? qpdf_dl_all : qpdf_dl_generalized
    guard qpdf_oh_get_stream_data(qpdf, handle, level, &filtered, &buffer, &length) == QPDF_SUCCESS,
      let buffer
    else { return nil }
    // Samples still filtered in a way libqpdf cannot undo (JPEG 2000) are not samples.
    if images && filtered == 0 && self["Filter"] != nil {
      free(buffer)
      return nil
    }
    defer { free(buffer) }
    return Array(UnsafeBufferPointer(start: buffer, count: length))
  }

  /// A page's content streams, concatenated and decoded.
  func pageContent() -> [UInt8] {
    var buffer: UnsafeMutablePointer<UInt8>?
    var length = 0
    guard qpdf_oh_get_page_content_data(qpdf, handle, &buffer, &length) == QPDF_SUCCESS, let buffer else {
      return []
    }
    defer { free(buffer) }
    return Array(UnsafeBufferPointer(start: buffer, count: length))
  }
}

/// A file preflight cannot read at all (exit status 2).
public struct PreflightError: Error, CustomStringConvertible {
  /// Which file, and why it cannot be read.
  public var description: String
  init(_ description: String) { self.description = description }
}
