import CPangoCairo
import SheetSupport

extension LibraryWarnings {
  /// Routes every GLib log message of level warning, critical or message (Pango, GLib,
  /// GObject, Fontconfig, poppler-glib or any other domain, structured or not) to
  /// ``LibraryWarnings`` from now on, instead of standard error. Debug and info messages are
  /// dropped, as GLib drops them unless `G_MESSAGES_DEBUG` is set. Safe to call more than once.
  package static func capture() {
    _ = installed
  }

  private static let kept =
    G_LOG_LEVEL_WARNING.rawValue | G_LOG_LEVEL_MESSAGE.rawValue | G_LOG_LEVEL_CRITICAL.rawValue

  private static let installed: Bool = {
    // Plain g_log calls in every domain.
    g_log_set_default_handler(
      { domain, level, message, _ in
        guard level.rawValue & LibraryWarnings.kept != 0 else { return }
        LibraryWarnings.record(
          source: domain.map { String(cString: $0) } ?? "GLib",
          message: message.map { String(cString: $0) } ?? "")
      }, nil)
    // Structured logging (g_log_structured), which bypasses the handler above.
    g_log_set_writer_func(
      { level, fields, count, _ in
        guard level.rawValue & LibraryWarnings.kept != 0, let fields else { return G_LOG_WRITER_HANDLED }
        var domain = "GLib"
        var message = ""
        for field in UnsafeBufferPointer(start: fields, count: Int(count)) {
          guard let key = field.key, let value = field.value else { continue }
          let text =
            field.length < 0
            ? String(cString: value.assumingMemoryBound(to: CChar.self))
            : String(decoding: UnsafeRawBufferPointer(start: value, count: Int(field.length)), as: UTF8.self)
          switch String(cString: key) {
          case "GLIB_DOMAIN": domain = text
          case "MESSAGE": message = text
          default: break
          }
        }
        LibraryWarnings.record(source: domain, message: message)
        return G_LOG_WRITER_HANDLED
      }, nil, nil)
    return true
  }()
}
