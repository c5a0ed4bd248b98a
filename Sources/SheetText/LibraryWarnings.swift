import CPangoCairo
import Synchronization

/// Warnings Pango and GLib would print straight to standard error (hundreds for one odd
/// caption), collected instead so the command can show them once, or not at all under `-q`.
package enum LibraryWarnings {
  private static let state = Mutex<(count: Int, first: String?)>((0, nil))

  /// Routes the warnings and messages of the text libraries' log domains here, from now on.
  package static func capture() {
    for domain in ["Pango", "GLib", "GLib-GObject", "Fontconfig"] {
      g_log_set_handler(
        domain,
        GLogLevelFlags(
          rawValue: G_LOG_LEVEL_WARNING.rawValue | G_LOG_LEVEL_MESSAGE.rawValue
            | G_LOG_LEVEL_CRITICAL.rawValue
            | G_LOG_LEVEL_INFO.rawValue),
        { domain, _, message, _ in
          let text =
            (domain.map { String(cString: $0) + ": " } ?? "") + (message.map { String(cString: $0) } ?? "")
          LibraryWarnings.record(text)
        }, nil)
    }
  }

  /// How many warnings were collected since the last call, and the first of them; resets.
  package static func drain() -> (count: Int, first: String?) {
    state.withLock { current in
      defer { current = (0, nil) }
      return current
    }
  }

  private static func record(_ text: String) {
    state.withLock { current in
      current.count += 1
      if current.first == nil { current.first = text }
    }
  }
}
