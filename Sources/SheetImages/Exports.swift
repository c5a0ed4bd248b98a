// RasterImage, ImageError, PixelSize and the PNG, JPEG and WebP decoders live in SheetPixels
// (light enough for golden tests); every user of SheetImages sees them as before.
@_exported import SheetPixels

extension ImageReader {
  /// The versions of the decoding libraries whose output can change decoded pixels, for
  /// fingerprints stored beside golden images (``PixelFile/libraryVersions``).
  public static var libraryVersions: [String: String] { PixelFile.libraryVersions }
}
