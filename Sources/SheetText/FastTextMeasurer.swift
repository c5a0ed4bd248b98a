import SheetLayout

/// A measurer for many captions: it wraps lines itself, the way Pango does, from the widths
/// of words that Pango shaped once each, and asks Pango's full layout (``TextEngine``) only
/// where its model is not sure.
///
/// Each paragraph is cut at its line-break opportunities (``LineBreaks``, UAX #14 as Pango
/// computes them) into segments, such as a word and the space after it; Pango measures each
/// distinct segment once per font (``SegmentTable``). Lines are then filled as Pango's word
/// wrapping fills them: a line ends after the last segment whose width, without its final
/// space (plus a hyphen where Pango would insert one), fits the width. Each line is as tall as
/// its tallest segment above and below the baseline (a CJK word set in a fallback font makes
/// its line taller). With a line limit, the last line holds the rest of the paragraph and is
/// ellipsized when wider than the width, as Pango does.
///
/// Kerning across a boundary (as in "quatre-vingt") is added from the pair, measured once. What
/// may still differ from Pango's shaping of the whole line is left to ``slack``: every decision
/// must clear the width by that much either way; a decision that
/// close, a word wider than the line (Pango then breaks inside it), markup beyond `<b>` and
/// `<i>`, tabs, empty lines and an ellipsis whose cut may hide or show a taller word all go to
/// Pango's full layout. Tests and `benchmarks/run-scale` compare line counts and heights with
/// Pango's on many thousands of captions in every script. Reported widths are the model's
/// (the layout uses heights only). Not thread-safe: one per thread.
public final class FastTextMeasurer: TextMeasuring {
  /// The Pango engine that measures segments and every text the fast path declines.
  public let engine: TextEngine
  private var tables: [String: SegmentTable] = [:]
  private var lastTable: (font: String, table: SegmentTable)?
  /// Measurements answered without Pango's full layout.
  public private(set) var fastCount = 0
  /// Measurements passed to Pango's full layout.
  public private(set) var pangoCount = 0

  /// How far (in Pango units, 1/1024 pt) a line's summed width must stay from the width for
  /// the fast path to decide; closer calls go to Pango.
  static let slack = 64

  /// A measurer that wraps text itself where it can and passes the rest to `engine`.
  public init(engine: TextEngine) {
    self.engine = engine
  }

  /// The engine's fonts.
  public var fonts: FontSet { engine.fonts }

  /// The size of `text` set in `style` and wrapped at `width` points: from the model when
  /// it is sure (see the type), else measured by ``engine``.
  public func measure(_ text: String, style: TextStyle, width: Double) -> TextMeasurement {
    if let fast = fastMeasure(text, style: style, width: width) {
      fastCount += 1
      return fast
    }
    pangoCount += 1
    return engine.measure(text, style: style, width: width)
  }

  /// The model's measurement, or nil where it leaves the text to Pango.
  package func fastMeasure(_ text: String, style: TextStyle, width: Double) -> TextMeasurement? {
    guard !text.isEmpty, width > 0 else { return nil }
    let table = segmentTable(style.font)
    let limit = Int((width * 1024).rounded(.down))
    return singleLine(text, style: style, table: table, limit: limit)
      ?? wrapped(text, style: style, table: table, limit: limit)
  }

  /// The model's measurement by wrapping each paragraph (see the type), or nil.
  func wrapped(_ text: String, style: TextStyle, table: SegmentTable, limit: Int) -> TextMeasurement? {
    guard let caption = CaptionText.parse(text, isMarkup: style.isMarkup) else { return nil }
    var total = TextMeasurement(width: 0, height: 0, lineCount: 0, isTruncated: false)
    var height = 0
    var widest = 0
    // A line limit counts the lines of the whole text (see `LineSeparators`). One paragraph
    // is wrapped under the limit; several are wrapped without it, and only when their lines
    // together stay within it is the model sure: a caption cut across paragraphs goes to Pango.
    let paragraphLimit = caption.paragraphs.count == 1 ? style.maxLines : 0
    for (paragraph, variants) in zip(caption.paragraphs, caption.variants) {
      // Right-to-left words among others: Pango's runs follow the paragraph's bidirectional
      // levels, which the model follows for a caption of one paragraph (see `ParagraphWrapper`).
      var levels: [UInt8]?
      if ParagraphWrapper.mixesDirections(paragraph) {
        // Right-to-left letters among Latin ones only (pango-check found lines mixing them
        // with CJK that the model set apart from Pango).
        guard caption.paragraphs.count == 1,
          paragraph.allSatisfy({
            !ParagraphWrapper.hasOwnScript($0) || $0.value < 0x250 || BidiLevels.isRightToLeft($0)
          })
        else { return nil }
        levels = BidiLevels.levels(of: paragraph)
      }
      var wrapper = ParagraphWrapper(
        characters: paragraph, variants: variants, segments: LineBreaks.segments(of: paragraph), table: table,
        limit: limit, maxLines: paragraphLimit, levels: levels)
      guard let lines = wrapper.wrap() else { return nil }
      height += lines.height
      widest = max(widest, lines.widest)
      total.lineCount += lines.count
      total.isTruncated = total.isTruncated || lines.isTruncated
      if style.maxLines > 0 && total.lineCount > style.maxLines { return nil }
    }
    total.height = Double(height) / 1024
    total.width = Double(widest) / 1024
    return total
  }

