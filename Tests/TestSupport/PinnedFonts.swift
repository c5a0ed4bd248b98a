import Foundation
import SheetLayout

extension FixturePaths {
  /// The pinned test fonts, committed with their licences in `Fixtures/fonts`
  /// (`scripts/make-test-fonts` regenerates them), so goldens do not move with the machine's fonts.
  public static let fonts = fixtures.appendingPathComponent("fonts")

  /// The names of the pinned font files, in the order fontconfig is given them: DejaVu Sans,
  /// Serif (regular and bold) and Sans Mono, then the subsets of Noto Sans CJK JP and Noto Color
  /// Emoji that text in other scripts falls back to.
  public static let pinnedFontNames = [
    "DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSerif.ttf", "DejaVuSerif-Bold.ttf", "DejaVuSansMono.ttf",
    "NotoSansCJKjp-Regular-subset.otf", "NotoColorEmoji-subset.ttf",
  ]

  /// The pinned font files' paths.
  public static var pinnedFontFiles: [String] { pinnedFontNames.map(font) }

  /// The pinned font file `name` in `Fixtures/fonts`.
  public static func font(_ name: String) -> String { fonts.appendingPathComponent(name).path }

  /// `path` relative to the package's root when it lies inside it (`Fixtures/fonts/DejaVuSans.ttf`),
  /// else unchanged: what a file recorded in a fixture is called on every checkout.
  public static func relativeToPackage(_ path: String) -> String {
    let root = packageRoot.standardizedFileURL.path + "/"
    let standardized = URL(fileURLWithPath: path).standardizedFileURL.path
    return standardized.hasPrefix(root) ? String(standardized.dropFirst(root.count)) : path
  }
}

extension FontSet {
  /// Only the committed test fonts in `Fixtures/fonts`, none of the machine's: what every golden
  /// is drawn with. Each file must exist (the text engine refuses a missing one).
  public static var testFonts: FontSet { .pinned(FixturePaths.pinnedFontFiles) }
}
