extension ImageReader {
  /// The header of an image held in memory, as ``header(path:)`` reads it from a file: what
  /// fuzzing drives.
  ///
  /// - Throws: ``ImageError`` (path "memory") when the bytes are not a readable image.
  package static func header(bytes: [UInt8]) throws -> ImageHeader {
    try header(of: HeaderBytes(bytes: bytes), path: "memory", stamp: nil)
  }

  /// Decodes an image held in memory as ``decode(path:header:minimumSize:maxPixels:)`` decodes a
  /// file: the header first, the pixel limit, then the format's decoder.
  ///
  /// - Throws: ``ImageError`` when the bytes are not a readable image or claim more than
  ///   `maxPixels` pixels.
  package static func decode(
    bytes: [UInt8], minimumSize: (width: Int, height: Int)? = nil, maxPixels: Int
  ) throws -> RasterImage {
    let header = try header(bytes: bytes)
    try checkPixelLimit(header, maxPixels: maxPixels, path: "memory")
    let size = (width: header.storedWidth, height: header.storedHeight)
    switch header.codec {
    case .jpeg(let frame):
      return try JPEGCodec.decode(bytes, size: size, frame: frame, path: "memory", minimumSize: minimumSize)
    case .png:
      return try PNGCodec.decode(bytes, expectedSize: size, path: "memory", minimumSize: minimumSize)
    case .webp(let hasAlpha):
      return try WebPCodec.decode(
        bytes, size: size, hasAlpha: hasAlpha, path: "memory", minimumSize: minimumSize)
    }
  }
}