  /// The segments measured in `font`, made on first use.
  func segmentTable(_ font: String) -> SegmentTable {
    // Most texts in a row share a font: compared before hashing it.
    if let last = lastTable, last.font == font { return last.table }
    let table = tables[font] ?? SegmentTable(engine: engine, font: font)
    tables[font] = table
    lastTable = (font, table)
    return table
  }
}

/// Wraps one paragraph as Pango does, from segment metrics (see ``FastTextMeasurer``).
///
/// A paragraph mixing right-to-left words with others comes with its bidirectional levels.
/// Pango shapes each run of one level (and script, font and variant) on its own, so a segment
/// is taken as measured alone only where its characters share one level of the direction they
/// have alone; nothing is shaped across a change of level; and a trailing space whose level
/// differs from the word before it (between a word and one of the other direction) is a run of
/// its own, measured as such (``SegmentTable/loneSpace(after:variant:)``).
struct ParagraphWrapper {
  var characters: [Unicode.Scalar]
  var variants: [UInt8]
  var segments: [LineBreaks.Segment]
  var table: SegmentTable
  var limit: Int
  var maxLines: Int
  /// The bidirectional level of each character, for a paragraph mixing directions; else nil.
  var levels: [UInt8]?
  private var measured: [SegmentTable.Metrics?] = []
  /// Whether each measured segment ends in a space Pango sets as a run of its own.
  private var endsInLoneSpace: [Bool] = []
  /// For segments measured after the text before them (see ``SegmentTable/metrics(_:after:variant:)``),
  /// by index: the kerning at their start.
  private var kerningInContext: [Int: Int] = [:]
  /// The kerning before each segment, by index, once known (``unknownKerning`` until then):
  /// an ellipsized line asks twice.
  private var kernings: [Int] = []
  private static let unknownKerning = Int.min

  init(
    characters: [Unicode.Scalar], variants: [UInt8], segments: [LineBreaks.Segment], table: SegmentTable,
    limit: Int, maxLines: Int, levels: [UInt8]? = nil
  ) {
    self.characters = characters
    self.variants = variants
    self.segments = segments
    self.table = table
    self.limit = limit
    self.maxLines = maxLines
    self.levels = levels
    measured = []
    measured.reserveCapacity(segments.count)
    kernings = [Int](repeating: Self.unknownKerning, count: segments.count)
  }

  /// The lines: how many, their summed height, the widest, whether the last was ellipsized;
  /// nil where the model is not sure.
  mutating func wrap() -> (count: Int, height: Int, widest: Int, isTruncated: Bool)? {
    let slack = FastTextMeasurer.slack
    var first = 0
    var count = 0
    var height = 0
    var widest = 0
    while first < segments.count {
      count += 1
      if maxLines > 0 && count == maxLines {
        guard let last = lastLine(from: first) else { return nil }
        return (count, height + last.height, max(widest, last.width), last.isTruncated)
      }
      var x = 0
      var ascent = 0
      var descent = 0
      var next = first
      while next < segments.count {
        guard let metrics = metrics(next) else { return nil }
        let isLast = next == segments.count - 1
        let hyphen =
          segments[next].insertsHyphen && !isLast
          ? table.marks(variants[segments[next].start]).hyphenWidth : 0
        guard let kerning = next > first ? boundaryKerning(before: next) : 0 else { return nil }
        let needed = x + kerning + metrics.trimmedWidth + hyphen
        let probe = metrics.probeWidth > 0 ? x + kerning + metrics.probeWidth : 0
        if max(needed, probe) <= limit - slack {
          widest = max(widest, needed)
          x += kerning + metrics.width
          ascent = max(ascent, metrics.ascent)
          descent = max(descent, metrics.descent)
          next += 1
        } else if needed > limit + slack {
          break
        } else {
          return nil
        }
      }
      // A first segment wider than the line: Pango breaks inside it.
      guard next > first else { return nil }
      height += ascent + descent
      first = next
    }
    return (count, height, widest, false)
  }

