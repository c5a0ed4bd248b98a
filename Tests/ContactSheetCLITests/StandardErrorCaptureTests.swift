import Foundation
import SheetSupport
import Testing

/// Standard error capture: lines cut where reads split them, flush markers found wherever they
/// are cut.
@Suite("standard error capture", .serialized)
struct StandardErrorCaptureTests {
  private let marker = CapturedLines.marker

  @Test("a flush marker cut at the forced flush of a line that never ends is still found, nothing lost")
  func markerAcrossForcedFlush() {
    for cut in 1..<marker.count {
      var lines = CapturedLines()
      // A line with no end one byte short of the limit, then the marker's first `cut` bytes:
      // together they pass the limit, so the piece is given out in the middle of the marker.
      let text = [UInt8](repeating: UInt8(ascii: "x"), count: CapturedLines.longestLine + 1 - cut + 1)
      var pieces = lines.take(text + marker.prefix(cut))
      pieces += lines.take(marker.dropFirst(cut))
      #expect(pieces.last == .flushed, "marker cut after \(cut) bytes: \(pieces.count) pieces")
      #expect(pieces.filter { $0 == .flushed }.count == 1)
      let given = pieces.flatMap { piece -> [UInt8] in
        if case .text(let bytes) = piece { bytes } else { [] }
      }
      #expect(given == text, "marker cut after \(cut) bytes")
      #expect(lines.end().isEmpty)
    }
  }

  @Test("lines and markers cut anywhere by reads come out whole and in order")
  func linesCutAnywhere() {
    let stream = Array("one\ntwo".utf8) + marker + Array("three\nfour".utf8)
    for cut in 0...stream.count {
      var lines = CapturedLines()
      let pieces = lines.take(stream[..<cut]) + lines.take(stream[cut...])
      #expect(
        pieces == [.text(Array("one\n".utf8)), .text(Array("two".utf8)), .flushed, .text(Array("three\n".utf8))],
        "cut at \(cut)")
      #expect(lines.end() == Array("four".utf8))
    }
  }

  @Test("flush returns at once after a long line without an end, whatever its length")
  func flushAfterLongLine() {
    withStandardErrorInFile { _ in
      for length in stride(from: CapturedLines.longestLine - 40, through: CapturedLines.longestLine + 40, by: 4) {
        let text = [UInt8](repeating: UInt8(ascii: "y"), count: length)
        text.withUnsafeBytes { bytes in
          var done = 0
          while done < bytes.count {
            let wrote = Glibc.write(STDERR_FILENO, bytes.baseAddress! + done, bytes.count - done)
            guard wrote > 0 else { break }
            done += wrote
          }
        }
        let start = DispatchTime.now()
        StandardErrorCapture.flush()
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        #expect(seconds < 2, "flush after \(length) bytes took \(seconds) s")
      }
    }
  }

  /// Runs `body` capturing standard error, with the standard error that the capture saves (the
  /// user's) a temporary file; returns what reached that file.
  @discardableResult
  func withStandardErrorInFile(_ body: (_ userStandardError: Int32) throws -> Void) rethrows -> String {
    let path = NSTemporaryDirectory() + "capture-\(UUID().uuidString).txt"
    let file = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    let original = fcntl(STDERR_FILENO, F_DUPFD_CLOEXEC, 3)
    dup2(file, STDERR_FILENO)
    close(file)
    defer {
      dup2(original, STDERR_FILENO)
      close(original)
      unlink(path)
    }
    StandardErrorCapture.start(quiet: true)
    defer { StandardErrorCapture.finish() }
    try body(StandardErrorCapture.descriptor)
    StandardErrorCapture.finish()
    return (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
  }
}
