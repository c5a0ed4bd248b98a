import SheetDiff
import SheetPixels

/// What a check compares with its golden: pixels premultiplied as ContactSheet draws them, or
/// straight R, G, B, A as pixelmatch, pngjs and a canvas hold them.
enum GoldenSubject: Sendable {
  /// Drawn pixels, and their 16-bit samples when they were read from a 16-bit PNG.
  case raster(RasterImage, precise: RGBA16Image? = nil)
  case straight(StraightRGBAImage)

  /// The pixels premultiplied (the house metric's input).
  var raster: RasterImage {
    switch self {
    case .raster(let image, _): image
    case .straight(let image): image.raster
    }
  }

  /// The pixels with straight alpha (pixelmatch's input).
  var straight: StraightRGBAImage {
    switch self {
    case .raster(let image, _): StraightRGBAImage(image)
    case .straight(let image): image
    }
  }

  /// Writes the pixels as a PNG (straight ones exactly, translucent pixels included).
  func writePNG(to path: String) throws {
    switch self {
    case .raster(let image, _): try image.writePNG(to: path)
    case .straight(let image): try image.writePNG(to: path)
    }
  }

  /// Whether the golden at `path` holds exactly these pixels, read the way they are held.
  func hasSamePixels(asGolden path: String) throws -> Bool {
    switch self {
    case .raster(let image, let samples):
      try PixelFile.decode(path: path) == image
        && (samples == nil || (try PixelFile.rgba16(path: path)) == samples)
    case .straight(let image): try PixelFile.straightRGBA(path: path) == image
    }
  }

  /// Compares these pixels with the golden at `path` under `options`' metric, with a diff image.
  ///
  /// - Throws: ``ImageError`` when the golden cannot be read.
  func compare(withGolden path: String, options: ComparisonOptions) throws -> (
    comparison: ImageComparison, diff: RasterImage?
  ) {
    switch options.metric {
    case .house:
      // A 16-bit actual image against a 16-bit golden is also compared at 16 bits.
      var precise: (RGBA16Image, RGBA16Image)?
      if case .raster(_, let samples?) = self, let golden = try PixelFile.rgba16(path: path) {
        precise = (golden, samples)
      }
      return PixelComparator.compare(
        try PixelFile.decode(path: path), raster, options: options, makeDiffImage: true, precise: precise)
    case .pixelmatch:
      return Pixelmatch.compare(
        try PixelFile.straightRGBA(path: path), straight, options: options, makeDiffImage: true)
    }
  }
}
