/// The Unicode properties the fast path asks of every character, answered from tables built
/// once from the standard library's own properties (so they agree by construction) instead of
/// a property lookup per character, which cost several percent of measuring a catalog.
enum CharacterClasses {
  /// Whether `character` is white space (Unicode's White_Space property; the full list).
  static func isWhitespace(_ character: Unicode.Scalar) -> Bool {
    switch character.value {
    case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: true
    default: false
    }
  }

  /// Whether `character` is alphabetic (Unicode's Alphabetic property).
  static func isAlphabetic(_ character: Unicode.Scalar) -> Bool {
    alphabetic.contains(character) { $0.properties.isAlphabetic }
  }

  /// Whether `character` has a script of its own (GLib's script, which Pango's itemizer reads,
  /// is neither Common nor Inherited), so that Pango does not give it the script of the text
  /// before it. (Some letters have none: the prolonged sound mark ー of kana is Common.)
  static func hasOwnScript(_ character: Unicode.Scalar) -> Bool {
    ownScript.contains(character, Self.computeOwnScript)
  }

  private static func computeOwnScript(_ character: Unicode.Scalar) -> Bool {
    BidiLevels.script(character) != nil
  }

  private static let alphabetic = BasicPlaneSet { $0.properties.isAlphabetic }
  private static let ownScript = BasicPlaneSet(computeOwnScript)
}

/// The characters of Unicode's basic multilingual plane that have a property, as one bit each
/// (8 KB), computed once; characters beyond the plane are asked directly.
struct BasicPlaneSet: Sendable {
  private let words: [UInt64]

  /// The set of the plane's characters for which `property` holds.
  init(_ property: (Unicode.Scalar) -> Bool) {
    var words = [UInt64](repeating: 0, count: 0x10000 / 64)
    for value in 0..<UInt32(0x10000) {
      guard let character = Unicode.Scalar(value), property(character) else { continue }
      words[Int(value >> 6)] |= 1 << UInt64(value & 63)
    }
    self.words = words
  }

  /// Whether `character` is in the set; beyond the plane, what `property` says.
  func contains(_ character: Unicode.Scalar, _ property: (Unicode.Scalar) -> Bool) -> Bool {
    let value = character.value
    guard value < 0x10000 else { return property(character) }
    return words[Int(value >> 6)] & (1 << UInt64(value & 63)) != 0
  }
}
