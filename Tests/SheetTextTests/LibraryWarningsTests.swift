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
      withVaList([Int32(index)]) { g_logv("Pango", G_LOG_LEVEL_WARNING, "zqx glyph %d has no outline", $0) }
    }
    withVaList([]) { g_logv("GLib-GObject", G_LOG_LEVEL_CRITICAL, "zqx critical", $0) }
    withVaList([]) { g_logv("Pango", G_LOG_LEVEL_DEBUG, "zqx debug chatter", $0) }
    // Structured logging takes another road through GLib. (The strings must outlive the
    // fields that point at them.)
    let texts: [String] = ["GLIB_DOMAIN", "Fontconfig", "MESSAGE", "zqx structured warning"]
    let strings = texts.map { text -> UnsafeMutablePointer<CChar> in strdup(text)! }
    defer { for string in strings { free(string) } }
    let fields = [
      GLogField(key: strings[0], value: strings[1], length: -1),
      GLogField(key: strings[2], value: strings[3], length: -1),
    ]
    g_log_structured_array(G_LOG_LEVEL_WARNING, fields, 2)
    // Other tests may log at the same time (libtiff, Pango): only this test's messages, marked
    // "zqx", are looked at.
    let lines = LibraryWarnings.drain().filter { $0.contains("zqx") }
    #expect(
      lines == [
        "Pango: zqx glyph 0 has no outline (810 times)", "GLib-GObject: zqx critical",
        "Fontconfig: zqx structured warning",
      ])
    LibraryWarnings.record(source: "libtiff", message: "zqx tag 1", file: "a.tif")
    LibraryWarnings.record(source: "libtiff", message: "zqx tag 2", file: "a.tif")
    LibraryWarnings.record(source: "libtiff", message: "zqx tag 3", file: "b.tif")
    #expect(
      LibraryWarnings.drain().filter { $0.contains("zqx") } == [
        "libtiff: zqx tag 1 (first in a.tif; 2 files)"
      ])
  }
}
