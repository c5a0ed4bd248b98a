import SheetImages
import SheetLayout

/// A picture as vector output (PDF, SVG) holds it: where it is, and how finely it prints there.
/// The renderer reports one for each picture drawn (``SheetRenderer/onImagePlaced``), so that a
/// job can warn of pictures too small for print before a print shop does.
public struct PlacedImage: Sendable, Hashable {
  /// What messages call the picture (its source's name).
  public var name: String
  /// The page it is on, counted from 0 in the whole document.
  public var page: Int
  /// The box it fills, in page points from the top left.
  public var box: Rect
  /// How many of the picture's own pixels the box shows (its centre, cropped to the box's
  /// shape).
  public var shownPixels: PixelSize
  /// How many pixels are embedded for it: the shown pixels resampled to the output's `ppi`,
  /// never more than ``shownPixels``.
  public var embeddedPixels: PixelSize

  /// The picture's own pixels per inch at the size it is placed: the resolution it prints at,
  /// whatever is embedded (the lower of its two directions).
  public var effectivePPI: Double { Self.ppi(shownPixels, in: box) }

  /// Pixels per inch of what is embedded.
  public var embeddedPPI: Double { Self.ppi(embeddedPixels, in: box) }

  /// A placed picture; see the properties.
  public init(name: String, page: Int, box: Rect, shownPixels: PixelSize, embeddedPixels: PixelSize) {
    self.name = name
    self.page = page
    self.box = box
    self.shownPixels = shownPixels
    self.embeddedPixels = embeddedPixels
  }

  /// The placement of `image`, drawn from `source` into `box` on `page`; nil for a picture not
  /// drawn (a placeholder) or whose size the source cannot tell.
  init?(_ image: PreparedImage?, source: (any ImageSource)?, box: Rect, page: Int) {
    let embedded: (width: Int, height: Int)
    switch image {
    case .ready(let raster, _, _): embedded = (raster.width, raster.height)
    case .originalJPEG(_, let width, let height): embedded = (width, height)
    case .failed, nil: return nil
    }
    guard let source, let own = try? source.pixelSize(), box.width > 0, box.height > 0 else { return nil }
    self.init(
      name: source.name, page: page, box: box, shownPixels: Self.shown(of: (own.width, own.height), in: box),
      embeddedPixels: Self.shown(of: embedded, in: box))
  }

  /// The pixels of a `size` picture that fill `box` (its centre cropped to the box's shape).
  private static func shown(of size: (width: Int, height: Int), in box: Rect) -> PixelSize {
    let region = PreparedImage.fillRegion(
      source: size, target: (Int((box.width * 100).rounded()), Int((box.height * 100).rounded())))
    return PixelSize(width: Int(region.width.rounded()), height: Int(region.height.rounded()))
  }

  private static func ppi(_ pixels: PixelSize, in box: Rect) -> Double {
    min(Double(pixels.width) / (box.width / 72), Double(pixels.height) / (box.height / 72))
  }
}
