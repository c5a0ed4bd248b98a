import Foundation
import Synchronization

/// Warnings the C libraries would print straight to standard error (Pango and GLib through
/// their log, libtiff through its handlers: hundreds for one odd caption or a folder of
/// camera TIFFs; dav1d and libjpeg inside LibRaw, which have no hook, through
/// ``StandardErrorCapture``), collected instead, so the command shows each kind once with how often it
/// came, or nothing under `-q`. Messages that differ only in their numbers are one kind.
package enum LibraryWarnings {
  /// One kind of warning and how often it was reported.
  package struct Kind: Sendable, Equatable {
    /// The library or log domain, such as "Pango" or "libtiff".
    package var source: String
    /// The first message of this kind, as the library wrote it.
    package var message: String
    /// How many times a message of this kind was reported (once per file, when the library
    /// names the file).
    package var count: Int
    /// The first file it was reported for, when the report names one.
    package var file: String?
  }

  /// At most this many kinds are kept; later new kinds are only counted.
  package static let keptKinds = 20

  private struct State {
    var kinds: [Kind] = []
    var index: [String: Int] = [:]
    /// Kinds and files already counted, so a file read twice (header, then pixels) counts once.
    var counted: Set<String> = []
    /// Warnings of kinds beyond ``keptKinds``.
    var otherCount = 0
  }

  private static let state = Mutex(State())

  /// Adds one warning from `source`, about `file` when the library said which.
  package static func record(source: String, message: String, file: String? = nil) {
    let text = String(message.prefix(500)).trimmingCharacters(in: .whitespacesAndNewlines)
    // Each run of digits stands for any number.
    var pattern = ""
    for character in text where !(character.isNumber && pattern.last == "#") {
      pattern.append(character.isNumber ? "#" : character)
    }
    let key = source + "\u{0}" + pattern
    state.withLock { state in
      if let file, !state.counted.insert(key + "\u{0}" + file).inserted { return }
      if let at = state.index[key] {
        state.kinds[at].count += 1
      } else if state.kinds.count < keptKinds {
        state.index[key] = state.kinds.count
        state.kinds.append(Kind(source: source, message: text, count: 1, file: file))
      } else {
        state.otherCount += 1
      }
    }
  }

  /// The warnings collected since the last call, one line per kind (`Pango: … (810 times)`,
  /// `libtiff: … (first in a.tif; 12 files)`), in the order they first came; resets.
  package static func drain() -> [String] {
    // Lines libraries wrote to standard error are recorded first (``StandardErrorCapture``).
    StandardErrorCapture.flush()
    return state.withLock { state in
      defer { state = State() }
      var lines = state.kinds.map { kind in
        let times = kind.count > 1 ? "\(kind.count) \(kind.file == nil ? "times" : "files")" : nil
        let place = kind.file.map { kind.count > 1 ? "first in \($0)" : "in \($0)" }
        let note = [place, times].compactMap { $0 }.joined(separator: "; ")
        return "\(kind.source): \(kind.message)\(note.isEmpty ? "" : " (\(note))")"
      }
      if state.otherCount > 0 {
        lines.append(
          "and \(state.otherCount) more library warning\(state.otherCount == 1 ? "" : "s") of other kinds")
      }
      return lines
    }
  }
}
