import Foundation
import SheetDiff
import SheetPixels

/// What a golden check compares: pixels, or encoded image data.
public struct GoldenPixels: Sendable {
  enum Kind: Sendable {
    case pixels(GoldenSubject)
    case encoded(Data)
    case file(String)
  }

  let kind: Kind

  /// Pixels premultiplied as Cairo draws them (``RasterImage``).
  public static func premultiplied(_ image: RasterImage) -> GoldenPixels {
    GoldenPixels(kind: .pixels(.raster(image)))
  }

  /// R, G, B, A bytes with straight alpha (``StraightRGBAImage``); a recorded golden holds them
  /// byte for byte, translucent pixels included.
  public static func straight(_ image: StraightRGBAImage) -> GoldenPixels {
    GoldenPixels(kind: .pixels(.straight(image)))
  }

  /// A PNG, JPEG or WebP file's bytes; a recorded golden is a copy of them.
  public static func encoded(_ data: Data) -> GoldenPixels { GoldenPixels(kind: .encoded(data)) }

  /// The PNG, JPEG or WebP file at `path`; a recorded golden is a copy of it.
  public static func file(_ path: String) -> GoldenPixels { GoldenPixels(kind: .file(path)) }
}

/// An image file (PNG, JPEG or WebP) checked as it is stored, by its path; a recorded golden
/// is a copy of the file.
public struct GoldenFile: GoldenComparable, Sendable, Hashable {
  /// The file's path.
  public var path: String

  /// The image file at `path`.
  public init(_ path: String) { self.path = path }

  /// The file, by its path.
  public var goldenPixels: GoldenPixels { .file(path) }
}

/// A value a golden check can compare: `RasterImage`, `StraightRGBAImage`, `Data` (a PNG,
/// JPEG or WebP file's bytes) and ``GoldenFile`` are; a type of your own can be, by saying which pixels it holds.
public protocol GoldenComparable {
  /// The pixels (or encoded data) the check compares with the golden.
  var goldenPixels: GoldenPixels { get }
}

extension RasterImage: GoldenComparable {
  /// This image, premultiplied.
  public var goldenPixels: GoldenPixels { .premultiplied(self) }
}

extension StraightRGBAImage: GoldenComparable {
  /// This image, with straight alpha.
  public var goldenPixels: GoldenPixels { .straight(self) }
}

extension Data: GoldenComparable {
  /// These bytes, as an encoded image.
  public var goldenPixels: GoldenPixels { .encoded(self) }
}

extension GoldenStore {
  /// Checks `pixels` against the golden `name`.png; encoded data is checked as a file (a
  /// scratch copy), so a recorded golden is a copy of its bytes.
  package func verify(
    _ pixels: GoldenPixels, named name: String, options: ComparisonOptions, fileID: String, function: String
  ) -> GoldenOutcome {
    switch pixels.kind {
    case .pixels(let subject):
      return verify(subject, named: name, options: options, test: nil, fileID: fileID, function: function)
    case .encoded(let data):
      return withScratchFile(data) { path in
        verify(file: path, named: name, options: options, fileID: fileID, function: function)
      }
    case .file(let path):
      return verify(file: path, named: name, options: options, fileID: fileID, function: function)
    }
  }
}

private func withScratchFile(_ data: Data, _ body: (String) -> GoldenOutcome) -> GoldenOutcome {
  let scratch = FileManager.default.temporaryDirectory
    .appendingPathComponent("golden-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString).png")
  do {
    try data.write(to: scratch)
  } catch {
    return GoldenOutcome(kind: .failed, name: "", message: "cannot write \(scratch.path): \(error)")
  }
  defer { try? FileManager.default.removeItem(at: scratch) }
  return body(scratch.path)
}
