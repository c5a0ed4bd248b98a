import Foundation
import SheetCompare
import SheetDiff
import SheetGolden
import SheetLayout

/// The project's golden PNG files in `Fixtures/goldens`, checked with SheetGolden's
/// `GoldenStore` (pixelmatch's metric; anti-aliasing that moved is not counted).
///
/// A missing golden fails unless `RECORD_GOLDENS` asks for it (`missing`, `failed`, `all`); then it is written together with its
/// environment fingerprint (`NAME.png.json`: library versions and the pinned fonts' hashes).
public enum Golden {
  /// The store the project's golden tests use: fingerprints name the text and graphics
  /// libraries and hash the pinned font files.
  public static var store: GoldenStore {
    guard case .pinned(let files) = FontSet.pinnedDefault else {
      return GoldenStore(folder: FixturePaths.goldens) { EnvironmentFingerprint.current() }
    }
    return GoldenStore(folder: FixturePaths.goldens, fontFiles: files) {
      EnvironmentFingerprint.current(fontFiles: files)
    }
  }

  /// Compares the PNG at `actualPath` with the golden `name`.png: at most `maxDiffPixels`
  /// pixels may differ by more than a grey step of `channelTolerance` levels (on the YIQ
  /// metric, see `threshold(channelTolerance:)`). Throws `GoldenMismatch`, naming the folder
  /// that holds the actual and diff images.
  public static func check(
    _ actualPath: String, named name: String, channelTolerance: Int = 2, maxDiffPixels: Int = 0
  ) throws {
    try store.require(
      file: actualPath, named: name, threshold: threshold(channelTolerance: channelTolerance),
      maxDiffPixels: maxDiffPixels)
  }

  /// The YIQ threshold that lets a grey step of `channelTolerance` levels pass and stops one
  /// of a level more: `(channelTolerance + ½) · √(0.5053 / 35215)`.
  public static func threshold(channelTolerance: Int) -> Double {
    min(1, (Double(channelTolerance) + 0.5) * (0.5053 / 35215).squareRoot())
  }
}
