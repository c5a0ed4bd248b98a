import CJPEG
import CPNG
import SheetImages

/// A PNG page: 8-bit RGB at zlib level 3, with sRGB, gAMA, cHRM and pHYs chunks.
final class PNGPageFile: RasterPageFile {
  private var stream: OpaquePointer?

  /// zlib level for page files: 3 writes about 3× faster than 6 for a few per cent more bytes.
  static let compressionLevel: Int32 = 3

  init(path: String, width: Int, height: Int, pixelsPerInch: Double) throws {
    var error = [CChar](repeating: 0, count: 256)
    guard
      let stream = cpng_writer_open_srgb(
        path, Int32(width), Int32(height), CPNG_ROWS_BGRX, Self.compressionLevel, pixelsPerInch, &error, 256)
    else { throw RenderError(cText(error)) }
    self.stream = stream
  }

  deinit { try? close(complete: false) }

  func write(rows: UnsafePointer<UInt8>, count: Int, stride: Int) throws {
    guard let stream, cpng_writer_write_rows(stream, rows, Int32(count), stride) == 0 else {
      throw RenderError("libpng could not take the rows")
    }
  }

  func close(complete: Bool) throws {
    guard let stream else { return }
    self.stream = nil
    var error = [CChar](repeating: 0, count: 256)
    guard cpng_writer_close(stream, complete ? 1 : 0, &error, 256) == 0 || !complete else {
      throw RenderError(cText(error))
    }
  }
}

/// A baseline JPEG page with the sRGB profile embedded and its resolution in the JFIF header,
/// as labs and photo-book services ask for.
final class JPEGPageFile: RasterPageFile {
  private var writer: OpaquePointer?

  init(path: String, width: Int, height: Int, quality: Int, pixelsPerInch: Double) throws {
    var error = [CChar](repeating: 0, count: 256)
    let profile = SRGBProfile.bytes
    guard
      let writer = profile.withUnsafeBufferPointer({
        cjpeg_writer_open(
          path, Int32(width), Int32(height), Int32(quality), pixelsPerInch, $0.baseAddress, $0.count, &error,
          256)
      })
    else { throw RenderError(cText(error)) }
    self.writer = writer
  }

  deinit { try? close(complete: false) }

  func write(rows: UnsafePointer<UInt8>, count: Int, stride: Int) throws {
    var error = [CChar](repeating: 0, count: 256)
    guard let writer, cjpeg_writer_write_rows(writer, rows, Int32(count), stride, &error, 256) == 0 else {
      throw RenderError(cText(error))
    }
  }

  func close(complete: Bool) throws {
    guard let writer else { return }
    self.writer = nil
    var error = [CChar](repeating: 0, count: 256)
    guard cjpeg_writer_close(writer, complete ? 1 : 0, &error, 256) == 0 || !complete else {
      throw RenderError(cText(error))
    }
  }
}

/// The text of a C error buffer filled by CPNG or CJPEG.
private func cText(_ buffer: [CChar]) -> String {
  String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
