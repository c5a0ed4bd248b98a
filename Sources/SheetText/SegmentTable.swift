import SheetSupport

/// What Pango gives for the segments (text between two break opportunities, see
/// ``LineBreaks``) of one font, each shaped once and then remembered, with the widths Pango's
/// line breaking compares. All lengths in Pango units (1/1024 pt). Not thread-safe: one per
/// ``FastTextMeasurer``, so one per thread.
final class SegmentTable {
  /// One segment set in one variant of the font.
  struct Metrics {
    /// The whole segment, trailing spaces included.
    var width: Int
    /// Without its final character when that is white space: what Pango compares with the
    /// line's width when it breaks after the segment.
    var trimmedWidth: Int
    /// The widest prefix that ends where Pango would insert a hyphen, plus the hyphen (0 when
    /// there is none): Pango 1.50 compares these too before breaking after the segment.
    var probeWidth: Int
    /// Above and below the baseline: the line's height is the largest of each over its runs.
    var ascent: Int
    var descent: Int
  }

  /// A variant's hyphen and ellipsis.
  struct Marks {
    var hyphenWidth: Int
    var ellipsisWidth: Int
    var ellipsisAscent: Int
    var ellipsisDescent: Int
  }

  private let engine: TextEngine
  private let font: String
  private var known: [String: Metrics?] = [:]
  private var marks: [UInt8: Marks] = [:]
  private var pairs: [String: Int] = [:]

  /// A table for `font`, measured with `engine`.
  init(engine: TextEngine, font: String) {
    self.engine = engine
    self.font = font
  }

  /// The metrics of `characters` in `variant` (see ``CaptionText``); nil when Pango would do
  /// something the fast path does not model there (a break that removes characters).
  func metrics(_ characters: ArraySlice<Unicode.Scalar>, variant: UInt8) -> Metrics? {
    var key = String(Character(Unicode.Scalar(variant + 1)))
    key.unicodeScalars.append(contentsOf: characters)
    if let found = known[key] { return found }
    let measured = measure(characters, variant: variant)
    known[key] = measured
    return measured
  }

  /// How much Pango's shaping moves `next` when it follows `before` (kerning), all in
  /// `variant`: what summing two segments' widths misses at their boundary. `before` is the
  /// last character of the first segment, or the last two when the last is a space (a space
  /// takes the font of the character before it).
  func kerning(_ before: ArraySlice<Unicode.Scalar>, _ next: Unicode.Scalar, variant: UInt8) -> Int {
    var key = String(Character(Unicode.Scalar(variant + 1)))
    key.unicodeScalars.append(contentsOf: before)
    key.unicodeScalars.append(next)
    if let found = pairs[key] { return found }
    let found =
      line(Array(before) + [next], variant: variant).width - line(before, variant: variant).width
      - line([next], variant: variant).width
    pairs[key] = found
    return found
  }

  /// The hyphen and ellipsis of `variant`.
  func marks(_ variant: UInt8) -> Marks {
    if let found = marks[variant] { return found }
    let hyphen = max(line(["\u{2010}"], variant: variant).width, line(["-"], variant: variant).width)
    let ellipsis = line(["\u{2026}"], variant: variant)
    let found = Marks(
      hyphenWidth: hyphen, ellipsisWidth: ellipsis.width, ellipsisAscent: ellipsis.ascent,
      ellipsisDescent: ellipsis.height - ellipsis.ascent)
    marks[variant] = found
    return found
  }

  private func measure(_ characters: ArraySlice<Unicode.Scalar>, variant: UInt8) -> Metrics? {
    let whole = line(characters, variant: variant)
    var trimmed = whole.width
    if let last = characters.last, last.properties.isWhitespace {
      trimmed = characters.count == 1 ? 0 : line(characters.dropLast(), variant: variant).width
    }
    var probe = 0
    if characters.count > 1 && characters.contains(where: { $0.properties.isAlphabetic }) {
      let attributes = LineBreaks.logAttributes(characters)
      var lastHyphen = 0
      for position in 1..<characters.count {
        if attributes[position].break_removes_preceding != 0 { return nil }
        if attributes[position].break_inserts_hyphen != 0 { lastHyphen = position }
      }
      if lastHyphen > 0 {
        let prefix = characters.prefix(lastHyphen)
        probe = line(prefix, variant: variant).width + marks(variant).hyphenWidth
      }
    }
    return Metrics(
      width: whole.width, trimmedWidth: trimmed, probeWidth: probe, ascent: whole.ascent,
      descent: whole.height - whole.ascent)
  }

  private func line(_ characters: some Collection<Unicode.Scalar>, variant: UInt8) -> (
    width: Int, ascent: Int, height: Int
  ) {
    let text = String(String.UnicodeScalarView(characters))
    guard variant != 0 else { return engine.lineMetrics(text, font: font, isMarkup: false) }
    var markup = Markup.escape(text)
    if variant & CaptionText.italic != 0 { markup = "<i>" + markup + "</i>" }
    if variant & CaptionText.bold != 0 { markup = "<b>" + markup + "</b>" }
    return engine.lineMetrics(markup, font: font, isMarkup: true)
  }
}
