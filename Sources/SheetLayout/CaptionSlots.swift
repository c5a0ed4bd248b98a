/// The lines of a caption template, kept apart so that in the row modes (`grid`, `staggered`)
/// each starts at the same height in every card: the name block, the price, the SKU.
///
/// A caption made for a row mode separates its template's lines with ``separator`` (U+2029
/// PARAGRAPH SEPARATOR) and keeps a line whose fields are all empty as an empty part, so the
/// `n`th part of every caption comes from the template's `n`th line. The layout measures each
/// part on its own (the caption line limit applies to each), makes slot `n` as tall as the
/// tallest `n`th part, and records the slots in ``Layout/captionSlots``; the renderer draws each
/// part at the top of its slot. Other modes treat the separator as a line break.
public enum CaptionSlots {
  /// Separates a caption's template lines in the row modes.
  public static let separator: Character = "\u{2029}"

  /// Whether `mode` lines up captions' template lines across cards.
  public static func apply(to mode: LayoutMode) -> Bool {
    mode == .grid || mode == .staggered
  }

  /// Whether `caption` holds the separator, found on its bytes (E2 80 A9).
  public static func isSlotted(_ caption: String) -> Bool {
    var utf8 = caption.utf8.makeIterator()
    while let byte = utf8.next() {
      guard byte == 0xE2, utf8.next() == 0x80, utf8.next() == 0xA9 else { continue }
      return true
    }
    return false
  }

  /// The parts of `caption`, one per template line (one when it holds no separator).
  public static func parts(_ caption: String) -> [Substring] {
    caption.split(separator: separator, omittingEmptySubsequences: false)
  }

  /// The number of parts of `caption`.
  static func partCount(_ caption: String) -> Int {
    guard isSlotted(caption) else { return 1 }
    return caption.reduce(1) { $1 == separator ? $0 + 1 : $0 }
  }
}
