import SheetPixels

extension ImageReader {
  /// The pixels of `path` as pixelmatch's own tools read them: a PNG's stored values, straight
  /// alpha, with no colour conversion (pngjs applies none); any other format decoded as
  /// ``decode(path:header:minimumSize:maxPixels:)`` does (upright, in sRGB), its alpha undone.
  ///
  /// - Throws: ``ImageError`` when the file cannot be read, is not an image or has more than
  ///   `maxPixels` pixels.
  public static func straightRGBA(path: String, maxPixels: Int = .max) throws -> StraightRGBAImage {
    let header = try header(path: path)
    try checkPixelLimit(header, maxPixels: maxPixels, path: path)
    guard case .png = header.codec else {
      return StraightRGBAImage(try decode(path: path, header: header, maxPixels: maxPixels))
    }
    let file = try ImageFile(path: path)
    try checkUnchanged(file, header: header)
    let stored = try PNGCodec.decode(
      try file.readAll(), expectedSize: (header.storedWidth, header.storedHeight), path: path, straight: true)
    return StraightRGBAImage(straightBGRA: stored)
  }
}
