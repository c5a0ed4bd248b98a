/// An image as pixelmatch, pngjs and a browser's canvas see it: R, G, B, A bytes per pixel,
/// alpha straight (not premultiplied), top row first. ``RasterImage`` is what ContactSheet
/// draws (premultiplied B, G, R, A); this is what other tools' comparisons read.
public struct StraightRGBAImage: Sendable, Hashable {
  /// Width in pixels.
  public let width: Int
  /// Height in pixels.
  public let height: Int
  /// `width * height * 4` bytes: R, G, B, A.
  public var bytes: [UInt8]

  /// An image of `bytes` (R, G, B, A, straight alpha); `bytes.count` must be
  /// `width * height * 4`.
  public init(width: Int, height: Int, bytes: [UInt8]) {
    precondition(bytes.count == width * height * 4, "RGBA bytes do not match \(width)×\(height)")
    self.width = width
    self.height = height
    self.bytes = bytes
  }

  /// `image` with its alpha undone, exact for opaque pixels (a translucent one keeps what
  /// premultiplying left of it).
  public init(_ image: RasterImage) {
    var bytes = [UInt8](repeating: 0, count: image.width * image.height * 4)
    image.pixels.withUnsafeBufferPointer { source in
      for index in stride(from: 0, to: bytes.count, by: 4) {
        let alpha = Int(source[index + 3])
        for channel in 0..<3 {
          let value = Int(source[index + 2 - channel])
          bytes[index + channel] =
            alpha == 255 ? UInt8(value) : alpha == 0 ? 0 : UInt8(min(255, (value * 255 + alpha / 2) / alpha))
        }
        bytes[index + 3] = UInt8(alpha)
      }
    }
    self.init(width: image.width, height: image.height, bytes: bytes)
  }

  /// The pixels of `stored`, which holds straight B, G, R, A (``PNGCodec``'s straight read),
  /// reordered to R, G, B, A.
  package init(straightBGRA stored: RasterImage) {
    var bytes = stored.pixels
    for index in Swift.stride(from: 0, to: bytes.count, by: 4) { bytes.swapAt(index, index + 2) }
    self.init(width: stored.width, height: stored.height, bytes: bytes)
  }

  /// This image premultiplied, as ContactSheet draws it.
  public var raster: RasterImage {
    var pixels = [UInt8](repeating: 0, count: bytes.count)
    var translucent = false
    for index in stride(from: 0, to: bytes.count, by: 4) {
      let alpha = Int(bytes[index + 3])
      translucent = translucent || alpha != 255
      for channel in 0..<3 {
        let value = Int(bytes[index + channel])
        pixels[index + 2 - channel] = UInt8((value * alpha + 127) / 255)
      }
      pixels[index + 3] = UInt8(alpha)
    }
    return RasterImage(width: width, height: height, pixels: pixels, hasAlpha: translucent)
  }
}
