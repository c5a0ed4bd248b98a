import Foundation
import SheetPixels

extension ImageReader {
  /// The header of an image held in memory, as ``header(path:)`` reads it from a file: what
  /// fuzzing drives.
  ///
  /// - Throws: ``ImageError`` (path "memory") when the bytes are not a readable image.
  package static func header(bytes: [UInt8]) throws -> ImageHeader {
    try header(of: HeaderBytes(bytes: bytes), path: "memory", stamp: nil)
  }

  /// Decodes an image held in memory exactly as ``load(path:header:minimumSize:maxPixels:)``
  /// decodes a file (some decoders read from the open file), through one scratch file per
  /// process: what fuzzing drives.
  ///
  /// - Throws: ``ImageError`` when the bytes are not a readable image or claim more than
  ///   `maxPixels` pixels.
  package static func decode(
    bytes: [UInt8], minimumSize: (width: Int, height: Int)? = nil, maxPixels: Int
  ) throws -> RasterImage {
    let scratch = NSTemporaryDirectory() + "contactsheet-decode-\(getpid()).img"
    guard FileManager.default.createFile(atPath: scratch, contents: Data(bytes)) else {
      throw ImageError(path: scratch, reason: "cannot write the scratch file")
    }
    defer { unlink(scratch) }
    do {
      return try load(path: scratch, minimumSize: minimumSize, maxPixels: maxPixels).image
    } catch let error as ImageError {
      throw ImageError(path: "memory", reason: error.reason)
    }
  }
}
