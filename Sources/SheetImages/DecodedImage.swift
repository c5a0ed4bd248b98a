import SheetPixels

/// What decoding a file gives: its upright sRGB pixels, and what the picture does not show.
public struct DecodedImage: Sendable, Hashable {
  /// The pixels.
  public var image: RasterImage
  /// One sentence per problem the decode got past, for the file's owner: a file cut short
  /// (the part that decoded is shown, the rest grey), a multi-page TIFF (its first page only).
  public var warnings: [String]

  /// Pixels and their warnings.
  public init(image: RasterImage, warnings: [String] = []) {
    self.image = image
    self.warnings = warnings
  }
}
