import SheetImages

/// Small hand-made images for the metric's tests.
public enum TestImages {
  /// A `width`×`height` opaque grey image.
  public static func grey(_ level: UInt8, width: Int = 8, height: Int = 8) -> RasterImage {
    RasterImage(width: width, height: height, fill: (b: level, g: level, r: level, a: 255))
  }

  /// Photo-like noise in mid-tones with no flat areas (so no pixel looks like anti-aliasing,
  /// and no pixel is near a pure colour painted over it), the same for the same `seed`.
  public static func noise(width: Int, height: Int, seed: UInt64 = 6) -> RasterImage {
    var state = seed
    var pixels = [UInt8](repeating: 255, count: width * height * 4)
    for index in 0..<width * height {
      for channel in 0..<3 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        pixels[index * 4 + channel] = UInt8(64 + state >> 57)  // mid-tones, far from pure colours
      }
    }
    return RasterImage(width: width, height: height, pixels: pixels, hasAlpha: false)
  }

  /// A vertical edge from black (left) to white (right) at `edge` pixels from the left; the
  /// pixel the edge crosses is grey in proportion to its coverage, as an anti-aliasing
  /// rasteriser draws it.
  public static func edge(at edge: Double, width: Int = 10, height: Int = 6) -> RasterImage {
    var image = grey(0, width: width, height: height)
    for y in 0..<height {
      for x in 0..<width {
        let whiteCoverage = min(1, max(0, Double(x + 1) - edge))
        image.set(x: x, y: y, grey: UInt8((whiteCoverage * 255).rounded()))
      }
    }
    return image
  }
}

extension RasterImage {
  /// Sets one pixel (premultiplied B, G, R, A).
  public mutating func set(x: Int, y: Int, bgra: (UInt8, UInt8, UInt8, UInt8)) {
    let offset = (y * width + x) * 4
    pixels[offset] = bgra.0
    pixels[offset + 1] = bgra.1
    pixels[offset + 2] = bgra.2
    pixels[offset + 3] = bgra.3
    if bgra.3 != 255 { hasAlpha = true }
  }

  /// Sets one pixel to an opaque grey level (0 black … 255 white).
  public mutating func set(x: Int, y: Int, grey: UInt8) { set(x: x, y: y, bgra: (grey, grey, grey, 255)) }

  /// One pixel as (B, G, R, A).
  public func pixel(x: Int, y: Int) -> [UInt8] {
    Array(pixels[(y * width + x) * 4..<(y * width + x) * 4 + 4])
  }
}
