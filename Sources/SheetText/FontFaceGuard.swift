import CFontFaceGuard

/// The workaround for Cairo 1.16's race between closing a FreeType face and another thread
/// locking it (Sources/CFontFaceGuard/FontFaceGuard.c): what it has seen, for tests and
/// diagnostics.
package enum FontFaceGuard {
  /// Whether the process's `FT_Done_Face` is the guard's, so Cairo's closes go through it.
  package static var isBound: Bool { cs_font_face_guard_is_bound() == 1 }

  /// How many faces Cairo has closed since the process started.
  package static var closedCount: Int { cs_font_face_guard_closed_count() }

  /// How many of those are still kept open (at most 64).
  package static var deferredCount: Int { Int(cs_font_face_guard_deferred_count()) }
}
