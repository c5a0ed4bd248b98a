import CCairo

/// PNG reading through Cairo's libpng loader, which expands every PNG kind (palette, grey,
/// 16-bit, interlaced, with or without alpha) to premultiplied 32-bit pixels.
enum PNGCodec {
  static func info(_ bytes: [UInt8], path: String) throws -> (width: Int, height: Int) {
    // IHDR is always first: width and height are big-endian at bytes 16…23.
    guard bytes.count >= 24, bytes[12..<16].elementsEqual(Array("IHDR".utf8)) else {
      throw ImageError(path: path, reason: "PNG header is missing or truncated")
    }
    func bigEndian(_ offset: Int) -> Int {
      bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
    }
    return (bigEndian(16), bigEndian(20))
  }

  static func decode(_ bytes: [UInt8], path: String) throws -> RasterImage {
    var reader = ByteReader(bytes: bytes)
    let surface = withUnsafeMutablePointer(to: &reader) { pointer in
      cairo_image_surface_create_from_png_stream(
        { closure, data, length in
          let reader = closure!.assumingMemoryBound(to: ByteReader.self)
          return reader.pointee.read(into: data!, count: Int(length))
        }, pointer)
    }
    defer { cairo_surface_destroy(surface) }
    let status = cairo_surface_status(surface)
    guard status == CAIRO_STATUS_SUCCESS else {
      // Our reader fails only when the file ends before libpng has all it needs.
      let reason =
        status == CAIRO_STATUS_READ_ERROR
        ? "file is truncated (the PNG data ends early)"
        : "PNG data is corrupt (\(String(cString: cairo_status_to_string(status))))"
      throw ImageError(path: path, reason: reason)
    }
    cairo_surface_flush(surface)
    let width = Int(cairo_image_surface_get_width(surface))
    let height = Int(cairo_image_surface_get_height(surface))
    let stride = Int(cairo_image_surface_get_stride(surface))
    let hasAlpha = cairo_image_surface_get_format(surface) == CAIRO_FORMAT_ARGB32
    guard let data = cairo_image_surface_get_data(surface) else {
      throw ImageError(path: path, reason: "PNG has no pixels")
    }
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    pixels.withUnsafeMutableBufferPointer { target in
      for row in 0..<height {
        let rowStart = row * width * 4
        (target.baseAddress! + rowStart).update(from: data + row * stride, count: width * 4)
        if !hasAlpha {
          for x in 0..<width { target[rowStart + x * 4 + 3] = 255 }
        }
      }
    }
    return RasterImage(width: width, height: height, pixels: pixels, hasAlpha: hasAlpha)
  }
}

/// Feeds an in-memory file to Cairo's stream reader.
private struct ByteReader {
  let bytes: [UInt8]
  var offset = 0

  mutating func read(into target: UnsafeMutablePointer<UInt8>, count: Int) -> cairo_status_t {
    guard offset + count <= bytes.count else { return CAIRO_STATUS_READ_ERROR }
    bytes.withUnsafeBufferPointer { source in
      target.update(from: source.baseAddress! + offset, count: count)
    }
    offset += count
    return CAIRO_STATUS_SUCCESS
  }
}
