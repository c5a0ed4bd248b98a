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

  /// Draws a line of a contents or index page: its text on the left, its page number on the right.
  func drawEntry(_ cairo: OpaquePointer, entry element: EntryElement) {
    Cairo.setColor(cairo, style.captionColor)
    for (text, alignment) in [(element.text, TextAlignment.left), (element.pageNumber, .right)] {
      var partStyle = textStyles.entry
      partStyle.alignment = alignment
      self.text.draw(text, style: partStyle, in: element.frame, cairo: cairo)
    }
  }
}
