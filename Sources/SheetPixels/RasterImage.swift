/// Decoded pixels in Cairo's `ARGB32` byte order on little-endian machines: B, G, R, A per
/// pixel, colour premultiplied by alpha, rows packed with no padding.
public struct RasterImage: Sendable, Hashable {
  /// Number of pixel columns.
  public let width: Int
  /// Number of pixel rows.
  public let height: Int
  /// The pixel bytes, `width × height × 4` of them, top row first, in the order described on
  /// the type.
  public var pixels: [UInt8]
  /// Whether any pixel may be less than fully opaque.
  public var hasAlpha: Bool

  /// Bytes per row.
  public var stride: Int { width * 4 }

  /// An image of `width`×`height` pixels taking `pixels` as they are (premultiplied B, G, R, A
  /// per pixel, top row first); `hasAlpha` says whether any pixel may be translucent.
  /// Traps unless `pixels` holds exactly `width × height × 4` bytes.
  public init(width: Int, height: Int, pixels: [UInt8], hasAlpha: Bool) {
    precondition(pixels.count == width * height * 4, "pixel buffer does not match \(width)×\(height)")
    self.width = width
    self.height = height
    self.pixels = pixels
    self.hasAlpha = hasAlpha
  }

  /// An image of one colour (premultiplied B, G, R, A).
  public init(width: Int, height: Int, fill: (b: UInt8, g: UInt8, r: UInt8, a: UInt8)) {
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    for index in Swift.stride(from: 0, to: pixels.count, by: 4) {
      pixels[index] = fill.b
      pixels[index + 1] = fill.g
      pixels[index + 2] = fill.r
      pixels[index + 3] = fill.a
    }
    self.init(width: width, height: height, pixels: pixels, hasAlpha: fill.a != 255)
  }
}
