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
      pixels.withUnsafeBufferPointer { pixels -> Int32 in
        if !hasAlpha {
          return cpng_write_bgrx(
            temporary, pixels.baseAddress, Int32(width), Int32(height), stride, &message, 256)
        }
        guard
          let writer = cpng_writer_open(
            temporary, Int32(width), Int32(height), CPNG_ROWS_BGRA_PREMULTIPLIED, 1, nil, 0, &message, 256)
        else { return -1 }
        let written = cpng_writer_write_rows(writer, pixels.baseAddress, Int32(height), stride)
        let closed = cpng_writer_close(writer, written == 0 ? 1 : 0, &message, 256)
        return written == 0 ? closed : -1
      }
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
}
