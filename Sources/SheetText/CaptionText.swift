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
    var text = text
    // Read as UTF-8 bytes (valid, as every String's): the scalar iterator cost more than the rest.
    return text.withUTF8 { parse(utf8: $0, isMarkup: isMarkup) }
  }

  private static func parse(utf8 bytes: UnsafeBufferPointer<UInt8>, isMarkup: Bool) -> CaptionText? {
    // Written into arrays made at their final capacity (never more characters than bytes),
    // without the checks of an append, then split into paragraphs (most captions have one).
    var count: Int?
    var ends: [Int] = []
    var variants: [UInt8] = []
    let characters = [Unicode.Scalar](unsafeUninitializedCapacity: bytes.count) {
      characterBuffer, characterCount in
      variants = [UInt8](unsafeUninitializedCapacity: bytes.count) { variantBuffer, variantCount in
        count = read(bytes, isMarkup: isMarkup, into: characterBuffer, variantBuffer, paragraphEnds: &ends)
        variantCount = count ?? 0
      }
      characterCount = count ?? 0
    }
    guard count != nil else { return nil }
    guard !ends.isEmpty else { return CaptionText(paragraphs: [characters], variants: [variants]) }
    var result = CaptionText(paragraphs: [], variants: [])
    var start = 0
    for end in ends + [characters.count] {
      result.paragraphs.append(Array(characters[start..<end]))
      result.variants.append(Array(variants[start..<end]))
      start = end
    }
    return result
  }

  /// Decodes `bytes` (valid UTF-8) into `characters`, each with its variant in `variants`;
  /// returns how many, or nil when the text holds something the fast path leaves to Pango.
  /// `paragraphEnds` gets the index where each paragraph but the last ends.
  private static func read(
    _ bytes: UnsafeBufferPointer<UInt8>, isMarkup: Bool,
    into characters: UnsafeMutableBufferPointer<Unicode.Scalar>,
    _ variants: UnsafeMutableBufferPointer<UInt8>, paragraphEnds: inout [Int]
  ) -> Int? {
    var count = 0
    var paragraphStart = 0
    var open: [UInt8] = []  // the tags open, innermost last: "b" or "i"
    var variant: UInt8 = 0
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      var value: UInt32
      switch byte {
      case 0..<0x80:
        value = UInt32(byte)
        index += 1
      case 0xC0..<0xE0:
        value = UInt32(byte & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F)
        index += 2
      case 0xE0..<0xF0:
        value =
          UInt32(byte & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F)
        index += 3
      default:
        value =
          UInt32(byte & 0x07) << 18 | UInt32(bytes[index + 1] & 0x3F) << 12 | UInt32(bytes[index + 2] & 0x3F)
          << 6
          | UInt32(bytes[index + 3] & 0x3F)
        index += 4
      }
      switch value {
      case 0x0A:
        // Pango breaks paragraphs at line feeds; an empty one is left to it.
        guard count > paragraphStart else { return nil }
        paragraphEnds.append(count)
        paragraphStart = count
        continue
      case 0x3C where isMarkup:  // '<'
        // Markup Pango refuses (a tag left open or unterminated, or tags closed out of
        // order) is drawn as plain text: the model leaves it to Pango.
        guard let name = Self.name(bytes, from: &index, until: UInt8(ascii: ">"), longest: 2) else {
          return nil
        }
        switch name {
        case [UInt8(ascii: "b")], [UInt8(ascii: "i")]: open.append(name[0])
        case [UInt8(ascii: "/"), UInt8(ascii: "b")], [UInt8(ascii: "/"), UInt8(ascii: "i")]:
          guard open.last == name[1] else { return nil }
          open.removeLast()
        default: return nil
        }
        variant =
          (open.contains(UInt8(ascii: "b")) ? bold : 0) | (open.contains(UInt8(ascii: "i")) ? italic : 0)
        continue
      case 0x26 where isMarkup:  // '&'
        guard let name = Self.name(bytes, from: &index, until: UInt8(ascii: ";"), longest: 4) else {
          return nil
        }
        switch String(decoding: name, as: UTF8.self) {
        case "amp": value = 0x26
        case "lt": value = 0x3C
        case "gt": value = 0x3E
        case "quot": value = 0x22
        case "apos": value = 0x27
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
      characters[count] = Unicode.Scalar(value)!
      variants[count] = variant
      count += 1
    }
    guard count > paragraphStart, open.isEmpty else { return nil }
    return count
  }

  /// The bytes after `index` up to `terminator` (`index` moves past it), or nil when the text
  /// ends first or they run longer than `longest` bytes.
  private static func name(
    _ bytes: UnsafeBufferPointer<UInt8>, from index: inout Int, until terminator: UInt8, longest: Int
  ) -> [UInt8]? {
    var name: [UInt8] = []
    while index < bytes.count {
      let next = bytes[index]
      index += 1
      if next == terminator { return name }
      name.append(next)
      guard name.count <= longest else { return nil }
    }
    return nil
  }
}
