import CPangoCairo
import CQREncode
import SheetLayout

/// A QR code of a text (libqrencode, error correction M), as a square of modules.
struct QRCode {
  /// Modules per side.
  let width: Int
  /// Row by row, true for a dark module.
  let modules: [Bool]

  /// Modules of quiet zone (white) kept on every side, as the standard asks.
  static let quietZone = 4

  /// The code for `text`, or nil when libqrencode cannot encode it (too long for any version).
  init?(_ text: String) {
    guard let code = QRcode_encodeString(text, 0, QR_ECLEVEL_M, QR_MODE_8, 1) else { return nil }
    defer { QRcode_free(code) }
    let width = Int(code.pointee.width)
    self.width = width
    let data = code.pointee.data!
    modules = (0..<(width * width)).map { data[$0] & 1 == 1 }
  }

  /// Draws the code filling `box` (quiet zone included): white, then the dark modules as one
  /// path, so adjacent modules leave no seams.
  func draw(_ cairo: OpaquePointer, in box: Rect) {
    let side = min(box.width, box.height)
    let module = side / Double(width + 2 * Self.quietZone)
    cairo_save(cairo)
    cairo_rectangle(cairo, box.x, box.y, side, side)
    cairo_set_source_rgb(cairo, 1, 1, 1)
    cairo_fill(cairo)
    let origin = (x: box.x + Double(Self.quietZone) * module, y: box.y + Double(Self.quietZone) * module)
    for row in 0..<width {
      var column = 0
      while column < width {
        guard modules[row * width + column] else {
          column += 1
          continue
        }
        // A run of dark modules on this row as one rectangle.
        let start = column
        while column < width && modules[row * width + column] { column += 1 }
        cairo_rectangle(
          cairo, origin.x + Double(start) * module, origin.y + Double(row) * module,
          Double(column - start) * module, module)
      }
    }
    cairo_set_source_rgb(cairo, 0, 0, 0)
    cairo_fill(cairo)
    cairo_restore(cairo)
  }
}
