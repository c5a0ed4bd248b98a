import CPangoCairo

/// The bidirectional embedding levels (Unicode's UAX #9, through FriBidi) that Pango's itemizer
/// gives a paragraph's characters: even levels run left to right, odd ones right to left, and
/// Pango starts a new run, shaped on its own, wherever the level changes.
enum BidiLevels {
  /// The level of each of `characters`, set as one paragraph whose direction is that of its
  /// first strong character (left to right when it has none), as Pango's automatic direction
  /// does.
  static func levels(of characters: some Collection<Unicode.Scalar>) -> [UInt8] {
    // Encoded straight into UTF-8 bytes (making a String of the scalars cost more than FriBidi).
    var bytes: [CChar] = []
    bytes.reserveCapacity(characters.count * 3)
    for character in characters {
      UTF8.encode(character) { bytes.append(CChar(bitPattern: $0)) }
    }
    guard !bytes.isEmpty else { return [] }
    var direction = PANGO_DIRECTION_NEUTRAL
    guard
      let levels = bytes.withUnsafeBufferPointer({
        pango_log2vis_get_embedding_levels($0.baseAddress, Int32($0.count), &direction)
      })
    else {
      return []
    }
    defer { g_free(levels) }
    return Array(UnsafeBufferPointer(start: levels, count: characters.count))
  }

  /// The one level all of `characters` share set alone as a paragraph; nil when they differ.
  static func uniformLevel(of characters: some Collection<Unicode.Scalar>) -> UInt8? {
    let levels = levels(of: characters)
    guard let first = levels.first, levels.allSatisfy({ $0 == first }) else { return nil }
    return first
  }

  /// Whether `character` is right to left (Hebrew, Arabic and their presentation forms).
  static func isRightToLeft(_ character: Unicode.Scalar) -> Bool {
    switch character.value {
    case 0x590...0x8FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF: true
    default: false
    }
  }

  /// The Unicode script of `character` (GLib's number for it, as Pango's itemizer reads it);
  /// nil for characters that take the script of the text around them (Common, Inherited) or
  /// have none.
  static func script(_ character: Unicode.Scalar) -> UInt32? {
    let script = g_unichar_get_script(gunichar(character.value))
    switch script {
    case G_UNICODE_SCRIPT_COMMON, G_UNICODE_SCRIPT_INHERITED, G_UNICODE_SCRIPT_UNKNOWN,
      G_UNICODE_SCRIPT_INVALID_CODE:
      return nil
    default: return UInt32(bitPattern: script.rawValue)
    }
  }
}
