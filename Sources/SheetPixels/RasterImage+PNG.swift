import CPNG
import Foundation
import SheetSupport

extension RasterImage {
  /// Writes the image to `path` as a PNG, creating the folder if needed, atomically (a
  /// temporary file renamed into place).
  ///
  /// Opaque images are written at zlib's fastest setting, as 8-bit palette images when they
  /// have at most 256 colours (diff images have about 30); images with alpha as 8-bit RGBA.
  ///
  /// - Throws: ``ImageError`` when the folder or the file cannot be written.
  public func writePNG(to path: String) throws {
    try PNGFile.write(to: path) { temporary, message in
      pixels.withUnsafeBufferPointer { pixels -> Int32 in
        if !hasAlpha {
          return cpng_write_bgrx(
            temporary, pixels.baseAddress, Int32(width), Int32(height), stride, message, 256)
        }
        return PNGFile.writeRows(
          temporary, pixels.baseAddress, width: width, height: height, rows: CPNG_ROWS_BGRA_PREMULTIPLIED,
          message: message)
      }
    }
  }
}

extension StraightRGBAImage {
  /// Writes the image to `path` as an 8-bit RGBA PNG holding its bytes exactly (translucent
  /// pixels included), creating the folder if needed, atomically.
  ///
  /// - Throws: ``ImageError`` when the folder or the file cannot be written.
  public func writePNG(to path: String) throws {
    try PNGFile.write(to: path) { temporary, message in
      bytes.withUnsafeBufferPointer {
        PNGFile.writeRows(
          temporary, $0.baseAddress, width: width, height: height, rows: CPNG_ROWS_RGBA, message: message)
      }
    }
  }
}

/// Writing a PNG file through libpng, atomically.
private enum PNGFile {
  /// Creates the folder of `path`, lets `encode` write a temporary file beside it (returning 0,
  /// or an error in `message`), and renames it into place.
  static func write(
    to path: String, _ encode: (UnsafePointer<CChar>, UnsafeMutablePointer<CChar>) -> Int32
  ) throws {
    // Names are bytes (``PathBytes``): a name that is not UTF-8 is written as it is named.
    let folder = (path as NSString).deletingLastPathComponent
    do {
      if !folder.isEmpty { try PathBytes.createFolders(folder) }
    } catch {
      throw ImageError(path: path, reason: error.reason)
    }
    let output = AtomicOutput()
    let temporary = output.temporaryPath(for: path)
    var message = [CChar](repeating: 0, count: 256)
    let status = PathBytes.withCString(temporary) { temporary in
      message.withUnsafeMutableBufferPointer { encode(temporary, $0.baseAddress!) }
    }
    guard status == 0 else {
      output.discard()
      let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      throw ImageError(path: path, reason: "cannot write: \(text)")
    }
    do {
      try output.commit()
    } catch {
      throw ImageError(path: path, reason: "cannot write: \(error.localizedDescription)")
    }
  }

  /// Writes `height` rows of `width` 4-byte pixels in the layout `rows` names.
  static func writeRows(
    _ path: UnsafePointer<CChar>, _ pixels: UnsafePointer<UInt8>?, width: Int, height: Int, rows: cpng_rows,
    message: UnsafeMutablePointer<CChar>
  ) -> Int32 {
    guard let writer = cpng_writer_open(path, Int32(width), Int32(height), rows, 1, nil, 0, message, 256)
    else { return -1 }
    let written = cpng_writer_write_rows(writer, pixels, Int32(height), width * 4)
    let closed = cpng_writer_close(writer, written == 0 ? 1 : 0, message, 256)
    return written == 0 ? closed : -1
  }
}
