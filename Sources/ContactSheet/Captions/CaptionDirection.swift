import SheetLayout

/// Captions that hold right-to-left text (Arabic, Hebrew, …): each field's value is isolated
/// for the bidirectional algorithm (FSI … PDI), so an Arabic name does not carry the price or
/// SKU beside it into its direction; and each line runs in the direction of its own first
/// strong character, isolated (LRI or RLI … PDI) when that is not the document's.
///
/// A caption is set as one paragraph when it has a line limit (see `LineSeparators`), so its
/// base direction, and the alignment of all its lines, is the document's (left to right unless
/// `lang` is written right to left): each line starts with the document's direction mark, so an
/// Arabic name in an English catalog is set right to left on a left-aligned card, and the
/// price below it is not turned around. Captions without right-to-left text are left exactly
/// as they are.
package enum CaptionDirection {
  /// First strong isolate: the value after it takes its own direction.
  static let isolateStart: Unicode.Scalar = "\u{2068}"
  /// Pop directional isolate: ends ``isolateStart``'s isolate.
  static let isolateEnd: Unicode.Scalar = "\u{2069}"
  /// Left-to-right and right-to-left marks, which set a paragraph's direction.
  static let leftToRightMark: Unicode.Scalar = "\u{200E}"
  static let rightToLeftMark: Unicode.Scalar = "\u{200F}"
  /// Left-to-right and right-to-left isolates, ended by ``isolateEnd``: a line set in its own
  /// direction within the paragraph.
  static let leftToRightIsolate: Unicode.Scalar = "\u{2066}"
  static let rightToLeftIsolate: Unicode.Scalar = "\u{2067}"

  /// The primary language subtags written right to left.
  static let rightToLeftLanguages: Set<String> = [
    "ar", "he", "fa", "ur", "yi", "ps", "sd", "ug", "dv", "ckb",
  ]

  /// Whether text in the language `tag` (BCP 47) runs right to left.
  package static func isRightToLeft(language tag: String) -> Bool {
    rightToLeftLanguages.contains(tag.split(separator: "-").first.map { $0.lowercased() } ?? "")
  }

  /// Whether `scalar` is a strong right-to-left character: a letter of a script written right
  /// to left (Hebrew, Arabic, Syriac, Thaana, N'Ko, Samaritan, Mandaic and their presentation
  /// forms, and the right-to-left scripts beyond the first plane).
  static func isRightToLeft(_ scalar: Unicode.Scalar) -> Bool {
    if scalar == rightToLeftMark { return true }
    switch scalar.value {
    case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF:
      // Arabic-Indic digits and marks are weak or neutral, not strong.
      return scalar.properties.isAlphabetic
    default: return false
    }
  }

  /// Whether `scalar` is a strong left-to-right character (a letter of any other script).
  static func isLeftToRight(_ scalar: Unicode.Scalar) -> Bool {
    scalar == leftToRightMark || (scalar.properties.isAlphabetic && !isRightToLeft(scalar))
  }

  /// Whether `text` holds right-to-left letters: found on its bytes (every such letter's UTF-8
  /// lead byte is 0xD6 or more), most captions without reading their characters.
  package static func hasRightToLeft(_ text: String) -> Bool {
    guard text.utf8.contains(where: { $0 >= 0xD6 }) else { return false }
    return text.unicodeScalars.contains(where: isRightToLeft)
  }

  /// `value` isolated: FSI, the value, PDI; each of its lines apart, so no isolate spans a
  /// line end (where ``markingLines(_:rightToLeftDocument:)`` closes its own).
  static func isolated(_ value: CaptionTemplate.FieldValue) -> CaptionTemplate.FieldValue {
    var value = value
    value.text = value.text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      line.isEmpty ? String(line) : String(isolateStart) + line + String(isolateEnd)
    }.joined(separator: "\n")
    return value
  }

  /// `caption` (markup, lines separated by line feeds) with the document's direction mark at
  /// the start of each line, and each line whose first strong character (outside tags and
  /// entities) runs the other way isolated in its own direction.
  static func markingLines(_ caption: String, rightToLeftDocument: Bool) -> String {
    guard !CaptionSlots.isSlotted(caption) else {
      return CaptionSlots.parts(caption).map {
        $0.isEmpty ? "" : markingLines(String($0), rightToLeftDocument: rightToLeftDocument)
      }.joined(separator: String(CaptionSlots.separator))
    }
    let mark = String(rightToLeftDocument ? rightToLeftMark : leftToRightMark)
    return caption.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      guard let rightToLeft = firstStrongIsRightToLeft(line), rightToLeft != rightToLeftDocument else {
        return mark + line
      }
      return mark + String(rightToLeft ? rightToLeftIsolate : leftToRightIsolate) + line + String(isolateEnd)
    }.joined(separator: "\n")
  }

  /// Whether the first strong character of `line` (markup: text inside `<…>` and `&…;` is not
  /// shown) is right to left; nil when it has none.
  static func firstStrongIsRightToLeft(_ line: Substring) -> Bool? {
    var inTag = false
    var inEntity = false
    for scalar in line.unicodeScalars {
      switch scalar {
      case "<": inTag = true
      case ">" where inTag: inTag = false
      case "&" where !inTag: inEntity = true
      case ";" where inEntity: inEntity = false
      default:
        guard !inTag && !inEntity else { continue }
        if isRightToLeft(scalar) { return true }
        if isLeftToRight(scalar) { return false }
      }
    }
    return nil
  }
}
