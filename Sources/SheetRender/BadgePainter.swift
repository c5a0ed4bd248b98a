import CPangoCairo
import Foundation
import SheetLayout
import SheetText

/// Draws a ``CardBadge``: vector stars (no font involved, so every machine draws the same),
/// sized from the card so they stay legible on small proofs and discreet on large ones.
extension CardPainter {
  func drawBadge(
    _ cairo: OpaquePointer, _ badge: CardBadge, frame: Rect, imageBox: Rect?, imageRadius: Double
  ) {
    if let color = badge.labelColor { drawLabelBar(cairo, color: color, frame: frame) }
    if let box = imageBox {
      if let duration = badge.duration { drawCornerText(cairo, duration, playMark: true, in: box) }
      if let time = badge.time { drawCornerText(cairo, time, playMark: false, in: box) }
    }
    guard let box = imageBox, badge.rating != 0 else { return }
    if badge.rating < 0 {
      // A rejected photo stays visible but recedes behind a veil of the card's colour.
      cairo_save(cairo)
      Cairo.roundedRectangle(cairo, box, radius: imageRadius)
      Cairo.setColor(cairo, style.cardBackground, opacity: 0.55)
      cairo_fill(cairo)
      cairo_restore(cairo)
    }
    // Star radius: about 3.5 % of the image width, between 2.6 pt and 5.5 pt.
    let radius = min(5.5, max(2.6, box.width * 0.035))
    let gap = radius * 0.3
    let padX = radius * 0.8
    let padY = radius * 0.6
    let glyphs = badge.rating < 0 ? 1 : 5
    let pillWidth = 2 * padX + Double(glyphs) * 2 * radius + Double(glyphs - 1) * gap
    let pillHeight = 2 * radius + 2 * padY
    let inset = max(3, radius * 0.9)
    guard pillWidth + 2 * inset <= box.width, pillHeight + 2 * inset <= box.height else { return }
    let pill = Rect(x: box.x + inset, y: box.maxY - inset - pillHeight, width: pillWidth, height: pillHeight)
    Cairo.roundedRectangle(cairo, pill, radius: pillHeight / 2)
    Cairo.setColor(cairo, .black, opacity: 0.55)
    cairo_fill(cairo)
    let centreY = pill.y + pillHeight / 2
    if badge.rating < 0 {
      let centreX = pill.x + pillWidth / 2
      let arm = radius * 0.62
      cairo_move_to(cairo, centreX - arm, centreY - arm)
      cairo_line_to(cairo, centreX + arm, centreY + arm)
      cairo_move_to(cairo, centreX + arm, centreY - arm)
      cairo_line_to(cairo, centreX - arm, centreY + arm)
      cairo_set_line_width(cairo, radius * 0.38)
      cairo_set_line_cap(cairo, CAIRO_LINE_CAP_ROUND)
      Cairo.setColor(cairo, .white)
      cairo_stroke(cairo)
      return
    }
    for index in 0..<5 {
      let centreX = pill.x + padX + radius + Double(index) * (2 * radius + gap)
      Self.star(cairo, x: centreX, y: centreY + radius * 0.06, radius: radius)
      Cairo.setColor(cairo, .white, opacity: index < badge.rating ? 1 : 0.32)
      cairo_fill(cairo)
    }
  }

  /// A clip's duration (after a play mark) or a frame's time in a dark pill in the lower right
  /// corner of its image, sized from the image like the stars (type between 5.5 and 9 pt);
  /// left out when the image is too small to hold it.
  private func drawCornerText(_ cairo: OpaquePointer, _ duration: String, playMark: Bool, in box: Rect) {
    let size = min(9, max(5.5, box.width * 0.045))
    let style = TextStyle(font: "DejaVu Sans Bold \(Self.trimmed(size))", maxLines: 1)
    let measured = text.measure(duration, style: style, width: box.width)
    let (padX, padY) = (size * 0.6, size * 0.3)
    let mark = playMark ? size * 0.7 : 0
    let pillWidth = padX + (playMark ? mark + size * 0.4 : 0) + measured.width + padX
    let pillHeight = measured.height + 2 * padY
    let inset = max(3, size * 0.5)
    guard pillWidth + 2 * inset <= box.width, pillHeight + 2 * inset <= box.height else { return }
    let pill = Rect(
      x: box.maxX - inset - pillWidth, y: box.maxY - inset - pillHeight, width: pillWidth, height: pillHeight)
    Cairo.roundedRectangle(cairo, pill, radius: pillHeight / 2)
    Cairo.setColor(cairo, .black, opacity: 0.62)
    cairo_fill(cairo)
    Cairo.setColor(cairo, .white)
    if playMark {
      let centreY = pill.y + pillHeight / 2
      cairo_move_to(cairo, pill.x + padX, centreY - mark / 2)
      cairo_line_to(cairo, pill.x + padX + mark * 0.87, centreY)
      cairo_line_to(cairo, pill.x + padX, centreY + mark / 2)
      cairo_close_path(cairo)
      cairo_fill(cairo)
    }
    let textBox = Rect(
      x: pill.maxX - padX - measured.width, y: pill.y + padY, width: measured.width + 1,
      height: measured.height)
    text.draw(duration, style: style, in: textBox, cairo: cairo)
  }

  /// A size in points with at most one decimal, for a Pango font description.
  private static func trimmed(_ value: Double) -> String {
    let rounded = (value * 10).rounded() / 10
    return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
  }

  /// The label's colour as a bar along the foot of the card, inside its rounded corners.
  private func drawLabelBar(_ cairo: OpaquePointer, color: Color, frame: Rect) {
    let height = min(4, max(2.5, frame.width * 0.018))
    cairo_save(cairo)
    Cairo.roundedRectangle(cairo, frame, radius: style.cornerRadius)
    cairo_clip(cairo)
    cairo_rectangle(cairo, frame.x, frame.maxY - height, frame.width, height)
    Cairo.setColor(cairo, color)
    cairo_fill(cairo)
    cairo_restore(cairo)
  }

  /// Adds a five-pointed star centred on (x, y), point up, whose points touch `radius`.
  static func star(_ cairo: OpaquePointer, x: Double, y: Double, radius: Double) {
    let inner = radius * 0.48
    cairo_new_sub_path(cairo)
    for point in 0..<10 {
      let angle = -Double.pi / 2 + Double(point) * Double.pi / 5
      let distance = point % 2 == 0 ? radius : inner
      let (px, py) = (x + distance * cos(angle), y + distance * sin(angle))
      if point == 0 { cairo_move_to(cairo, px, py) } else { cairo_line_to(cairo, px, py) }
    }
    cairo_close_path(cairo)
  }
}
