import SheetSupport

/// PNG, JPEG and WebP files read as they are stored: no colour conversion, no EXIF turn, the
/// first frame of an animation. What golden tests compare (pixelmatch and pngjs read PNGs the
/// same way), with only libpng, libjpeg-turbo and libwebp linked. `SheetImages`' `ImageReader`
/// reads these formats with the same decoders and adds colour management, orientation and the
/// other formats a contact sheet shows.
public enum PixelFile {
  /// The largest file read (1 GiB): a larger one is refused before it is read.
  public static let maxFileBytes = 1 << 30

  /// The file at `path`, premultiplied as ContactSheet draws.
  ///
  /// - Parameters:
  ///   - path: A PNG, JPEG or WebP file.
  ///   - maxPixels: The most pixels its header may claim; checked before decoding.
  /// - Returns: Its pixels, premultiplied B, G, R, A.
  /// - Throws: ``ImageError`` when the file cannot be opened, is not one of the three formats,
  ///   is corrupt or has more than `maxPixels` pixels.
  public static func decode(path: String, maxPixels: Int = PixelLimit.default) throws -> RasterImage {
    try load(path: path, maxPixels: maxPixels, straight: false).raster
  }

  /// The file at `path` with straight alpha, in R, G, B, A order (pixelmatch's input); a PNG's
  /// stored values exactly.
  ///
  /// - Throws: as ``decode(path:maxPixels:)``.
  public static func straightRGBA(path: String, maxPixels: Int = PixelLimit.default) throws
    -> StraightRGBAImage
  {
    let image = try load(path: path, maxPixels: maxPixels, straight: true)
    return image.storedStraight
      ? StraightRGBAImage(straightBGRA: image.raster) : StraightRGBAImage(image.raster)
  }

  /// The decoded pixels, and whether they are a PNG's stored straight values (B, G, R, A).
  private static func load(path: String, maxPixels: Int, straight: Bool) throws -> (
    raster: RasterImage, storedStraight: Bool
  ) {
    let bytes: [UInt8]
    do {
      bytes = try RegularFile.contents(path, limit: maxFileBytes)
    } catch {
      throw ImageError(
        path: path, reason: error.isTooLarge ? "is larger than \(maxFileBytes >> 20) MB" : error.reason)
    }
    var warnings: [String] = []
    if bytes.starts(with: pngSignature) {
      let (width, height) = try pngSize(bytes, path: path)
      try checkPixelCount(width, height, maxPixels: maxPixels, path: path)
      let image = try PNGCodec.decode(bytes, expectedSize: (width, height), path: path, straight: straight)
      return (image, straight)
    }
    if bytes.starts(with: [0xFF, 0xD8]) {
      switch JPEGHeader.scan(bytes) {
      case .found(let header):
        try checkPixelCount(header.width, header.height, maxPixels: maxPixels, path: path)
        let image = try JPEGCodec.decode(
          bytes, size: (header.width, header.height), frame: header.frame, path: path, minimumSize: nil,
          warnings: &warnings)
        return (image, false)
      case .needsMoreBytes: throw ImageError(path: path, reason: "JPEG header is truncated")
      case .invalid(let reason): throw ImageError(path: path, reason: reason)
      }
    }
    if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) {
      let info = try WebPCodec.info(bytes, path: path)
      try checkPixelCount(info.width, info.height, maxPixels: maxPixels, path: path)
      let image = try WebPCodec.decode(
        bytes, size: (info.width, info.height), hasAlpha: info.hasAlpha, isAnimated: info.isAnimated,
        path: path, minimumSize: nil, warnings: &warnings)
      return (image, false)
    }
    throw ImageError(path: path, reason: bytes.isEmpty ? "file is empty" : "not a PNG, JPEG or WebP image")
  }

  static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  /// A PNG's width and height, from its IHDR chunk.
  static func pngSize(_ bytes: [UInt8], path: String) throws -> (width: Int, height: Int) {
    guard bytes.count >= 24 else { throw ImageError(path: path, reason: "PNG header is truncated") }
    return (bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }, bytes[20..<24].reduce(0) { $0 << 8 | Int($1) })
  }

  /// Refuses a `width`×`height` image with no pixels, a side over a million pixels (libpng's
  /// limit here) or more than `maxPixels` pixels, before it is decoded.
  static func checkPixelCount(_ width: Int, _ height: Int, maxPixels: Int, path: String) throws {
    guard (1...Int(PNGCodec.maxSide)).contains(width), (1...Int(PNGCodec.maxSide)).contains(height) else {
      throw ImageError(
        path: path, reason: "is \(width)×\(height) pixels: each side must be 1 to \(PNGCodec.maxSide)")
    }
    let (count, overflow) = width.multipliedReportingOverflow(by: height)
    guard !overflow, count <= maxPixels else {
      throw ImageError(
        path: path, reason: "is \(width)×\(height) pixels, more than the limit of \(maxPixels)")
    }
  }
}
