import CPNG

/// PNG reading straight through libpng (module `CPNG`, whose `setjmp` stays in C): every PNG
/// kind (palette, grey, 16-bit, interlaced, with or without alpha) is expanded to premultiplied
/// 32-bit pixels, with libpng's own limits on sizes and chunks checked before it allocates.
enum PNGCodec {
  /// The largest ancillary chunk (text, ICC profile, …) held in memory: larger ones make the
  /// file unreadable rather than the process huge.
  static let maxChunkBytes = 16 << 20
  /// The widest or tallest PNG read; libpng refuses larger ones from the header alone.
  static let maxSide: UInt32 = 1_000_000

  /// Decodes `bytes`, whose header said `expectedSize`: a file whose size differs changed since.
  static func decode(_ bytes: [UInt8], expectedSize: (width: Int, height: Int), path: String) throws
    -> RasterImage
  {
    try bytes.withUnsafeBufferPointer { data in
      var width: Int32 = 0
      var height: Int32 = 0
      var hasAlpha: Int32 = 0
      var truncated: Int32 = 0
      var message = [CChar](repeating: 0, count: 256)
      let limits = cpng_limits(max_width: maxSide, max_height: maxSide, max_chunk_bytes: maxChunkBytes)
      guard
        let reader = cpng_reader_open(
          data.baseAddress, data.count, limits, &width, &height, &hasAlpha, &truncated, &message, 256)
      else { throw failure(path, message, truncated: truncated != 0) }
      defer { cpng_reader_close(reader) }
      guard (Int(width), Int(height)) == expectedSize else {
        throw ImageError(path: path, reason: "the PNG's size changed after its header was read")
      }
      let count = Int(width) * Int(height) * 4
      var status: Int32 = 0
      let pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
        status = cpng_reader_read(reader, buffer.baseAddress, Int(width) * 4, &truncated, &message, 256)
        initialized = count
      }
      guard status == 0 else { throw failure(path, message, truncated: truncated != 0) }
      return RasterImage(width: Int(width), height: Int(height), pixels: pixels, hasAlpha: hasAlpha != 0)
    }
  }

  private static func failure(_ path: String, _ message: [CChar], truncated: Bool) -> ImageError {
    if truncated { return ImageError(path: path, reason: "file is truncated (the PNG data ends early)") }
    let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return ImageError(path: path, reason: "PNG data is corrupt (\(text))")
  }
}
