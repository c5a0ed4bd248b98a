import ContactSheet
import Foundation
import SheetSupport
import Synchronization

/// Messages on standard error. Control characters in them (from file names or file contents)
/// are escaped, so a hostile name cannot drive the terminal.
///
/// Warnings of one kind are capped: the first ``shownPerKind`` are printed, the rest counted,
/// and ``finish()`` prints one line "… and 99,990 more like this" per capped kind and the count
/// of each kind, so a catalog of 100,000 missing photos prints a dozen lines, not 100,000.
enum Diagnostics {
  /// Warnings printed of each kind before the rest are only counted.
  static let shownPerKind = 10

  private struct Tally {
    var counts: [String: Int] = [:]
    var order: [String] = []
  }

  private static let tally = Mutex(Tally())

  /// Prints `message` as a warning, unless ``shownPerKind`` warnings of its `kind` (a short
  /// description shared by similar warnings, such as "the file does not exist") were printed
  /// already. Without a kind, the message is its own kind.
  static func warn(_ message: String, kind: String? = nil) {
    let key = kind ?? message
    let count = tally.withLock { tally in
      if tally.counts[key] == nil { tally.order.append(key) }
      tally.counts[key, default: 0] += 1
      return tally.counts[key]!
    }
    guard count <= shownPerKind else { return }
    write("warning: \(TerminalText.escaped(message))\n")
  }

  /// Prints `message` as it is.
  static func note(_ message: String) {
    write("\(TerminalText.escaped(message))\n")
  }

  /// Ends the run's warnings: one line per kind that was capped, then, when any was, the count
  /// of every kind. Resets the tally.
  static func finish() {
    let tally = tally.withLock { tally in
      defer { tally = Tally() }
      return tally
    }
    let capped = tally.order.filter { tally.counts[$0]! > shownPerKind }
    guard !capped.isEmpty else { return }
    for kind in capped {
      let more = tally.counts[kind]! - shownPerKind
      write("warning: … and \(grouped(more)) more like this (\(TerminalText.escaped(kind)))\n")
    }
    let total = tally.counts.values.reduce(0, +)
    let kinds = tally.order.map { "\(grouped(tally.counts[$0]!)) \(TerminalText.escaped($0))" }
    write("\(grouped(total)) warning\(total == 1 ? "" : "s"): \(kinds.joined(separator: "; "))\n")
  }

  /// The kind of a warning about an image, from its reason: the reason up to its first
  /// parenthesis, without a leading size ("4000×3000 is more than …" is one kind).
  static func kind(ofReason reason: String) -> String {
    var cause = Substring(reason.prefix { $0 != "(" }.trimmingCharacters(in: .whitespaces))
    if cause.first?.isNumber == true, let space = cause.firstIndex(of: " ") {
      cause = cause[cause.index(after: space)...]
    }
    return cause.isEmpty ? reason : String(cause)
  }

  /// `number` with a comma between groups of three digits: 99,990.
  static func grouped(_ number: Int) -> String {
    let digits = String(number.magnitude)
    var result = ""
    for (index, digit) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { result += "," }
      result.append(digit)
    }
    return (number < 0 ? "-" : "") + result
  }

  private static func write(_ text: String) {
    // The original standard error: descriptor 2 is the libraries' pipe during a run.
    StandardErrorCapture.write(text)
  }
}
