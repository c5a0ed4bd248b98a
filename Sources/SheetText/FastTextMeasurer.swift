import SheetLayout

/// A measurer for many short captions: it answers the common case, lines of Latin text that
/// plainly fit their width, from per-character advances and the line height that Pango gave
/// for the same font, and asks Pango (``TextEngine``) for everything else.
///
/// A caption takes the fast path only when it is plain text (or markup without tags or
/// entities), every character is printable Latin (U+0020–U+024F, plus common punctuation such
/// as · – — ’ “ ” …) that the primary font itself covers, no hard line is empty, there are no
/// more hard lines than the line limit, and each line's summed advances leave a 3 % margin
/// (kerning and ligatures move widths by far less). Then no line wraps, so the
/// height is exactly lines × line height, the same number Pango gives (tests compare the two
/// over thousands of captions). Reported widths on the fast path are the summed advances,
/// which ignore kerning. Not thread-safe: one per thread.
public final class FastTextMeasurer: TextMeasuring {
  /// Per-font advances and line height, filled from Pango on first use.
  private struct FontTable {
    var lineHeight: Double
    /// Advance of each scalar below `limit`; negative for "not covered by the primary font".
    var advances: [Double]
  }

  /// The Pango engine that measures the font tables and every text the fast path declines.
  public let engine: TextEngine
  private var tables: [String: FontTable] = [:]
  /// Measurements answered without Pango.
  public private(set) var fastCount = 0
  /// Measurements passed to Pango.
  public private(set) var pangoCount = 0

  /// The share of the width that summed advances may fill for a line to count as fitting.
  static let margin = 0.97
  /// Scalars at or above this are measured by Pango.
  private static let limit = 0x2030
  private static let extraPunctuation: Set<UInt32> = [
    0x2013, 0x2014, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2026,
  ]

  /// A measurer that answers fitting Latin lines itself and passes the rest to `engine`; the
  /// font tables are filled from `engine` on first use of each font.
  public init(engine: TextEngine) {
    self.engine = engine
  }

  /// The engine's fonts.
  public var fonts: FontSet { engine.fonts }

  /// The size of `text` set in `style` and wrapped at `width` points: computed from summed
  /// advances on the fast path (see the type), else measured by ``engine``.
  public func measure(_ text: String, style: TextStyle, width: Double) -> TextMeasurement {
    if let fast = fastMeasure(text, style: style, width: width) {
      fastCount += 1
      return fast
    }
    pangoCount += 1
    return engine.measure(text, style: style, width: width)
  }

  private func fastMeasure(_ text: String, style: TextStyle, width: Double) -> TextMeasurement? {
    guard !text.isEmpty, width > 0 else { return nil }
    let table = fontTable(style.font)
    let budget = width * Self.margin
    var lines = 1
    var lineWidth = 0.0
    var widest = 0.0
    var lineIsEmpty = true
    for scalar in text.unicodeScalars {
      let value = scalar.value
      if value == 0x0A {
        guard !lineIsEmpty else { return nil }
        lines += 1
        widest = max(widest, lineWidth)
        lineWidth = 0
        lineIsEmpty = true
        continue
      }
      if style.isMarkup && (value == 0x3C || value == 0x26) { return nil }  // '<' or '&'.
      guard value < Self.limit else { return nil }
      let advance = table.advances[Int(value)]
      guard advance >= 0 else { return nil }
      lineWidth += advance
      lineIsEmpty = false
      guard lineWidth <= budget else { return nil }
    }
    guard !lineIsEmpty else { return nil }
    if style.maxLines > 0 && lines > style.maxLines { return nil }
    widest = max(widest, lineWidth)
    return TextMeasurement(
      width: widest, height: Double(lines) * table.lineHeight, lineCount: lines, isTruncated: false)
  }

  private func fontTable(_ font: String) -> FontTable {
    if let table = tables[font] { return table }
    let style = TextStyle(font: font)
    let lineHeight = engine.measure("X", style: style, width: 10_000).height
    var advances = [Double](repeating: -1, count: Self.limit)
    let candidates = (0..<UInt32(Self.limit)).compactMap { value -> Unicode.Scalar? in
      let simple = (0x20...0x7E).contains(value) || (0xA0...0x24F).contains(value)
      return simple || Self.extraPunctuation.contains(value) ? Unicode.Scalar(value) : nil
    }
    let covered = engine.primaryFontCovers(candidates, font: font)
    for (scalar, isCovered) in zip(candidates, covered) where isCovered {
      let value = scalar.value
      let measured = engine.measure(String(Character(scalar)), style: style, width: 10_000)
      // A character set on a taller line came from another font: leave it to Pango.
      guard abs(measured.height - lineHeight) < 1e-9, measured.lineCount == 1 else { continue }
      advances[Int(value)] = measured.width
    }
    let table = FontTable(lineHeight: lineHeight, advances: advances)
    tables[font] = table
    return table
  }
}
