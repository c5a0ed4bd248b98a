import CPangoCairo
import Foundation
import SheetLayout
import SheetSupport
import SheetText

/// Header and footer templates, Pango markup with fields: `{title}`, `{page}`, `{pages}`,
/// `{date}` (the document's creation date, `YYYY-MM-DD`, so output stays reproducible) and
/// `{section}` (the section of the page's first card, as in a dictionary's running head).
/// Field values are escaped, so a title with `&` or `<` prints as written.
package struct PageTemplate: Sendable, Hashable {
  package var title: String
  package var page: Int
  package var pages: Int
  package var date: Date
  package var section: String

  package init(title: String, page: Int, pages: Int, date: Date, section: String = "") {
    self.title = title
    self.page = page
    self.pages = pages
    self.date = date
    self.section = section
  }

  /// `template` with its fields replaced in one pass, so a title that itself contains
  /// `{page}` is printed as written; unknown braces are left as they are.
  package func expand(_ template: String) -> String {
    var result = ""
    var rest = Substring(template)
    while let open = rest.firstIndex(of: "{") {
      result += rest[..<open]
      guard let close = rest[open...].firstIndex(of: "}") else { break }
      let name = rest[rest.index(after: open)..<close]
      result += value(of: name) ?? String(rest[open...close])
      rest = rest[rest.index(after: close)...]
    }
    return result + rest
  }

  private func value(of field: Substring) -> String? {
    switch field {
    case "title": Markup.escape(title)
    case "page": String(page)
    case "pages": String(pages)
    case "date": Self.dateFormatter.string(from: date)
    case "section": Markup.escape(section)
    default: nil
    }
  }

  private static let dateFormatter: DateFormatter = {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyy-MM-dd"
    return formatter
  }()

  /// The expanded template split at `|` into left, centre and right parts: one part is
  /// centred, two are left and right, three are left, centre and right.
  package func parts(_ template: String) -> [(text: String, alignment: TextAlignment)] {
    let pieces = template.split(separator: "|", omittingEmptySubsequences: false).map {
      expand(String($0)).trimmingCharacters(in: .whitespaces)
    }
    let alignments: [TextAlignment] =
      switch pieces.count {
      case 1: [.center]
      case 2: [.left, .right]
      default: [.left, .center, .right]
      }
    return zip(pieces.prefix(3), alignments).filter { !$0.0.isEmpty }.map { ($0.0, $0.1) }
  }
}

extension CardPainter {
  /// Draws a header or footer element: its text (page numbers already in) as a template
  /// whose parts are set in the style the layout measured it with, each part aligned as the
  /// template says and vertically centred in the element's frame.
  func drawPageText(
    _ cairo: OpaquePointer, _ element: PageTextElement, isFooter: Bool, onCover: Bool = false,
    fields: PageTemplate
  ) {
    let lineStyle = isFooter ? textStyles.footer : textStyles.header
    // The cover's note is a footer with no room reserved for a logo: it carries none.
    let withLogo = !onCover
    if withLogo { drawLogo(cairo, in: element.frame, isFooter: isFooter) }
    let parts = fields.parts(element.text)
    let frame =
      withLogo
      ? textFrame(element.frame, isFooter: isFooter, centred: parts.contains { $0.alignment == .center })
      : element.frame
    for (text, alignment) in parts {
      var partStyle = lineStyle
      partStyle.alignment = alignment
      let height = self.text.measure(text, style: partStyle, width: frame.width).height
      let box = Rect(x: frame.x, y: frame.y + (frame.height - height) / 2, width: frame.width, height: height)
      Cairo.setColor(cairo, style.headerFooterColor)
      self.text.draw(text, style: partStyle, in: box, cairo: cairo)
    }
  }

  /// Draws a line of a contents or index page: its text on the left (ellipsized before the
  /// number), a dotted leader, and its page number on the right, in that reading order.
  func drawEntry(_ cairo: OpaquePointer, entry element: EntryElement) {
    Cairo.setColor(cairo, style.captionColor)
    let frame = element.frame
    var numberStyle = textStyles.entry
    numberStyle.alignment = .right
    let number = text.measure(element.pageNumber, style: numberStyle, width: frame.width)
    // A space's width or so between the text, the leader and the number.
    let space = number.height * 0.3
    let termWidth = max(0, frame.width - number.width - space)
    // Set left to right, so a term in Arabic or Hebrew stays on the left, before its leader.
    let termText = "\u{200E}" + element.text
    let term = text.measure(termText, style: textStyles.entry, width: termWidth)
    text.draw(
      termText, style: textStyles.entry,
      in: Rect(x: frame.x, y: frame.y, width: termWidth, height: frame.height), cairo: cairo)
    drawLeader(
      cairo, from: frame.x + term.width + space, to: frame.maxX - number.width - space,
      lineTop: frame.y, lineHeight: number.height)
    text.draw(element.pageNumber, style: numberStyle, in: frame, cairo: cairo)
  }

  /// A dotted leader on the baseline of a line `lineHeight` tall from `lineTop`, between `start`
  /// and `end`: dots on a grid of the page's x, so the leaders of lines above each other line up.
  private func drawLeader(
    _ cairo: OpaquePointer, from start: Double, to end: Double, lineTop: Double, lineHeight: Double
  ) {
    let pitch = lineHeight * 0.4
    let radius = lineHeight * 0.045
    guard pitch > 0, end - start > 2 * pitch else { return }
    // DejaVu's baseline is 80 % of its line height down.
    let y = lineTop + lineHeight * 0.8 - radius
    var x = (start / pitch).rounded(.up) * pitch
    while x + radius <= end {
      cairo_new_sub_path(cairo)
      cairo_arc(cairo, x, y, radius, 0, 2 * .pi)
      x += pitch
    }
    cairo_fill(cairo)
  }
}
