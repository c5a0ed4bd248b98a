import Foundation
import SheetImages

/// Golden PNG files in `Fixtures/goldens`, compared as decoded pixels.
///
/// A missing golden fails unless `RECORD_GOLDENS=1` is set; then it is written.
public enum Golden {
  public struct Mismatch: Error, CustomStringConvertible {
    public var description: String
  }

  /// Compares the PNG at `actualPath` with the golden `name`.png: at most `maxDiffPixels`
  /// pixels may differ by more than `channelTolerance` in any channel.
  public static func check(
    _ actualPath: String, named name: String, channelTolerance: Int = 2, maxDiffPixels: Int = 0
  ) throws {
    let golden = FixturePaths.goldens.appendingPathComponent("\(name).png").path
    let recording = ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1"
    if recording {
      try? FileManager.default.removeItem(atPath: golden)
      try FileManager.default.copyItem(atPath: actualPath, toPath: golden)
      return
    }
    guard FileManager.default.fileExists(atPath: golden) else {
      throw Mismatch(
        description: "no golden \(golden); run with RECORD_GOLDENS=1 to record it from \(actualPath)")
    }
    let difference = PixelTolerance.compare(
      try ImageReader.decode(path: golden), try ImageReader.decode(path: actualPath),
      channelTolerance: channelTolerance)
    guard difference.sameSize, difference.differingPixels <= maxDiffPixels else {
      throw Mismatch(description: "\(actualPath) differs from golden \(name): \(difference)")
    }
  }
}
