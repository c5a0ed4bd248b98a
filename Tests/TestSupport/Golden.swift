import Foundation
import SheetCompare
import SheetDiff
import SheetGolden
import SheetLayout

/// The project's golden PNG files in `Fixtures/goldens`, checked with SheetGolden's
/// `GoldenStore` (pixelmatch's metric; anti-aliasing that moved is not counted).
///
/// A missing golden fails unless `RECORD_GOLDENS` asks for it (`missing`, `failed`, `all`); then it is written together with its
/// environment fingerprint (`NAME.png.json`: library versions and the hashes of the pinned fonts
/// in `Fixtures/fonts`, named relative to the package so the file is the same on every checkout).
public enum Golden {
  /// The store the project's golden tests use: fingerprints name the text and graphics
  /// libraries and hash `fonts`, by default all the pinned test fonts (`FontSet.testFonts`).
  public static func store(fonts: [String] = FixturePaths.pinnedFontFiles) -> GoldenStore {
    GoldenStore(folder: FixturePaths.goldens, fontFiles: fonts) { fingerprint(fonts: fonts) }
  }

  /// This machine's fingerprint for a rendering with the font files `fonts`, each named
  /// relative to the package's root.
  public static func fingerprint(fonts: [String] = FixturePaths.pinnedFontFiles) -> EnvironmentFingerprint {
    var fingerprint = EnvironmentFingerprint.current(fontFiles: fonts)
    for index in fingerprint.fonts.indices {
      fingerprint.fonts[index].file = FixturePaths.relativeToPackage(fingerprint.fonts[index].file)
    }
    return fingerprint
  }

  /// Compares the PNG at `actualPath` with the golden `name`.png: at most `maxDiffPixels`
  /// pixels may differ by more than a grey step of `channelTolerance` levels (on the YIQ
  /// metric, see `threshold(channelTolerance:)`). `fonts` are the font files the rendering
  /// used, for the fingerprint. Throws `GoldenMismatch`, naming the folder that holds the
  /// actual and diff images.
  public static func check(
    _ actualPath: String, named name: String, channelTolerance: Int = 2, maxDiffPixels: Int = 0,
    fonts: [String] = FixturePaths.pinnedFontFiles
  ) throws {
    try store(fonts: fonts).require(
      GoldenFile(actualPath), named: name, threshold: threshold(channelTolerance: channelTolerance),
      maxDiffPixels: maxDiffPixels)
  }

  /// The YIQ threshold that lets a grey step of `channelTolerance` levels pass and stops one
  /// of a level more: `(channelTolerance + ½) · √(0.5053 / 35215)`.
  public static func threshold(channelTolerance: Int) -> Double {
    min(1, (Double(channelTolerance) + 0.5) * (0.5053 / 35215).squareRoot())
  }
}