  /// The last line a line limit allows: the rest of the paragraph on one line, ellipsized at
  /// the end when wider than the limit.
  private mutating func lastLine(from first: Int) -> (height: Int, width: Int, isTruncated: Bool)? {
    let slack = FastTextMeasurer.slack
    var x = 0
    var ascent = 0
    var descent = 0
    var index = first
    while index < segments.count && x <= limit + slack {
      guard let metrics = metrics(index), let kerning = index > first ? boundaryKerning(before: index) : 0
      else {
        return nil
      }
      x += kerning + metrics.width
      ascent = max(ascent, metrics.ascent)
      descent = max(descent, metrics.descent)
      index += 1
    }
    if index == segments.count && x <= limit - slack { return (ascent + descent, x, false) }
    guard x > limit + slack else { return nil }
    let marks = table.marks(variants[segments[first].start])
    if levels != nil {
      // Pango's ellipsis in a line mixing directions: pango-check found one it kept shorter than
      // the model (the cut need not keep what precedes it in logical order), so the model does
      // not place the cut. It need not when every segment that could stay visible (all that
      // start within the width) is in the line's first variant, whose ellipsis Pango sets, and
      // no taller than that ellipsis: the line is then as tall as the ellipsis wherever the cut
      // falls (Arabic words among Latin ones in a font that has both).
      for visible in first..<index {
        guard let metrics = metrics(visible),
          variants[segments[visible].start] == variants[segments[first].start],
          metrics.ascent <= marks.ellipsisAscent, metrics.descent <= marks.ellipsisDescent
        else { return nil }
      }
      return (marks.ellipsisAscent + marks.ellipsisDescent, limit, true)
    }
    // Ellipsized: the ellipsis and whatever stays visible before it set the height. Pango cuts
    // by grapheme, so a taller segment counts when it ends before the ellipsis, does not when it
    // starts after it, and goes to Pango when it straddles the cut.
    ascent = marks.ellipsisAscent
    descent = marks.ellipsisDescent
    let visibleEnd = limit - marks.ellipsisWidth
    x = 0
    for index in first..<segments.count {
      if x >= visibleEnd + slack { break }
      guard let metrics = metrics(index), variants[segments[index].start] == variants[segments[first].start],
        let kerning = index > first ? boundaryKerning(before: index) : 0
      else { return nil }
      x += kerning
      if metrics.ascent > ascent || metrics.descent > descent {
        guard x + metrics.width <= visibleEnd - slack else { return nil }
        ascent = max(ascent, metrics.ascent)
        descent = max(descent, metrics.descent)
      }
      x += metrics.width
    }
    return (ascent + descent, limit, true)
  }

  /// The kerning between segment `index` and the one before it (none across font variants);
  /// nil where the model cannot tell. Call after measuring both segments.
  private mutating func boundaryKerning(before index: Int) -> Int? {
    if kernings[index] != Self.unknownKerning { return kernings[index] }
    guard let kerning = measureKerning(before: index) else { return nil }
    kernings[index] = kerning
    return kerning
  }

  private func measureKerning(before index: Int) -> Int? {
    if let kerning = kerningInContext[index] { return kerning }
    let start = segments[index].start
    guard variants[start - 1] == variants[start] else { return 0 }
    // Spaces take the font of the character before them: start from the last that is not one.
    var from = start - 1
    while from > 0 && CharacterClasses.isWhitespace(characters[from]) { from -= 1 }
    guard variants[from..<start].allSatisfy({ $0 == variants[start] }) else { return 0 }
    // A pair measured alone that starts with a character of no script of its own (a digit, a
    // sign, ー) gives it the script of the character after it, where the paragraph gives it the
    // script of the text before it: only Latin on both sides gives the same (pango-check found
    // "a; ひ" and "ー s" set apart from how Pango sets them in the paragraph).
    // Such a pair is measured after that text instead: after its last letter, which gives it
    // the script (a product number between two words is unique, so only the letter, the pair
    // and the spaces in it are measured, not the characters between them).
    if !Self.hasOwnScript(characters[from]),
      let letter = characters[..<from].lastIndex(where: Self.hasOwnScript),
      characters[start].value >= 0x250 || characters[letter].value >= 0x250
    {
      if let levels {
        // After a segment measured in context (``endsInLoneSpace(afterContext:letter:)``): a
        // final space that is a run of its own, or a change of level, leaves nothing to shape
        // across; a space of the next word's level and script is shaped with that word, as the
        // pair of the space and its first character set alone is when that too is one level
        // of the same direction.
        if endsInLoneSpace[index - 1] || levels[start - 1] != levels[start] { return 0 }
        guard kerningInContext[index - 1] != nil, characters[start - 1] == " ",
          let alone = table.levelAlone(characters[(start - 1)...start]),
          alone % 2 == levels[start] % 2
        else { return nil }
        return table.kerning(characters[(start - 1)..<start], characters[start], variant: variants[start])
      }
      guard variants[letter..<start].allSatisfy({ $0 == variants[start] }) else { return nil }
      var text = [characters[letter]]
      text.append(contentsOf: characters[from...start])
      return table.kerning(inContext: text[...], variant: variants[start])
    }
    if let levels {
      // A lone space or a change of level ends a run: nothing is shaped across it. Else the
      // pair must be shaped as it is alone: one level throughout, of the direction it has alone.
      if endsInLoneSpace[index - 1] || levels[start - 1] != levels[start] { return 0 }
      let level = levels[start]
      guard levels[from...start].allSatisfy({ $0 == level }),
        let alone = table.levelAlone(characters[from...start]),
        alone % 2 == level % 2
      else { return nil }
    }
    return table.kerning(characters[from..<start], characters[start], variant: variants[start])
  }

