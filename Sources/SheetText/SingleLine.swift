import SheetLayout

extension FastTextMeasurer {
  /// The fast path's measurement of a text that plainly fits one line, read straight from its
  /// UTF-8 bytes without allocating: what ``fastMeasure(_:style:width:)`` would give through
  /// ``CaptionText``, ``LineBreaks`` and ``ParagraphWrapper``, which cost several allocations a
  /// text (a million file names as captions spent more there than in measuring). Nil for any
  /// other text, which the full model then measures.
  ///
  /// Taken only where the full model sums the same numbers: plain text (or markup without `<`
  /// or `&`) of printable ASCII and Latin letters up to U+024F, set in the plain variant,
  /// whose break opportunities ``LineBreaks``' own table finds, with no pair that may form a
  /// ligature (ff, fi, fl), every character in the font's own line (``SegmentTable/advance(_:variant:)``),
  /// and never more than one space in a row. The wrapper sums each segment from its
  /// characters' advances and the kerning of each pair, across segments too, so the line's
  /// width after `k` characters is the same sum `W(k)` whatever the segments; the text is one
  /// line when even the widest `W(k)` plus a hyphen (every segment's probe is some `W(k)` and
  /// a hyphen) stays clear of the width by the slack (without the hyphen under a limit of one
  /// line, where Pango's last line is not wrapped). The width reported is the wrapper's: the
  /// widest segment end, without its final space.
  func singleLine(_ text: String, style: TextStyle, table: SegmentTable, limit: Int) -> TextMeasurement? {
    var text = text
    return text.withUTF8 { singleLine(utf8: $0, style: style, table: table, limit: limit) }
  }

  private func singleLine(
    utf8 bytes: UnsafeBufferPointer<UInt8>, style: TextStyle, table: SegmentTable, limit: Int
  ) -> TextMeasurement? {
    var width = 0  // W(count): the first `count` characters, kerned
    var widthBeforeLast = 0  // W(count - 1)
    var peak = 0  // the largest W(k), k ≥ 1
    var widest = 0  // the widest segment end, without its final space
    var count = 0
    var first: Unicode.Scalar = " "
    var previous: Unicode.Scalar = " "
    var lastInk: (character: Unicode.Scalar, index: Int)?  // the last that is not white space
    var kind = LineBreaks.Kind.other
    var earlier = LineBreaks.Kind.other
    // Past this, the text is not one line as this path takes it (see above).
    let bound =
      limit - FastTextMeasurer.slack - (style.maxLines == 1 ? 0 : table.marks(0).hyphenWidth)
    let asciiKinds = LineBreaks.asciiKinds  // read once, not once a character
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      let character: Unicode.Scalar
      if byte < 0x80 {
        guard byte >= 0x20, byte != 0x7F, !style.isMarkup || (byte != 0x3C && byte != 0x26) else {
          return nil
        }
        character = Unicode.Scalar(byte)
        index += 1
      } else {
        // Two bytes: U+0080 to U+07FF, of which U+00A0 to U+024F are taken.
        guard byte & 0xE0 == 0xC0, index + 1 < bytes.count else { return nil }
        let value = UInt32(byte & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F)
        guard value >= 0xA0, value <= 0x24F, let scalar = Unicode.Scalar(value) else { return nil }
        character = scalar
        index += 2
      }
      let next =
        character.value < 0x80 ? asciiKinds[Int(character.value)] : LineBreaks.kind(of: character.value)
      guard next != .other else { return nil }
      var kerning = 0
      if count > 0 {
        guard let isBreak = LineBreaks.breaks(kind, next, after: earlier) else { return nil }
        if isBreak { widest = max(widest, CharacterClasses.isWhitespace(previous) ? widthBeforeLast : width) }
        if previous == "f" && (character == "f" || character == "i" || character == "l") { return nil }
        // Kerned after the last character that is not white space (or the first), and the
        // white space after it, as the wrapper does.
        let from = lastInk?.index ?? 0
        switch count - from {
        case 1: kerning = table.kerning(nil, previous, character, variant: 0)
        case 2: kerning = table.kerning(lastInk?.character ?? first, previous, character, variant: 0)
        default: return nil
        }
      }
      guard let advance = table.advance(character, variant: 0) else { return nil }
      widthBeforeLast = width
      width += advance + kerning
      peak = max(peak, width)
      guard peak <= bound else { return nil }
      if count == 0 { first = character }
      if !CharacterClasses.isWhitespace(character) { lastInk = (character, count) }
      earlier = kind
      kind = next
      previous = character
      count += 1
    }
    guard count > 0 else { return nil }
    widest = max(widest, CharacterClasses.isWhitespace(previous) ? widthBeforeLast : width)
    // Under a limit of one line, the wrapper's last line: as wide as all its characters.
    if style.maxLines == 1 { widest = width }
    let line = table.primaryLine(0)
    return TextMeasurement(
      width: Double(widest) / 1024, height: Double(line.ascent + line.descent) / 1024, lineCount: 1,
      isTruncated: false)
  }
}
