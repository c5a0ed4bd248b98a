import ContactSheet
import Synchronization

/// Large results a command is done with, kept to the end of the process instead of being freed.
///
/// Freeing the layout of a million cards (50,000 page arrays, a million item records and their
/// strings) takes about 0.2 s, between the last byte of output and the exit, and frees memory
/// the exit hands back to the system anyway. A command keeps such a value only once its output
/// is written and closed; the warnings and the summary are still printed after, as before. Small
/// values are freed as usual, so commands run in-process (by tests) do not keep them.
enum KeptUntilExit {
  /// Elements and items from which a result is kept rather than freed.
  static let threshold = 50_000

  /// The values kept: reachable, so LeakSanitizer does not report them as leaks.
  private static let kept = Mutex<[any Sendable]>([])

  /// Keeps `value` until the process exits when `size` (its elements or items) is at least
  /// ``threshold``; does nothing otherwise.
  static func keep<Value: Sendable>(_ value: Value, size: Int) {
    guard size >= threshold else { return }
    kept.withLock { $0.append(value) }
  }
}