  /// In a paragraph mixing directions, `metrics` of `segment` as Pango sets it there, and
  /// whether it ends in a space set as a run of its own; nil where the model cannot tell.
  private func placed(_ metrics: SegmentTable.Metrics, _ segment: LineBreaks.Segment, levels: [UInt8]) -> (
    SegmentTable.Metrics, endsInLoneSpace: Bool
  )? {
    var inkEnd = segment.end
    while inkEnd > segment.start && CharacterClasses.isWhitespace(characters[inkEnd - 1]) { inkEnd -= 1 }
    guard inkEnd > segment.start else { return nil }
    // Shaped as alone: one level, of the direction the segment has alone.
    let level = levels[segment.start]
    guard levels[segment.start..<inkEnd].allSatisfy({ $0 == level }),
      let alone = table.levelAlone(characters[segment.start..<segment.end]), alone % 2 == level % 2
    else { return nil }
    if levels[inkEnd..<segment.end].allSatisfy({ $0 == level }) { return (metrics, false) }
    // One space at another level after a letter: a run of its own when the character after it
    // (if any) has another script, so that the run cannot go on; the letter's script gives the
    // space its font.
    let letter = characters[inkEnd - 1]
    guard segment.end - inkEnd == 1, characters[inkEnd] == " ", CharacterClasses.isAlphabetic(letter),
      let script = BidiLevels.script(letter)
    else { return nil }
    if segment.end < characters.count {
      let next = characters[segment.end]
      guard CharacterClasses.hasOwnScript(next), BidiLevels.script(next) != script else { return nil }
    }
    guard let space = table.loneSpace(after: letter, variant: variants[segment.start]) else { return nil }
    var placed = metrics
    placed.width = metrics.trimmedWidth + space.width
    placed.ascent = max(metrics.ascent, space.ascent)
    placed.descent = max(metrics.descent, space.descent)
    return (placed, true)
  }

  private mutating func metrics(_ index: Int) -> SegmentTable.Metrics? {
    while measured.count <= index {
      let segment = segments[measured.count]
      let variant = variants[segment.start]
      guard variants[segment.start..<segment.end].allSatisfy({ $0 == variant }) else { return nil }
      // A segment that starts with a character of no script of its own (a digit, a sign) takes
      // the script, so the language and the font, of the text before it: measured alone it
      // would be in the default language's font. Only Latin text before it gives the same;
      // after other letters, a segment of such characters alone is measured after the text
      // from that letter on (left-to-right text only, where Pango's runs follow the script).
      if segment.start > 0 && !Self.hasOwnScript(characters[segment.start]),
        let letter = characters[..<segment.start].lastIndex(where: Self.hasOwnScript),
        characters[letter].value >= 0x250
      {
        // Two spaces or more before it: Pango then broke the line before the word ending in
        // them (pango-check found "affine  大阪  #7"), where the model fits the word: left to
        // Pango.
        let spaces = characters[..<segment.start].reversed().prefix(while: CharacterClasses.isWhitespace)
          .count
        guard spaces < 2, levels != nil || !BidiLevels.isRightToLeft(characters[letter]),
          characters[segment.start..<segment.end].allSatisfy({
            !Self.hasOwnScript($0) && !CharacterClasses.isAlphabetic($0)
          }),
          variants[letter..<segment.start].allSatisfy({ $0 == variant }),
          let loneSpace = levels == nil ? false : endsInLoneSpace(afterContext: segment, letter: letter),
          let placed = table.metrics(
            characters[segment.start..<segment.end], after: characters[letter..<segment.start],
            variant: variant),
          levels == nil || isInOwnFont(placed.metrics, letter: letter, variant: variant)
        else { return nil }
        measured.append(placed.metrics)
        endsInLoneSpace.append(loneSpace)
        kerningInContext[measured.count - 1] = placed.kerning
        kernings[measured.count - 1] = placed.kerning
        continue
      }
      var metrics = table.metrics(characters[segment.start..<segment.end], variant: variant)
      var loneSpace = false
      if let levels, let alone = metrics {
        guard let placed = placed(alone, segment, levels: levels) else { return nil }
        (metrics, loneSpace) = (placed.0, placed.endsInLoneSpace)
      }
      measured.append(metrics)
      endsInLoneSpace.append(loneSpace)
    }
    return measured[index]
  }

