import CPangoCairo
import SheetLayout

/// What a print shop asks for around each page: a bleed (the background runs past the trim
/// edge, so a slightly misplaced cut shows no white line) and crop marks showing where to cut.
/// Pages are laid out at their trim size; the PDF page grows around them.
public struct PrintMarks: Sendable, Hashable {
  /// How far, in points, the background runs past the trim edge.
  public var bleed: Double
  /// Whether crop marks are drawn outside the bleed, at each corner of the trim box.
  public var cropMarks: Bool

  /// Marks for `bleed` points of bleed, with or without crop marks.
  public init(bleed: Double = 0, cropMarks: Bool = false) {
    self.bleed = max(0, bleed)
    self.cropMarks = cropMarks
  }

  /// Gap between the trim corner and the start of a crop mark when there is no larger bleed.
  static let markOffset = 3 * 72 / 25.4
  /// Length of a crop mark.
  static let markLength = 6 * 72 / 25.4

  /// Distance from the PDF page's edge to the trim box, in points.
  var trimInset: Double {
    cropMarks ? max(bleed, Self.markOffset) + Self.markLength : bleed
  }

  /// Draws the eight crop marks in registration black, in PDF page points (origin top left).
  func drawCropMarks(_ cairo: OpaquePointer, mediaWidth width: Double, mediaHeight: Double) {
    let inset = trimInset
    let start = max(bleed, Self.markOffset)
    cairo_save(cairo)
    cairo_identity_matrix(cairo)
    cairo_reset_clip(cairo)
    cairo_set_source_rgb(cairo, 0, 0, 0)
    cairo_set_line_width(cairo, 0.25)
    let corners = [
      (inset, inset), (width - inset, inset), (inset, mediaHeight - inset),
      (width - inset, mediaHeight - inset),
    ]
    for (x, y) in corners {
      let outX: Double = x < width / 2 ? -1 : 1
      let outY: Double = y < mediaHeight / 2 ? -1 : 1
      // A horizontal mark on the trim line's extension, then a vertical one.
      cairo_move_to(cairo, x + outX * start, y)
      cairo_line_to(cairo, x + outX * (start + Self.markLength), y)
      cairo_move_to(cairo, x, y + outY * start)
      cairo_line_to(cairo, x, y + outY * (start + Self.markLength))
    }
    cairo_stroke(cairo)
    cairo_restore(cairo)
  }
}
