/// A text as the fast path sees it: the plain characters of each paragraph, each with the font
/// variant its markup gives (bit 0 bold, bit 1 italic).
///
/// Only the markup that changes nothing but the font is understood: `<b>`, `<i>` and their
/// closing tags, and the five named entities. Anything else (other tags, attributes, numeric
/// entities, tabs, control characters, line and paragraph separators, empty paragraphs, the
/// scripts of South and South-East Asia) makes
/// ``parse(_:isMarkup:)`` return nil, and the text goes to Pango's full layout.
struct CaptionText {
  /// The paragraphs (Pango breaks paragraphs at line feeds), each never empty.
  var paragraphs: [[Unicode.Scalar]]
  /// The variant of each character, parallel to ``paragraphs``.
  var variants: [[UInt8]]

  /// The variant bit for bold text.
  static let bold: UInt8 = 1
  /// The variant bit for italic text.
  static let italic: UInt8 = 2

  /// `text` split into paragraphs, read as markup when `isMarkup`; nil when it holds anything
  /// the fast path leaves to Pango.
  static func parse(_ text: String, isMarkup: Bool) -> CaptionText? {
    var paragraphs: [[Unicode.Scalar]] = []
    var variants: [[UInt8]] = []
    var current: [Unicode.Scalar] = []
    var currentVariants: [UInt8] = []
    current.reserveCapacity(text.utf8.count)
    currentVariants.reserveCapacity(text.utf8.count)
    var open: [String] = []
    var boldDepth = 0
    var italicDepth = 0
    var scalars = text.unicodeScalars.makeIterator()
    while let scalar = scalars.next() {
      var value = scalar
      switch scalar.value {
      case 0x0A:
        guard !current.isEmpty else { return nil }
        paragraphs.append(current)
        variants.append(currentVariants)
        current = []
        currentVariants = []
        continue
      case 0x3C where isMarkup:  // '<'
        // Markup Pango refuses (a tag left open or unterminated, or tags closed out of
        // order) is drawn as plain text: the model leaves it to Pango.
        guard let name = Self.name(from: &scalars, until: ">", longest: 2) else { return nil }
        switch name {
        case "b", "i": open.append(name)
        case "/b", "/i":
          guard open.last == String(name.dropFirst()) else { return nil }
          open.removeLast()
        default: return nil
        }
        boldDepth = open.count { $0 == "b" }
        italicDepth = open.count { $0 == "i" }
        continue
      case 0x26 where isMarkup:  // '&'
        guard let name = Self.name(from: &scalars, until: ";", longest: 4) else { return nil }
        switch name {
        case "amp": value = "&"
        case "lt": value = "<"
        case "gt": value = ">"
        case "quot": value = "\""
        case "apos": value = "'"
        default: return nil
        }
      case 0..<0x20, 0x7F..<0xA0, 0x2028, 0x2029:
        return nil
      case 0x900...0xDFF, 0xE00...0xEFF, 0xF00...0x109F, 0x1780...0x17FF:
        // Indic, Thai, Lao, Tibetan, Myanmar, Khmer: clusters and dictionary breaks for Pango.
        return nil
      default:
        break
      }
      current.append(value)
      currentVariants.append((boldDepth > 0 ? bold : 0) | (italicDepth > 0 ? italic : 0))
    }
    guard !current.isEmpty, open.isEmpty else { return nil }
    paragraphs.append(current)
    variants.append(currentVariants)
    return CaptionText(paragraphs: paragraphs, variants: variants)
  }

  /// The characters up to `terminator` (consumed), or nil when the text ends first or they
  /// run longer than `longest` bytes.
  private static func name(
    from scalars: inout String.UnicodeScalarView.Iterator, until terminator: Unicode.Scalar, longest: Int
  ) -> String? {
    var name = ""
    while let next = scalars.next() {
      if next == terminator { return name }
      name.unicodeScalars.append(next)
      guard name.utf8.count <= longest else { return nil }
    }
    return nil
  }
}
