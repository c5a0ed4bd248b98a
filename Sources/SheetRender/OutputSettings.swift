import SheetImages

/// What output files are made at, apart from how they are painted (``RenderStyle``): the PNG
/// resolution, the resolution images are embedded at in PDF and SVG, the image size limit and
/// the quality of embedded JPEGs.
public struct OutputSettings: Hashable, Sendable {
  /// Pixels per inch of PNG output. Default 150.
  public var dpi: Double
  /// Pixels per inch at which images are embedded in PDF and SVG output; nil keeps originals.
  /// Default 300.
  public var ppi: Double?
  /// Images whose header claims more pixels are refused before decoding. Default
  /// `PixelLimit.default` (200 million).
  public var maxPixels: Int
  /// JPEG quality (1…100) of JPEG pages and of photos embedded in PDF and SVG output.
  /// Default 90.
  public var jpegQuality: Int
  /// The fewest pixels per inch a picture in a PDF may print at (its own pixels over its
  /// placed size, ``PlacedImage/effectivePPI``) before a job warns of it; 0 warns of none.
  /// Default nil: ``printMinimumPPI`` for a PDF made for print (PDF/X, a bleed or crop marks),
  /// no warnings for one made for the screen.
  public var minimumPPI: Double?
  /// What print shops ask for at the least: 200 pixels per inch.
  public static let printMinimumPPI = 200.0

  /// Output at `dpi` for PNG, images embedded at `ppi`, refused above `maxPixels`, embedded
  /// as JPEG at `jpegQuality`.
  public init(
    dpi: Double = 150, ppi: Double? = 300, maxPixels: Int = PixelLimit.default, jpegQuality: Int = 90
  ) {
    self.dpi = dpi
    self.ppi = ppi
    self.maxPixels = maxPixels
    self.jpegQuality = jpegQuality
  }
}
