import SheetLayout
import Testing

@testable import SheetText

/// The fast path against Pango's full layout: every caption, font, line limit and width the
/// fast path answers must give Pango's line count, height and truncation.
enum FastPathAgreement {
  /// Compares the fast path with Pango on `captions` in `fonts` at `widths`, with each limit
  /// of `lines` (0: none), recording an issue for each disagreement.
  ///
  /// - Returns: How many the fast path answered and how many were compared.
  static func compare(
    _ captions: [String], fonts: [String], lines: [Int], widths: some Sequence<Double>
  ) throws -> (answered: Int, compared: Int) {
    let engine = try TextEngine(fonts: .system)
    let measurer = FastTextMeasurer(engine: try TextEngine(fonts: .system))
    var answered = 0
    var compared = 0
    for font in fonts {
      for caption in captions {
        for maxLines in lines {
          let style = TextStyle(font: font, isMarkup: true, maxLines: maxLines)
          for width in widths {
            compared += 1
            guard let fast = measurer.fastMeasure(caption, style: style, width: width) else { continue }
            answered += 1
            let pango = engine.measure(caption, style: style, width: width)
            #expect(
              fast.lineCount == pango.lineCount && fast.height == pango.height
                && fast.isTruncated == pango.isTruncated,
              "\(caption) in \(font), \(maxLines) lines at \(width) pt: fast \(fast), Pango \(pango)")
          }
        }
      }
    }
    return (answered, compared)
  }
}
