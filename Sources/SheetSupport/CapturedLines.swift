/// What ``StandardErrorCapture`` reads from its pipe, cut into lines, with its flush markers
/// found wherever the reads split them: a read may end inside a marker, and so may the piece
/// of a line that never ends that is given out once it is longer than ``longestLine``.
package struct CapturedLines {
  /// A line no library writes: ``StandardErrorCapture/flush()`` writes it, and the reader
  /// signals when it reads it.
  package static let marker = Array("\u{1}contactsheet-flush\u{1}\n".utf8)
  /// Bytes held waiting for the end of a line before they are given out as a piece.
  package static let longestLine = 64 << 10

  /// One thing found: text to record (a line, a piece of one, or what came before a marker on
  /// its line), or a flush marker.
  package enum Piece: Equatable, Sendable {
    /// Text a library wrote.
    case text([UInt8])
    /// A flush marker: everything written before it has been given out.
    case flushed
  }

  /// Bytes read that end no line yet.
  private var pending: [UInt8] = []

  /// Nothing read yet.
  package init() {}

  /// What `bytes`, read next, complete, in order.
  package mutating func take(_ bytes: some Collection<UInt8>) -> [Piece] {
    pending += bytes
    var pieces: [Piece] = []
    var start = pending.startIndex
    while let end = pending[start...].firstIndex(of: UInt8(ascii: "\n")) {
      let line = pending[start...end]
      // A library's unfinished line may lie before the marker: it is given on its own.
      if line.count >= Self.marker.count && line.suffix(Self.marker.count).elementsEqual(Self.marker) {
        pieces.append(.text(Array(line.dropLast(Self.marker.count))))
        pieces.append(.flushed)
      } else {
        pieces.append(.text(Array(line)))
      }
      start = end + 1
    }
    pending.removeSubrange(..<start)
    // A line that never ends is given in pieces rather than held without bound. Its last
    // bytes stay back: they may be the start of a marker whose rest is not read yet (a marker
    // cut there would never be seen, and ``StandardErrorCapture/flush()`` would wait its
    // whole timeout).
    if pending.count > Self.longestLine {
      let kept = Self.marker.count - 1
      pieces.append(.text(Array(pending.dropLast(kept))))
      pending.removeSubrange(..<(pending.count - kept))
    }
    return pieces
  }

  /// What is left when the pipe ends: the last line, if it had no line feed.
  package mutating func end() -> [UInt8] {
    defer { pending = [] }
    return pending
  }
}
