import Foundation
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

  /// A space Pango sets as a run of its own (see ``loneSpace(after:variant:)``).
  struct LoneSpace {
    var width: Int
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
  private var known: [SegmentKey: Metrics?] = [:]
  /// Each variant's marks and primary line once measured, by variant (0...3).
  private var marks: [Marks?] = [nil, nil, nil, nil]
  private var primaryLines: [(ascent: Int, descent: Int)?] = [nil, nil, nil, nil]
  private var pairs: [String: Int] = [:]
  private let packedPairs = [PackedTable(), PackedTable(), PackedTable(), PackedTable()]
  /// The width of each line of one or two characters measured (see ``lineWidth(_:variant:)``).
  private let shortWidths = PackedTable()
  /// Each character's advance by character and variant; ``noAdvance`` where it has none.
  private let advances = PackedTable()
  private static let noAdvance = Int.min
  private var loneSpaces: [UInt64: LoneSpace?] = [:]
  private var levelsAlone: [SegmentKey: UInt8?] = [:]
  private var pairsInContext: [SegmentKey: Int] = [:]
  private var contextWidths: [SegmentKey: Int] = [:]

  /// A table for `font`, measured with `engine`.
  init(engine: TextEngine, font: String) {
    self.engine = engine
    self.font = font
  }

  /// The metrics of `characters` in `variant` (see ``CaptionText``); nil when Pango would do
  /// something the fast path does not model there (a break that removes characters).
  func metrics(_ characters: ArraySlice<Unicode.Scalar>, variant: UInt8) -> Metrics? {
    // A segment with a digit is mostly seen once (a product number, a price): summed from its
    // characters each time, not kept, so the table holds the words that recur (a catalog's
    // unique numbers made it 30 times larger, and every lookup slower).
    if characters.contains(where: { (0x30...0x39).contains($0.value) }),
      let metrics = composed(characters, variant: variant)
    {
      return metrics
    }
    // Looked up by the slice of the paragraph itself (no copy); stored with its own copy.
    if let found = known[SegmentKey(variant: variant, characters: characters)] { return found }
    let measured = measure(characters, variant: variant)
    known[SegmentKey(variant: variant, characters: ArraySlice(Array(characters)))] = measured
    return measured
  }

  /// The metrics of `segment`, characters with no script of their own (digits, signs,
  /// spaces), as Pango sets them after `context` (the paragraph from the last letter before
  /// the segment): Pango gives them that letter's script, so the language and the fonts of that
  /// script (after a CJK word, a CJK font with its own digits and line height), where measured
  /// alone they would be set as Latin. Measured from the glyphs Pango sets for `context` and
  /// `segment` on one line: the segment's width is its glyphs' advances; `kerning` is how much
  /// the context's glyphs moved because the segment follows (what the model adds at their
  /// boundary when they share a line). Nil where the model cannot tell: a hex box, or a glyph
  /// whose cluster starts before the segment (or before its final space) and runs into it.
  func metrics(
    _ segment: ArraySlice<Unicode.Scalar>, after context: ArraySlice<Unicode.Scalar>, variant: UInt8
  )
    -> (metrics: Metrics, kerning: Int)?
  {
    let contextText = String(String.UnicodeScalarView(context))
    let segmentText = String(String.UnicodeScalarView(segment))
    guard
      let glyphs = engine.lineGlyphs(
        markup(contextText + segmentText, variant: variant), font: font, isMarkup: variant != 0)
    else { return nil }
    let start = contextText.utf8.count
    let end = start + segmentText.utf8.count
    let last = segment.last!
    let trimEnd = CharacterClasses.isWhitespace(last) ? end - String(last).utf8.count : end
    var width = 0
    var trimmed = 0
    var startsCluster = false
    var startsTrim = trimEnd == end
    for glyph in glyphs.glyphs where glyph.byte >= start {
      width += glyph.advance
      if glyph.byte < trimEnd { trimmed += glyph.advance }
      if glyph.byte == start { startsCluster = true }
      if glyph.byte == trimEnd { startsTrim = true }
    }
    guard startsCluster, startsTrim else { return nil }
    var ascent = 0
    var descent = 0
    for run in glyphs.runs where run.offset < end && run.offset + run.length > start {
      ascent = max(ascent, run.ascent)
      descent = max(descent, run.descent)
    }
    let key = SegmentKey(variant: variant, characters: context, split: -2)
    let contextWidth: Int
    if let found = contextWidths[key] {
      contextWidth = found
    } else {
      contextWidth = line(context, variant: variant).width
      contextWidths[SegmentKey(variant: variant, characters: ArraySlice(Array(context)), split: -2)] =
        contextWidth
    }
    let metrics = Metrics(
      width: width, trimmedWidth: trimmed, probeWidth: 0, ascent: ascent, descent: descent)
    return (metrics, glyphs.width - width - contextWidth)
  }

  /// How much Pango's shaping moves `next` when it follows `before` (kerning), all in
  /// `variant`: what summing two segments' widths misses at their boundary. `before` is the
  /// last character of the first segment, or the last two when the last is a space (a space
  /// takes the font of the character before it).
  func kerning(_ before: ArraySlice<Unicode.Scalar>, _ next: Unicode.Scalar, variant: UInt8) -> Int {
    if before.count <= 2 {
      return kerning(before.count == 2 ? before.first : nil, before.last!, next, variant: variant)
    }
    var key = String(Character(Unicode.Scalar(variant + 1)))
    key.unicodeScalars.append(contentsOf: before)
    key.unicodeScalars.append(next)
    if let found = pairs[key] { return found }
    let found = measureKerning(before, next, variant: variant)
    pairs[key] = found
    return found
  }

  /// ``kerning(_:_:variant:)`` after one character, `last`, or two, `first` and `last`.
  func kerning(_ first: Unicode.Scalar?, _ last: Unicode.Scalar, _ next: Unicode.Scalar, variant: UInt8)
    -> Int
  {
    // One or two characters and the next, 21 bits each, in one number per variant.
    var packed = UInt64(next.value) | UInt64(last.value) << 21
    if let first { packed |= UInt64(first.value) << 42 }
    let table = packedPairs[Int(variant & 3)]
    if let found = table.value(packed) { return found }
    let before = first.map { [$0, last] } ?? [last]
    let found = measureKerning(before[...], next, variant: variant)
    table.set(packed, found)
    return found
  }

  /// How much Pango's shaping moves the last of `text` when it follows the rest, all in
  /// `variant`: ``kerning(_:_:variant:)`` for a pair whose first characters have no script of
  /// their own, measured after the letter whose script they take (`text` runs from it).
  func kerning(inContext text: ArraySlice<Unicode.Scalar>, variant: UInt8) -> Int {
    let key = SegmentKey(variant: variant, characters: text, split: -1)
    if let found = pairsInContext[key] { return found }
    let found = measureKerning(text.dropLast(), text.last!, variant: variant)
    pairsInContext[SegmentKey(variant: variant, characters: ArraySlice(Array(text)), split: -1)] = found
    return found
  }

  private func measureKerning(_ before: ArraySlice<Unicode.Scalar>, _ next: Unicode.Scalar, variant: UInt8)
    -> Int
  {
    line(Array(before) + [next], variant: variant).width - lineWidth(before, variant: variant)
      - lineWidth([next], variant: variant)
  }

  /// The width of `characters` set alone on a line in `variant`; kept for one or two
  /// characters, the parts that kerning pairs share (a table of pairs measured each part again
  /// for every pair).
  private func lineWidth(_ characters: ArraySlice<Unicode.Scalar>, variant: UInt8) -> Int {
    guard characters.count <= 2, let first = characters.first else {
      return line(characters, variant: variant).width
    }
    let second = characters.count == 2 ? characters.last!.value : 0
    let key = UInt64(first.value) | UInt64(second) << 21 | UInt64(variant & 3) << 42 | 1 << 63
    if let found = shortWidths.value(key) { return found }
    let width = line(characters, variant: variant).width
    shortWidths.set(key, width)
    return width
  }

  /// The one bidirectional level all of `characters` share set alone as a paragraph (as
  /// ``metrics(_:variant:)`` sets them); nil when they differ.
  func levelAlone(_ characters: ArraySlice<Unicode.Scalar>) -> UInt8? {
    if let found = levelsAlone[SegmentKey(variant: 0, characters: characters)] { return found }
    let level = BidiLevels.uniformLevel(of: characters)
    levelsAlone[SegmentKey(variant: 0, characters: ArraySlice(Array(characters)))] = level
    return level
  }

  /// A space U+0020 after `letter`, in `variant`, where the space's bidirectional level differs
  /// from the letter's (the space sits between text of the paragraph's direction and a word of
  /// the other) and the character after it has another script: Pango then makes a run of the
  /// space alone, in the font its fonts give a space in the letter's script, which need not be
  /// the letter's font. Measured once from such a run in a line Pango sets (a letter of the
  /// other direction, `letter`, the space and that letter again); nil when Pango did not set
  /// the space alone there.
  func loneSpace(after letter: Unicode.Scalar, variant: UInt8) -> LoneSpace? {
    let key = UInt64(letter.value) << 8 | UInt64(variant)
    if let found = loneSpaces[key] { return found }
    let other: Unicode.Scalar = BidiLevels.isRightToLeft(letter) ? "x" : "\u{5D0}"
    let text = String(String.UnicodeScalarView([other, letter, " ", other]))
    let spaceOffset = String(String.UnicodeScalarView([other, letter])).utf8.count
    let runs = engine.lineRuns(markup(text, variant: variant), font: font, isMarkup: variant != 0)
    let found = runs.first { $0.offset == spaceOffset && $0.length == 1 }.map {
      LoneSpace(width: $0.width, ascent: $0.ascent, descent: $0.descent)
    }
    loneSpaces[key] = found
    return found
  }

  /// The hyphen and ellipsis of `variant`.
  func marks(_ variant: UInt8) -> Marks {
    if let found = marks[Int(variant & 3)] { return found }
    let hyphen = max(line(["\u{2010}"], variant: variant).width, line(["-"], variant: variant).width)
    let ellipsis = line(["\u{2026}"], variant: variant)
    let found = Marks(
      hyphenWidth: hyphen, ellipsisWidth: ellipsis.width, ellipsisAscent: ellipsis.ascent,
      ellipsisDescent: ellipsis.height - ellipsis.ascent)
    marks[Int(variant & 3)] = found
    return found
  }

  private func measure(_ characters: ArraySlice<Unicode.Scalar>, variant: UInt8) -> Metrics? {
    if let metrics = composed(characters, variant: variant) { return metrics }
    let whole = line(characters, variant: variant)
    // Hex boxes for characters no font has: their extents are Pango's business.
    if whole.hasBoxes { return nil }
    var trimmed = whole.width
    if let last = characters.last, CharacterClasses.isWhitespace(last) {
      trimmed = characters.count == 1 ? 0 : line(characters.dropLast(), variant: variant).width
    }
    var probe = 0
    if characters.count > 1 && characters.contains(where: CharacterClasses.isAlphabetic) {
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

  /// The metrics of a segment of Latin letters, digits and signs, each set in the variant's
  /// own font, summed from each character's advance and the kerning of each pair (both
  /// measured once): no Pango call for the many segments seen once (product numbers, file
  /// names, prices). Nil for other segments, and where a ligature (ff, fi, fl) may form.
  ///
  /// Its probe width is an upper bound: the width before the last character that is not a
  /// space, plus a hyphen, as if Pango could insert one there.
  private func composed(_ characters: ArraySlice<Unicode.Scalar>, variant: UInt8) -> Metrics? {
    guard
      characters.allSatisfy({
        (0x20...0x7E).contains($0.value) || (0xA0...0x24F).contains($0.value)
          || (0x2010...0x2027).contains($0.value) || $0.value == 0x20AC
      })
    else { return nil }
    let base = characters.startIndex
    let count = characters.count
    var lastInk = count - 1
    while lastInk > 0 && CharacterClasses.isWhitespace(characters[base + lastInk]) { lastInk -= 1 }
    // The width of the first k characters, for k = count, count - 1 and lastInk.
    var width = 0
    var beforeLast = 0
    var beforeLastInk = 0
    var previous: Unicode.Scalar?
    for index in characters.indices {
      let character = characters[index]
      if index - base == lastInk { beforeLastInk = width }
      if index - base == count - 1 { beforeLast = width }
      if previous == "f" && (character == "f" || character == "i" || character == "l") { return nil }
      guard let advance = advance(character, variant: variant) else { return nil }
      width += advance
      if index > base {
        // Spaces take the font of the character before them: kern from the last that is not one.
        var from = index - 1
        while from > base && CharacterClasses.isWhitespace(characters[from]) { from -= 1 }
        width +=
          index - from <= 2
          ? kerning(
            index - from == 2 ? characters[from] : nil, characters[index - 1], character, variant: variant)
          : kerning(characters[from..<index], character, variant: variant)
      }
      previous = character
    }
    let lastIsWhite = CharacterClasses.isWhitespace(characters.last!)
    let probe = lastInk >= 1 ? beforeLastInk + marks(variant).hyphenWidth : 0
    let line = primaryLine(variant)
    return Metrics(
      width: width, trimmedWidth: lastIsWhite ? beforeLast : width, probeWidth: probe,
      ascent: line.ascent, descent: line.descent)
  }

  /// The advance of `character` alone in `variant`; nil when it is set in a font whose line
  /// differs from the variant's own (a fallback font).
  func advance(_ character: Unicode.Scalar, variant: UInt8) -> Int? {
    let key = UInt64(character.value) << 8 | UInt64(variant)
    if let found = advances.value(key) { return found == Self.noAdvance ? nil : found }
    let measured = line([character], variant: variant)
    let own = primaryLine(variant)
    let found: Int? =
      !measured.hasBoxes && measured.ascent == own.ascent && measured.height - measured.ascent == own.descent
      ? measured.width : nil
    advances.set(key, found ?? Self.noAdvance)
    return found
  }

  /// The ascent and descent of the variant's own font (from a Latin letter).
  func primaryLine(_ variant: UInt8) -> (ascent: Int, descent: Int) {
    if let found = primaryLines[Int(variant & 3)] { return found }
    let measured = line(["x"], variant: variant)
    let found = (measured.ascent, measured.height - measured.ascent)
    primaryLines[Int(variant & 3)] = found
    return found
  }

  private func line(_ characters: some Collection<Unicode.Scalar>, variant: UInt8) -> (
    width: Int, ascent: Int, height: Int, hasBoxes: Bool
  ) {
    let text = String(String.UnicodeScalarView(characters))
    return engine.lineMetrics(markup(text, variant: variant), font: font, isMarkup: variant != 0)
  }

  /// `text` as Pango markup setting it in `variant`; `text` itself for the plain variant.
  private func markup(_ text: String, variant: UInt8) -> String {
    guard variant != 0 else { return text }
    var markup = Markup.escape(text)
    if variant & CaptionText.italic != 0 { markup = "<i>" + markup + "</i>" }
    if variant & CaptionText.bold != 0 { markup = "<b>" + markup + "</b>" }
    return markup
  }
}

/// A segment's characters and font variant, compared by code point (not by Swift's canonical
/// string equivalence: Pango may set "é" and "e" + U+0301 differently).
private struct SegmentKey: Hashable {
  var variant: UInt8
  var characters: ArraySlice<Unicode.Scalar>
  /// Tells apart keys of different tables kept in one dictionary (0 unless said otherwise).
  var split = 0

  func hash(into hasher: inout Hasher) {
    hasher.combine(variant)
    hasher.combine(split)
    characters.withUnsafeBytes { hasher.combine(bytes: $0) }
  }

  static func == (a: SegmentKey, b: SegmentKey) -> Bool {
    guard a.variant == b.variant, a.split == b.split, a.characters.count == b.characters.count else {
      return false
    }
    // Compared as memory: the generic element-by-element comparison cost more than the hashing.
    return a.characters.withUnsafeBytes { first in
      b.characters.withUnsafeBytes { second in
        first.isEmpty || memcmp(first.baseAddress!, second.baseAddress!, first.count) == 0
      }
    }
  }
}
