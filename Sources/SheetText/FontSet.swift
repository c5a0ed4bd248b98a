import Foundation

/// Which fonts text is set in.
public enum FontSet: Hashable, Sendable {
  /// The machine's fonts through its fontconfig settings, with its fallback for CJK,
  /// Arabic, emoji and the rest. What users get by default.
  case system
  /// Only these font files, with no machine-wide fontconfig settings: the same pixels on any
  /// machine that has the same files. Golden tests use this.
  case pinned([String])

  /// DejaVu Sans and Serif (regular and bold) plus Noto CJK and Noto Color Emoji from Debian's
  /// packages, for tests whose pixels must not depend on the machine's font settings.
  public static var pinnedDefault: FontSet {
    let candidates = [
      "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
      "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
      "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf",
      "/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf",
      "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf",
      "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
      "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf",
    ]
    // Noto's CJK and emoji files are optional extras: leave out what this machine lacks.
    return .pinned(candidates.filter { FileManager.default.fileExists(atPath: $0) })
  }
}
