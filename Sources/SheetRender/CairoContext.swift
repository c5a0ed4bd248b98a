import CPangoCairo
import SheetLayout

/// Small drawing helpers over a `cairo_t`.
enum Cairo {
  static func setColor(_ cairo: OpaquePointer, _ color: Color, opacity: Double = 1) {
    cairo_set_source_rgba(cairo, color.red, color.green, color.blue, color.alpha * opacity)
  }

  /// Adds a rectangle with circular corners of `radius` (clamped to half the shorter side).
  static func roundedRectangle(_ cairo: OpaquePointer, _ rect: Rect, radius: Double) {
    let r = max(0, min(radius, rect.width / 2, rect.height / 2))
    guard r > 0 else {
      cairo_rectangle(cairo, rect.x, rect.y, rect.width, rect.height)
      return
    }
    let quarter = Double.pi / 2
    cairo_new_sub_path(cairo)
    cairo_arc(cairo, rect.maxX - r, rect.y + r, r, -quarter, 0)
    cairo_arc(cairo, rect.maxX - r, rect.maxY - r, r, 0, quarter)
    cairo_arc(cairo, rect.x + r, rect.maxY - r, r, quarter, 2 * quarter)
    cairo_arc(cairo, rect.x + r, rect.y + r, r, 2 * quarter, 3 * quarter)
    cairo_close_path(cairo)
  }

  /// Throws when the context or its surface is in an error state.
  static func check(_ cairo: OpaquePointer, _ what: String) throws {
    let status = cairo_status(cairo)
    guard status == CAIRO_STATUS_SUCCESS else {
      throw RenderError("\(what): \(String(cString: cairo_status_to_string(status)))")
    }
  }
}
