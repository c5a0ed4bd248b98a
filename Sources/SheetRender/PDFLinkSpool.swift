import Foundation
import SheetLayout

/// The links of a PDF being drawn, kept in an unnamed temporary file in `$TMPDIR` (or `/tmp`;
/// removed when closed) until ``PDFFinisher`` writes them. A catalog has a link on every card:
/// held in memory with their URIs, they took about 120 bytes a page until the end of the
/// document.
final class PDFLinkSpool {
  private var file: UnsafeMutablePointer<FILE>?
  /// Why the links could not be kept, if they could not.
  private var failure: String?
  /// The number of links appended.
  private(set) var count = 0
  /// The page of the last link appended: links come in page order, which the finisher's
  /// numbering of each page's annotations relies on.
  private var lastPage = Int.min

  /// Whether no link was given: true only when none was appended and none failed to be kept
  /// (a failure must reach ``readBack(_:)``, which reports it).
  var isEmpty: Bool { count == 0 && failure == nil }

  deinit {
    if let file { fclose(file) }
  }

  /// Keeps `link`, after those appended before.
  func append(_ link: PDFLink) {
    guard failure == nil else { return }
    guard link.page >= lastPage else {
      failure = "a link for page \(link.page + 1) came after one for page \(lastPage + 1)"
      return
    }
    lastPage = link.page
    if file == nil {
      file = Self.unnamedFile()
      guard file != nil else {
        failure = String(cString: strerror(errno))
        return
      }
    }
    var record: [UInt8] = []
    func add<T>(_ value: T) { withUnsafeBytes(of: value) { record += $0 } }
    func add(text: String) {
      let bytes = Array(text.utf8)
      add(Int64(bytes.count))
      record += bytes
    }
    add(Int64(link.page))
    for value in [link.rect.x, link.rect.y, link.rect.width, link.rect.height] { add(value) }
    switch link.target {
    case .uri(let uri):
      add(UInt8(0))
      add(text: uri)
    case .page(let page, let x, let y):
      add(UInt8(1))
      add(Int64(page))
      add(x)
      add(y)
    }
    add(text: link.contents ?? "")
    guard fwrite(record, 1, record.count, file) == record.count else {
      failure = String(cString: strerror(errno))
      return
    }
    count += 1
  }

  /// Calls `body` with each link, in the order they were appended.
  func readBack(_ body: (PDFLink) throws -> Void) throws {
    if let failure { throw RenderError("cannot keep the links while drawing: \(failure)") }
    guard let file, count > 0 else { return }
    guard fflush(file) == 0 else {
      throw RenderError("cannot keep the links while drawing: \(String(cString: strerror(errno)))")
    }
    rewind(file)
    func read<T>(_: T.Type) throws -> T {
      var bytes = [UInt8](repeating: 0, count: MemoryLayout<T>.size)
      guard fread(&bytes, 1, bytes.count, file) == bytes.count else {
        throw RenderError("cannot read back the links kept while drawing")
      }
      return bytes.withUnsafeBytes { $0.loadUnaligned(as: T.self) }
    }
    func readText() throws -> String {
      let length = Int(try read(Int64.self))
      var bytes = [UInt8](repeating: 0, count: length)
      guard length == 0 || fread(&bytes, 1, length, file) == length else {
        throw RenderError("cannot read back the links kept while drawing")
      }
      return String(decoding: bytes, as: UTF8.self)
    }
    for _ in 0..<count {
      let page = Int(try read(Int64.self))
      let x = try read(Double.self)
      let y = try read(Double.self)
      let rect = Rect(x: x, y: y, width: try read(Double.self), height: try read(Double.self))
      let target: PDFLink.Target
      if try read(UInt8.self) == 0 {
        target = .uri(try readText())
      } else {
        let page = Int(try read(Int64.self))
        let x = try read(Double.self)
        target = .page(page, x: x, y: try read(Double.self))
      }
      let contents = try readText()
      try body(PDFLink(page: page, rect: rect, target: target, contents: contents.isEmpty ? nil : contents))
    }
  }

  /// A new file in `$TMPDIR` (or `/tmp`), unlinked at once, open for reading and writing;
  /// nil with `errno` set when it cannot be made (`tmpfile` ignores `$TMPDIR`).
  private static func unnamedFile() -> UnsafeMutablePointer<FILE>? {
    let folder = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    var template = Array((folder + "/.contactsheet-links.XXXXXX").utf8CString)
    let descriptor = mkstemp(&template)
    guard descriptor >= 0 else { return nil }
    _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    unlink(template)
    guard let file = fdopen(descriptor, "w+") else {
      close(descriptor)
      return nil
    }
    return file
  }
}
