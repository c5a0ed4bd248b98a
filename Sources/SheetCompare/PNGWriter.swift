import CCairo
import CComparePNG
import Foundation
import SheetImages
import SheetRender

/// Reads and writes PNG files straight through libpng, and writes atomically (a temporary file
/// moved into place).
///
/// Opaque images are written at zlib's fastest setting, as 8-bit palette images when they have
/// at most 256 colours (diff images have about 30): a 4000×3000 diff takes about a tenth of the
/// time Cairo's writer needs.
public enum PNGWriter {
  /// Writes `image` to `path`, creating the folder if needed.
  public static func write(_ image: RasterImage, to path: String) throws {
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let output = AtomicOutput()
    let temporary = output.temporaryPath(for: path)
    if !image.hasAlpha {
      var message = [CChar](repeating: 0, count: 256)
      let result = image.pixels.withUnsafeBufferPointer {
        ccpng_write_bgrx(temporary, $0.baseAddress, Int32(image.width), Int32(image.height), &message, 256)
      }
      guard result == 0 else {
        output.discard()
        throw ComparisonError(path: path, reason: "cannot write: \(text(message))")
      }
      try output.commit()
      return
    }
    var pixels = image.pixels
    let status = pixels.withUnsafeMutableBytes { bytes -> cairo_status_t in
      let surface = cairo_image_surface_create_for_data(
        bytes.baseAddress!.assumingMemoryBound(to: UInt8.self),
        image.hasAlpha ? CAIRO_FORMAT_ARGB32 : CAIRO_FORMAT_RGB24, Int32(image.width), Int32(image.height),
        Int32(image.stride))
      defer { cairo_surface_destroy(surface) }
      return cairo_surface_write_to_png(surface, temporary)
    }
    guard status == CAIRO_STATUS_SUCCESS else {
      output.discard()
      throw ComparisonError(
        path: path, reason: "cannot write: \(String(cString: cairo_status_to_string(status)))")
    }
    try output.commit()
  }
}

extension PNGWriter {
  /// Decodes the PNG file at `path` to premultiplied pixels with libpng (no intermediate Cairo
  /// surface); the same pixels `ImageReader` gives.
  public static func read(_ path: String) throws -> RasterImage {
    var width: Int32 = 0
    var height: Int32 = 0
    var hasAlpha: Int32 = 0
    var message = [CChar](repeating: 0, count: 256)
    guard let reader = ccpng_open(path, &width, &height, &hasAlpha, &message, 256) else {
      throw ComparisonError(path: path, reason: "not a readable PNG (\(text(message)))")
    }
    defer { ccpng_close(reader) }
    var status: Int32 = 0
    let count = Int(width) * Int(height) * 4
    let pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
      status = ccpng_read(reader, buffer.baseAddress, &message, 256)
      initialized = status == 0 ? count : 0
    }
    guard status == 0 else {
      throw ComparisonError(path: path, reason: "not a readable PNG (\(text(message)))")
    }
    return RasterImage(width: Int(width), height: Int(height), pixels: pixels, hasAlpha: hasAlpha != 0)
  }

  private static func text(_ message: [CChar]) -> String {
    String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
