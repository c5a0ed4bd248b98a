/// pixelmatch's perceptual colour distance, on premultiplied B, G, R, A words.
///
/// Colours are converted to YIQ and scored `0.5053·ΔY² + 0.299·ΔI² + 0.1957·ΔQ²` (Kotsarenko
/// and Ramos, "Measuring perceived color difference using YIQ NTSC transmission color space in
/// mobile applications", 2010); 35215 is the score of black against white. A translucent pixel
/// is blended over both squares of a white and black checkerboard and the larger distance
/// counts, so a change of alpha alone is never invisible (over white only, transparent and
/// opaque white would be equal).
enum ColorDelta {
  /// The signed distance between an expected and an actual pixel: negative when the actual
  /// pixel is darker.
  @inline(__always) static func delta(_ expected: UInt32, _ actual: UInt32) -> Double {
    if expected >> 24 == 255 && actual >> 24 == 255 {
      return delta(channels(expected, over: 0), channels(actual, over: 0))
    }
    let light = delta(channels(expected, over: 255), channels(actual, over: 255))
    let dark = delta(channels(expected, over: 0), channels(actual, over: 0))
    return abs(light) >= abs(dark) ? light : dark
  }

  /// The signed distance between two pixels of 16-bit straight R, G, B, A samples (`expected`
  /// and `actual` point at each pixel's four), on the same 0…255 scale as the 8-bit distance.
  @inline(__always) static func delta(
    precise expected: UnsafePointer<UInt16>, _ actual: UnsafePointer<UInt16>
  ) -> Double {
    func channels(_ pixel: UnsafePointer<UInt16>, over background: Double) -> (
      r: Double, g: Double, b: Double
    ) {
      let alpha = Double(pixel[3]) / 65535
      let cover = background * (1 - alpha)
      return (
        Double(pixel[0]) / 257 * alpha + cover, Double(pixel[1]) / 257 * alpha + cover,
        Double(pixel[2]) / 257 * alpha + cover
      )
    }
    if expected[3] == 65535 && actual[3] == 65535 {
      return delta(channels(expected, over: 0), channels(actual, over: 0))
    }
    let light = delta(channels(expected, over: 255), channels(actual, over: 255))
    let dark = delta(channels(expected, over: 0), channels(actual, over: 0))
    return abs(light) >= abs(dark) ? light : dark
  }

  /// The brightness (Y) of `first` less that of `second`, both blended over white; used to find
  /// anti-aliasing.
  @inline(__always) static func brightnessDelta(_ first: UInt32, _ second: UInt32) -> Double {
    let a = channels(first, over: 255)
    let b = channels(second, over: 255)
    return y(a.r, a.g, a.b) - y(b.r, b.g, b.b)
  }

  /// The colour of a premultiplied word blended over a grey `background` (0…255).
  @inline(__always) static func channels(_ word: UInt32, over background: Double)
    -> (r: Double, g: Double, b: Double)
  {
    let alpha = Double(word >> 24)
    let cover = background * (255 - alpha) / 255
    return (
      Double((word >> 16) & 0xFF) + cover, Double((word >> 8) & 0xFF) + cover, Double(word & 0xFF) + cover
    )
  }

  @inline(__always) static func delta(
    _ first: (r: Double, g: Double, b: Double), _ second: (r: Double, g: Double, b: Double)
  ) -> Double {
    let y1 = y(first.r, first.g, first.b)
    let y2 = y(second.r, second.g, second.b)
    let dy = y1 - y2
    let di = i(first.r, first.g, first.b) - i(second.r, second.g, second.b)
    let dq = q(first.r, first.g, first.b) - q(second.r, second.g, second.b)
    let distance = 0.5053 * dy * dy + 0.299 * di * di + 0.1957 * dq * dq
    return y1 > y2 ? -distance : distance
  }

  @inline(__always) static func y(_ r: Double, _ g: Double, _ b: Double) -> Double {
    r * 0.29889531 + g * 0.58662247 + b * 0.11448223
  }

  @inline(__always) static func i(_ r: Double, _ g: Double, _ b: Double) -> Double {
    r * 0.59597799 - g * 0.27417610 - b * 0.32180189
  }

  @inline(__always) static func q(_ r: Double, _ g: Double, _ b: Double) -> Double {
    r * 0.21147017 - g * 0.52261711 + b * 0.31114694
  }
}
