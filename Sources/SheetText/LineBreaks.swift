import CPangoCairo

/// Where a paragraph may wrap: the line-break opportunities of Unicode's line breaking
/// algorithm (UAX #14) as Pango computes them, for Pango's word wrapping.
///
/// The common characters of captions (letters of Latin, Greek, Cyrillic and Arabic script,
/// digits, spaces, `, . : ;`, `-`, `# & @ * _`, `€ $ £ %`, no-break spaces, combining accents,
/// CJK ideographs, Hangul syllables and kana but the small ones) are classified here, with the few rules between them
/// spelled out; a paragraph with any other character, or a pair this table leaves open, asks
/// Pango (`pango_get_log_attrs`), which is exact but slower. Tests compare both over many
/// random paragraphs.
enum LineBreaks {
  /// A stretch of a paragraph between two break opportunities.
  struct Segment {
    /// The first character's index.
    var start: Int
    /// One past the last character's index (the break opportunity after it, or the end).
    var end: Int
    /// Whether wrapping at the end inserts a hyphen (Pango's `break_inserts_hyphen`).
    var insertsHyphen: Bool
  }

  /// A character's class for line breaking, as far as this table knows it.
  enum Kind: UInt8 {
    case letter, digit, infix, hyphen, prefix, postfix, glue, ideograph, mark, space, other
  }

  /// The segments of `paragraph`, from the table when it covers every character and pair,
  /// else from Pango.
  static func segments(of paragraph: [Unicode.Scalar]) -> [Segment] {
    simpleSegments(of: paragraph) ?? pangoSegments(of: paragraph)
  }

  /// The segments from this type's own table; nil when a character or pair is not covered.
  static func simpleSegments(of paragraph: [Unicode.Scalar]) -> [Segment]? {
    var segments: [Segment] = []
    var start = 0
    var previous = Kind.other
    var beforePrevious = Kind.other
    let asciiKinds = Self.asciiKinds  // read once, not once a character
    for (index, scalar) in paragraph.enumerated() {
      let value = scalar.value
      let kind = value < 0x80 ? asciiKinds[Int(value)] : kind(of: value)
      if kind == .other { return nil }
      if index > 0 {
        guard let isBreak = breaks(previous, kind, after: beforePrevious) else { return nil }
        if isBreak {
          segments.append(Segment(start: start, end: index, insertsHyphen: false))
          start = index
        }
      }
      beforePrevious = previous
      previous = kind
    }
    segments.append(Segment(start: start, end: paragraph.count, insertsHyphen: false))
    return segments
  }

  /// Whether a line may break between a character of kind `before` and one of kind `after`
  /// (`earlier` is the kind before `before`); nil when the table does not say.
  static func breaks(_ before: Kind, _ after: Kind, after earlier: Kind) -> Bool? {
    if after == .space { return false }
    if before == .space {
      switch after {
      case .infix: return false
      case .mark, .glue, .hyphen: return nil
      default: return true
      }
    }
    if before == .ideograph || after == .ideograph {
      return before == after ? true : nil
    }
    if before == .hyphen {
      guard earlier == .letter || earlier == .digit else { return nil }
      switch after {
      case .letter: return true
      case .digit: return false
      default: return nil
      }
    }
    if after == .mark { return before == .letter || before == .mark ? false : nil }
    if before == .mark { return after == .letter || after == .mark ? false : nil }
    let afterIsAffix = after == .prefix || after == .postfix
    if afterIsAffix && (before == .prefix || before == .postfix || before == .infix) { return nil }
    return false
  }

  /// ``kind(of:)`` of each ASCII character, looked up instead of matched (most characters of
  /// most captions).
  static let asciiKinds = (0..<UInt32(0x80)).map(kind(of:))

  /// The class of the character `value` for line breaking; ``Kind/other`` where this table
  /// leaves it to Pango.
  static func kind(of value: UInt32) -> Kind {
    switch value {
    case 0x20: .space
    case 0x30...0x39: .digit
    case 0x41...0x5A, 0x61...0x7A, 0x23, 0x26, 0x40, 0x2A, 0x5F: .letter
    case 0x2C, 0x2E, 0x3A, 0x3B: .infix
    case 0x2D: .hyphen
    case 0x20AC, 0x24, 0xA3: .prefix
    case 0x25: .postfix
    case 0xA0: .glue
    case 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x24F: .letter
    case 0x386, 0x388...0x38A, 0x38C, 0x38E...0x3A1, 0x3A3...0x3CE: .letter
    case 0x400...0x481, 0x48A...0x52F: .letter
    case 0x621...0x64A: .letter
    case 0x300...0x36F, 0x64B...0x65F: .mark
    case 0x4E00...0x9FFF, 0x3400...0x4DBF, 0xAC00...0xD7A3: .ideograph
    // Kana (class ID) but the small ones, the prolonged sound mark and the iteration marks
    // (CJ and NS: no break before them), which are left to Pango.
    case 0x3041, 0x3043, 0x3045, 0x3047, 0x3049, 0x3063, 0x3083, 0x3085, 0x3087, 0x308E, 0x3095, 0x3096:
      .other
    case 0x30A1, 0x30A3, 0x30A5, 0x30A7, 0x30A9, 0x30C3, 0x30E3, 0x30E5, 0x30E7, 0x30EE, 0x30F5, 0x30F6:
      .other
    case 0x3042...0x3096, 0x30A2...0x30FA: .ideograph
    default: .other
    }
  }

  /// The segments as Pango's own break attributes give them.
  static func pangoSegments(of paragraph: [Unicode.Scalar]) -> [Segment] {
    let attributes = logAttributes(paragraph)
    var segments: [Segment] = []
    var start = 0
    for index in 1..<max(1, paragraph.count) where attributes[index].is_line_break != 0 {
      segments.append(
        Segment(start: start, end: index, insertsHyphen: attributes[index].break_inserts_hyphen != 0))
      start = index
    }
    segments.append(Segment(start: start, end: paragraph.count, insertsHyphen: false))
    return segments
  }

  /// Pango's break attributes of `characters` (one more than there are characters).
  static func logAttributes(_ characters: some Collection<Unicode.Scalar>) -> [PangoLogAttr] {
    var text = String(String.UnicodeScalarView(characters))
    let count = characters.count
    var attributes = [PangoLogAttr](repeating: PangoLogAttr(), count: count + 1)
    text.withUTF8 { bytes in
      bytes.withMemoryRebound(to: CChar.self) { chars in
        attributes.withUnsafeMutableBufferPointer { buffer in
          pango_get_log_attrs(
            chars.baseAddress, Int32(chars.count), -1, pango_language_get_default(), buffer.baseAddress,
            Int32(count + 1))
        }
      }
    }
    return attributes
  }
}
