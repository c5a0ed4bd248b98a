import SheetLayout
import SheetSupport
import TestSupport
import Testing

@testable import SheetText

/// The fast path's single-line shortcut (``FastTextMeasurer/singleLine(_:style:table:limit:)``):
/// wherever it answers it must give exactly what the full model gives, and Pango's line count
/// and height.
@Suite("caption fast path: texts that fit one line")
struct SingleLineTests {
  /// File names, product numbers and short Latin captions, from `seed`.
  static func texts(count: Int, seed: UInt64) -> [String] {
    let pieces = [
      "p0000001", "IMG_1234", "DSC", "Ærø", "café", "naïve", "Łódź", "coöperate", "quatre-vingt", "x-ray",
      "$12",
      "50%", "€", "a,", "b.", "c:", "d;", "#7", "a&b", "@home", "*", "_", "-", "—", "Øre", "ÿ", "office",
      "flat",
      "AVA", "To", "Wa", "LT", "ij", "\u{A0}", "Æ", "ß", "<", ">", "é",
    ]
    let separators = ["", " ", " ", "  ", "-", ".", "_", "\u{A0}", ", "]
    let extensions = [".jpg", ".JPG", ".jpeg", ".NEF", ".tif", ""]
    var random = SeededRandom(seed: seed)
    return (0..<count).map { _ in
      var text = ""
      for index in 0..<Int(random.next() % 4 + 1) {
        if index > 0 { text += separators[Int(random.next() % UInt64(separators.count))] }
        text += pieces[Int(random.next() % UInt64(pieces.count))]
      }
      if random.next() % 4 == 0 { text = " " + text }
      if random.next() % 4 == 0 { text += " " }
      return text + extensions[Int(random.next() % UInt64(extensions.count))]
    }
  }

  @Test("where the shortcut answers, it gives the full model's measurement and Pango's lines")
  func agreesWithModelAndPango() throws {
    let fast = FastTextMeasurer(engine: try TextEngine(fonts: .testFonts))
    let pango = try TextEngine(fonts: .testFonts)
    var answered = 0
    var compared = 0
    for text in Self.texts(count: 400, seed: 7) {
      for isMarkup in [true, false] {
        for maxLines in [0, 1, 2] {
          let style = TextStyle(font: "DejaVu Sans 7", isMarkup: isMarkup, maxLines: maxLines)
          let table = fast.segmentTable(style.font)
          for width in stride(from: 12.0, through: 140, by: 3.7) {
            compared += 1
            let limit = Int((width * 1024).rounded(.down))
            guard let line = fast.singleLine(text, style: style, table: table, limit: limit) else { continue }
            answered += 1
            let model = fast.wrapped(text, style: style, table: table, limit: limit)
            #expect(
              line == model,
              "“\(text)” at \(width) pt, \(maxLines) lines: \(line) vs \(String(describing: model))")
            let reference = pango.measure(text, style: style, width: width)
            #expect(
              line.lineCount == reference.lineCount && line.height == reference.height
                && !reference.isTruncated,
              "“\(text)” at \(width) pt: \(line) vs Pango \(reference)")
          }
        }
      }
    }
    // Most of them fit a line at some width.
    #expect(answered > compared / 4, "\(answered) of \(compared)")
  }

  @Test("file names and short captions take the shortcut; what it does not model does not")
  func takenAndDeclined() throws {
    let fast = FastTextMeasurer(engine: try TextEngine(fonts: .testFonts))
    let style = TextStyle(font: "DejaVu Sans 7", isMarkup: true, maxLines: 2)
    let table = fast.segmentTable(style.font)
    let limit = 100 * 1024
    for text in ["p0000001.jpg", "IMG_1234.JPG", "Ærø café 12.jpg", "x-ray 50% sale", " lead.jpg", "end "] {
      #expect(fast.singleLine(text, style: style, table: table, limit: limit) != nil, "“\(text)”")
    }
    let declined = [
      "office.jpg",  // a possible ligature
      "<b>bold</b>", "Tom &amp; Jerry",  // markup
      "two  spaces",  // kerned after three characters
      "東京.jpg", "Zürich\u{301}", "tab\there", "line\nbreak", "copy © 2024", "(1).jpg",
      String(repeating: "wide ", count: 30),  // wider than the line
    ]
    for text in declined {
      #expect(fast.singleLine(text, style: style, table: table, limit: limit) == nil, "“\(text)”")
    }
    // What it declines, the full model measures as before.
    #expect(fast.fastMeasure("office.jpg", style: style, width: 100)?.lineCount == 1)
  }
}
