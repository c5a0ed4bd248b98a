import SheetPixels

/// Images of different sizes compared anyway: both are put on a transparent canvas of the
/// larger width and height, at the top left, and compared there, so the diff image shows what
/// changed (jest-image-snapshot's `allowSizeMismatch`). The case still fails: its sizes differ.
public enum PaddedComparison {
  /// The largest canvas padded to (both images and the diff are held at once: 600 MB).
  public static let maxPixels = 50_000_000

  /// Nil when `expected` and `actual` are the same size (compare them as they are); otherwise
  /// `compare` run on both padded to the canvas both fit, with the result's sizes set back to
  /// the images' own and ``ImageComparison/paddedTo`` to the canvas; without a diff image when
  /// the canvas would exceed ``maxPixels``.
  static func ifSizesDiffer<Image: PaddableImage>(
    _ expected: Image, _ actual: Image, compare: (Image, Image) -> (ImageComparison, RasterImage?)
  ) -> (comparison: ImageComparison, diff: RasterImage?)? {
    let sizes = (
      expected: PixelSize(width: expected.width, height: expected.height),
      actual: PixelSize(width: actual.width, height: actual.height)
    )
    guard sizes.expected != sizes.actual else { return nil }
    let canvas = PixelSize(
      width: max(sizes.expected.width, sizes.actual.width),
      height: max(sizes.expected.height, sizes.actual.height))
    guard canvas.width * canvas.height <= maxPixels else {
      return (.sizeMismatch(expected: sizes.expected, actual: sizes.actual), nil)
    }
    var (comparison, diff) = compare(expected.padded(to: canvas), actual.padded(to: canvas))
    comparison.expectedSize = sizes.expected
    comparison.actualSize = sizes.actual
    comparison.paddedTo = canvas
    return (comparison, diff)
  }
}

extension PaddedComparison {
  /// The rows of a `width`×`height` image of 4-byte pixels (`pixels`, rows packed) at the top
  /// left of a zeroed (transparent) canvas of `size`, at least as large.
  static func canvas(_ pixels: [UInt8], width: Int, height: Int, size: PixelSize) -> [UInt8] {
    var canvas = [UInt8](repeating: 0, count: size.width * size.height * 4)
    for row in 0..<height {
      canvas.replaceSubrange(
        row * size.width * 4..<(row * size.width + width) * 4,
        with: pixels[row * width * 4..<(row + 1) * width * 4])
    }
    return canvas
  }
}

/// An image that can be put at the top left of a larger transparent canvas.
protocol PaddableImage {
  /// Width in pixels.
  var width: Int { get }
  /// Height in pixels.
  var height: Int { get }
  /// This image at the top left of a transparent canvas of `size` (at least its own).
  func padded(to size: PixelSize) -> Self
}

extension RasterImage: PaddableImage {
  /// This image at the top left of a transparent canvas of `size` (at least its own).
  func padded(to size: PixelSize) -> RasterImage {
    RasterImage(
      width: size.width, height: size.height,
      pixels: PaddedComparison.canvas(pixels, width: width, height: height, size: size), hasAlpha: true)
  }
}

extension StraightRGBAImage: PaddableImage {
  /// This image at the top left of a transparent canvas of `size` (at least its own).
  func padded(to size: PixelSize) -> StraightRGBAImage {
    StraightRGBAImage(
      width: size.width, height: size.height,
      bytes: PaddedComparison.canvas(bytes, width: width, height: height, size: size))
  }
}
