import Foundation
import SheetSupport

/// The list of paths `-` reads from standard input, one per line, read in bounded pieces: a
/// line longer than a path can be, or a NUL byte (`render - < /dev/zero`), ends the run with a
/// message after at most ``InputLimits/pathBytes`` bytes, instead of reading on for ever.
package struct StandardInputList {
  private let descriptor: Int32
  private var buffer: [UInt8] = []
  private var start = 0
  private var atEnd = false
  /// Lines handed out so far, for messages.
  private(set) var lineNumber = 0

  package init(descriptor: Int32 = STDIN_FILENO) {
    self.descriptor = descriptor
  }

  /// The next line without its line feed (and carriage return), nil at the end of the input.
  /// Bytes that are not UTF-8 are kept (``PathBytes``): the line is a file name.
  ///
  /// - Throws: ``InputError`` when a line is too long, holds a NUL byte or cannot be read.
  package mutating func next() throws -> String? {
    while true {
      if let newline = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
        return try take(upTo: newline, skipping: 1)
      }
      if buffer.count - start > InputLimits.pathBytes { throw tooLong() }
      if atEnd { return start < buffer.count ? try take(upTo: buffer.count, skipping: 0) : nil }
      try fill()
    }
  }

  private mutating func take(upTo end: Int, skipping: Int) throws -> String {
    lineNumber += 1
    guard end - start <= InputLimits.pathBytes else { throw tooLong() }
    var line = buffer[start..<end]
    if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
    guard !line.contains(0) else {
      throw InputError(
        "standard input, line \(lineNumber): holds a NUL byte; the list given with - is text, one path per line"
      )
    }
    start = end + skipping
    return PathBytes.string(line)
  }

  private mutating func fill() throws {
    if start > 0 {
      buffer.removeSubrange(0..<start)
      start = 0
    }
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = read(descriptor, &chunk, chunk.count)
      if count < 0 && errno == EINTR { continue }
      guard count >= 0 else {
        throw InputError("standard input: cannot be read (\(String(cString: strerror(errno))))")
      }
      if count == 0 { atEnd = true }
      buffer += chunk.prefix(count)
      return
    }
  }

  private func tooLong() -> InputError {
    InputError(
      "standard input, line \(lineNumber + 1): longer than \(InputLimits.pathBytes) bytes; the list given with - holds one path per line"
    )
  }
}
