import Foundation
import SheetSupport
import Testing

/// Standard error capture: lines cut where reads split them, flush markers found wherever they
/// are cut, and child processes writing to the user's standard error, not into the capture.
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
        pieces == [
          .text(Array("one\n".utf8)), .text(Array("two".utf8)), .flushed, .text(Array("three\n".utf8)),
        ],
        "cut at \(cut)")
      #expect(lines.end() == Array("four".utf8))
    }
  }

  @Test("a child process made by fork during a capture writes to the user's standard error")
  func forkedChild() throws {
    let word = "forked-child-\(UUID().uuidString)"
    // Everything the child uses is made before the fork: it may only exec.
    let words = ["/bin/sh", "-c", "echo \(word) >&2"]
    let arguments: [UnsafeMutablePointer<CChar>?] = words.map { (text: String) in strdup(text) } + [nil]
    defer { for argument in arguments { free(argument) } }
    let shown = withStandardErrorInFile { _ in
      let child = fork()
      if child == 0 {
        execv("/bin/sh", arguments)
        _exit(127)
      }
      var status: Int32 = 0
      waitpid(child, &status, 0)
      #expect(status == 0)
    }
    #expect(shown.contains(word), "the child's line went into the capture: \(shown.debugDescription)")
  }

  @Test("a Process started during a capture writes to the user's standard error")
  func spawnedChild() throws {
    let word = "spawned-child-\(UUID().uuidString)"
    let shown = try withStandardErrorInFile { _ in
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/bin/sh")
      process.arguments = ["-c", "echo \(word) >&2"]
      StandardErrorCapture.giveStandardError(to: process)
      try process.run()
      process.waitUntilExit()
      #expect(process.terminationStatus == 0)
    }
    #expect(shown.contains(word), "the child's line went into the capture: \(shown.debugDescription)")
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
