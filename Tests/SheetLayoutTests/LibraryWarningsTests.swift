import CPangoCairo
import Foundation
import SheetSupport
import SheetText
import Testing

/// The collection behind the command's library warnings, fed through GLib's own logging.
@Suite("library warnings are collected by kind")
struct LibraryWarningsTests {
  @Test("810 warnings differing only in a number are one kind; debug messages are dropped")
  func grouped() {
    LibraryWarnings.capture()
    for index in 0..<810 {
      withVaList([Int32(index)]) { g_logv("Pango", G_LOG_LEVEL_WARNING, "glyph %d has no outline", $0) }
    }
    withVaList([]) { g_logv("GLib-GObject", G_LOG_LEVEL_CRITICAL, "a test critical", $0) }
    withVaList([]) { g_logv("Pango", G_LOG_LEVEL_DEBUG, "test debug chatter", $0) }
    // Structured logging takes another road through GLib. (The strings must outlive the
    // fields that point at them.)
    let texts: [String] = ["GLIB_DOMAIN", "Fontconfig", "MESSAGE", "a structured test warning"]
    let strings = texts.map { text -> UnsafeMutablePointer<CChar> in strdup(text)! }
    defer { for string in strings { free(string) } }
    let fields = [
      GLogField(key: strings[0], value: strings[1], length: -1),
      GLogField(key: strings[2], value: strings[3], length: -1),
    ]
    g_log_structured_array(G_LOG_LEVEL_WARNING, fields, 2)
    // Other tests may log at the same time: only this test's messages are looked at.
    let lines = LibraryWarnings.drain().filter { $0.contains("test") || $0.contains("glyph") }
    #expect(
      lines == [
        "Pango: glyph 0 has no outline (810 times)", "GLib-GObject: a test critical",
        "Fontconfig: a structured test warning",
      ])
    LibraryWarnings.record(source: "libtiff", message: "tag 1 test", file: "a.tif")
    LibraryWarnings.record(source: "libtiff", message: "tag 2 test", file: "a.tif")
    LibraryWarnings.record(source: "libtiff", message: "tag 3 test", file: "b.tif")
    #expect(
      LibraryWarnings.drain().filter { $0.contains("test") } == [
        "libtiff: tag 1 test (first in a.tif; 2 files)"
      ])
  }
}
