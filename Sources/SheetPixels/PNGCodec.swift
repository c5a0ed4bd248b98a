import CPNG

/// PNG reading straight through libpng (module `CPNG`, whose `setjmp` stays in C): every PNG
/// kind (palette, grey, 16-bit, interlaced, with or without alpha) is expanded to premultiplied
/// 32-bit pixels, with libpng's own limits on sizes and chunks checked before it allocates.
package enum PNGCodec {
  /// The largest ancillary chunk (text, ICC profile, …) held in memory: larger ones make the
  /// file unreadable rather than the process huge.
  package static let maxChunkBytes = 16 << 20
  /// The widest or tallest PNG read; libpng refuses larger ones from the header alone.
  package static let maxSide: UInt32 = 1_000_000

  /// PNGs with more pixels than this are never held whole when a smaller size will do: their
  /// rows are read a few at a time and averaged down as they arrive (libvips' shrink-on-load),
  /// so a legal 14000×14000 PNG costs megabytes, not gigabytes. 16 million pixels is 64 MB.
  package static let streamingThreshold = 16_000_000
  /// The most pixels an interlaced PNG may have: Adam7 spreads every row over seven passes, so
  /// it is decoded whole; larger ones are refused before allocating (256 MB).
  package static let maxInterlacedPixels = 64_000_000

  /// Decodes `bytes`, whose header said `expectedSize`: a file whose size differs changed since.
  /// With `minimumSize`, a PNG above ``streamingThreshold`` pixels is shrunk by a whole factor
  /// while its rows are read, never below that size.
  /// With `straight`, the pixels are read as pngjs reads them (straight alpha, B, G, R, A, 16-bit
  /// samples rounded) rather than premultiplied, and never shrunk: the result is not a drawable
  /// ``RasterImage`` but the bytes ``PixelFile/straightRGBA(path:maxPixels:)`` reorders.
  package static func decode(
    _ bytes: [UInt8], expectedSize: (width: Int, height: Int), path: String,
    minimumSize: (width: Int, height: Int)? = nil, straight: Bool = false
  ) throws -> RasterImage {
    try checkChunks(bytes, path: path)
    return try bytes.withUnsafeBufferPointer { data in
      var width: Int32 = 0
      var height: Int32 = 0
      var hasAlpha: Int32 = 0
      var truncated: Int32 = 0
      var message = [CChar](repeating: 0, count: 256)
      let limits = cpng_limits(max_width: maxSide, max_height: maxSide, max_chunk_bytes: maxChunkBytes)
      guard
        let reader = cpng_reader_open(
          data.baseAddress, data.count, limits, straight ? 1 : 0, &width, &height, &hasAlpha, &truncated,
          &message, 256)
      else { throw failure(path, message, truncated: truncated != 0) }
      defer { cpng_reader_close(reader) }
      guard (Int(width), Int(height)) == expectedSize else {
        throw ImageError(path: path, reason: "the PNG's size changed after its header was read")
      }
      let (count, overflow) = Int(width).multipliedReportingOverflow(by: Int(height))
      let interlaced = cpng_reader_is_interlaced(reader) != 0
      if interlaced && (overflow || count > maxInterlacedPixels) {
        throw ImageError(
          path: path,
          reason:
            "an interlaced PNG of \(width)×\(height) is decoded whole, and more than \(maxInterlacedPixels) pixels is refused; save it non-interlaced"
        )
      }
      if !interlaced, !straight, count > streamingThreshold, let minimumSize {
        // Never below the size asked for, unless that is itself above the threshold: then the
        // image shrinks to the threshold (the card is capped as large, see the renderer).
        let fits = PixelSize.wholeShrinkFactor(width: Int(width), height: Int(height), keeping: minimumSize)
        let bounded = Int((Double(count) / Double(streamingThreshold)).squareRoot().rounded(.up))
        let factor = max(fits, bounded)
        if factor > 1 {
          return try shrinkingRead(
            reader, width: Int(width), height: Int(height), factor: factor, hasAlpha: hasAlpha != 0,
            path: path)
        }
      }
      let byteCount = count * 4
      var status: Int32 = 0
      let pixels = [UInt8](unsafeUninitializedCapacity: byteCount) { buffer, initialized in
        status = cpng_reader_read(reader, buffer.baseAddress, Int(width) * 4, &truncated, &message, 256)
        initialized = byteCount
      }
      guard status == 0 else { throw failure(path, message, truncated: truncated != 0) }
      return RasterImage(width: Int(width), height: Int(height), pixels: pixels, hasAlpha: hasAlpha != 0)
    }
  }

  /// Walks the chunk headers before libpng sees the file: a chunk that claims more bytes than
  /// the file holds is truncation, and an ancillary chunk over ``maxChunkBytes`` is refused,
  /// both before anything is allocated for them.
  package static func checkChunks(_ bytes: [UInt8], path: String) throws {
    var offset = 8
    while offset + 8 <= bytes.count {
      let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
      let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
      if type == "IEND" { return }
      guard length <= bytes.count - offset - 12 else {
        throw ImageError(
          path: path,
          reason: "file is truncated (the PNG's '\(type)' chunk claims \(length) bytes; the file ends first)")
      }
      if type != "IDAT" && length > maxChunkBytes {
        throw ImageError(
          path: path,
          reason:
            "PNG data is corrupt (a '\(type)' chunk of \(length) bytes is more than the \(maxChunkBytes >> 20) MB allowed)"
        )
      }
      offset += 12 + length
    }
  }

  /// Reads the rows `factor` at a time and averages each `factor`×`factor` block into one pixel
  /// (the blocks at the right and bottom edges average the pixels they have): memory is
  /// `factor` rows and one row of sums, whatever the image's height.
  private static func shrinkingRead(
    _ reader: OpaquePointer, width: Int, height: Int, factor: Int, hasAlpha: Bool, path: String
  ) throws -> RasterImage {
    let outWidth = (width + factor - 1) / factor
    let outHeight = (height + factor - 1) / factor
    var rows = [UInt8](repeating: 0, count: width * 4 * factor)
    var sums = [UInt32](repeating: 0, count: outWidth * 4)
    var out = [UInt8](repeating: 0, count: outWidth * outHeight * 4)
    var message = [CChar](repeating: 0, count: 256)
    var truncated: Int32 = 0
    for outY in 0..<outHeight {
      let rowCount = min(factor, height - outY * factor)
      let status = rows.withUnsafeMutableBufferPointer {
        cpng_reader_read_rows(reader, $0.baseAddress, Int32(rowCount), width * 4, &truncated, &message, 256)
      }
      guard status == 0 else { throw failure(path, message, truncated: truncated != 0) }
      for index in sums.indices { sums[index] = 0 }
      rows.withUnsafeBufferPointer { source in
        sums.withUnsafeMutableBufferPointer { sum in
          for row in 0..<rowCount {
            let base = row * width * 4
            for x in 0..<width {
              let p = base + x * 4
              let t = (x / factor) * 4
              sum[t] += UInt32(source[p])
              sum[t + 1] += UInt32(source[p + 1])
              sum[t + 2] += UInt32(source[p + 2])
              sum[t + 3] += UInt32(source[p + 3])
            }
          }
        }
      }
      for outX in 0..<outWidth {
        let columns = min(factor, width - outX * factor)
        let samples = UInt32(columns * rowCount)
        for channel in 0..<4 {
          out[(outY * outWidth + outX) * 4 + channel] = UInt8(
            (sums[outX * 4 + channel] + samples / 2) / samples)
        }
      }
    }
    return RasterImage(width: outWidth, height: outHeight, pixels: out, hasAlpha: hasAlpha)
  }

  private static func failure(_ path: String, _ message: [CChar], truncated: Bool) -> ImageError {
    if truncated { return ImageError(path: path, reason: "file is truncated (the PNG data ends early)") }
    let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return ImageError(path: path, reason: "PNG data is corrupt (\(text))")
  }
}