  /// In a paragraph mixing directions, for `segment` (characters of no script of their own,
  /// such as a product number or a price, after right-to-left words or other letters above
  /// U+0250) measured after the text from `letter` on: whether that measurement holds here,
  /// and whether its final space is a run of its own. Nil where the model cannot tell.
  ///
  /// The measurement sets the text from the letter on as a paragraph of its own; its runs are
  /// the paragraph's when both give the characters the same bidirectional levels (the digits
  /// of a number after Arabic are a level above the text around them; the letter gives all
  /// of them its script). Only its final space may differ: it sits at the end of the text
  /// measured, and here takes its level from the word after it. When that word is set at
  /// another level or in another script, the space is a run of its own (same width, nothing
  /// shaped across it); when at the same level and in the letter's script, the space starts
  /// that word's run (see ``boundaryKerning(before:)``).
  private func endsInLoneSpace(afterContext segment: LineBreaks.Segment, letter: Int) -> Bool? {
    guard let levels else { return nil }
    var inkEnd = segment.end
    while inkEnd > segment.start && CharacterClasses.isWhitespace(characters[inkEnd - 1]) { inkEnd -= 1 }
    guard inkEnd > segment.start, segment.end - inkEnd <= 1,
      BidiLevels.levels(of: characters[letter..<inkEnd]).elementsEqual(levels[letter..<inkEnd])
    else { return nil }
    guard segment.end < characters.count else { return true }
    // No final space: a break between the number and what follows, which this model leaves.
    guard segment.end - inkEnd == 1, characters[inkEnd] == " " else { return nil }
    let next = characters[segment.end]
    if levels[inkEnd] != levels[segment.end] { return true }
    guard Self.hasOwnScript(next), let script = BidiLevels.script(next) else { return nil }
    return script != BidiLevels.script(characters[letter])
  }

  /// Whether `metrics` of a segment measured after `letter`, and the letter itself, are set in
  /// the variant's own font (its ascent and descent). Where the letter's script falls back to
  /// another font (Arabic in DejaVu Serif), pango-check found lines holding a number after
  /// it taller in Pango than in the measurement: the model keeps to the font's own scripts.
  private func isInOwnFont(_ metrics: SegmentTable.Metrics, letter: Int, variant: UInt8) -> Bool {
    let own = table.primaryLine(variant)
    guard metrics.ascent == own.ascent, metrics.descent == own.descent,
      let alone = table.metrics(characters[letter...letter], variant: variant)
    else { return false }
    return alone.ascent == own.ascent && alone.descent == own.descent
  }

  /// Whether a character has a script of its own (a letter or mark of some script), so that
  /// Pango does not give it the script of the text before it.
  static func hasOwnScript(_ character: Unicode.Scalar) -> Bool {
    CharacterClasses.hasOwnScript(character)
  }

  /// Whether `paragraph` has right-to-left letters (Hebrew, Arabic) and letters of another
  /// script: the spaces between them then take the paragraph's direction, which can make them
  /// runs of their own, in another font than the word measured alone had (the tests found
  /// such lines), so the wrapper needs the paragraph's levels.
  static func mixesDirections(_ paragraph: [Unicode.Scalar]) -> Bool {
    // Most paragraphs have no right-to-left character: a range check each, no table lookup.
    guard paragraph.contains(where: BidiLevels.isRightToLeft) else { return false }
    var rightToLeft = false
    var other = false
    for character in paragraph where CharacterClasses.isAlphabetic(character) {
      if BidiLevels.isRightToLeft(character) { rightToLeft = true } else { other = true }
      if rightToLeft && other { return true }
    }
    return false
  }
}
