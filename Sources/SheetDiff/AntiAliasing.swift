/// Anti-aliasing that did not move the structure: the test that decides whether a changed
/// pixel is re-rasterised edge (not counted) or a change (counted).
///
/// pixelmatch's test (a pixel between its neighbours, next to a flat area) looks at one image
/// at a time: it forgave most of a corner radius changed from 6 to 8 pt, yet not text drawn
/// with another anti-aliasing mode, whose small glyphs have no flat areas. This test compares
/// the two images around the pixel instead. A changed pixel is anti-aliasing when all hold:
///
/// 1. **An edge re-mixed**: the darkest and brightest colours of the pixel's 3×3
///    neighbourhood in both images differ by more than `minimumContrast`, and the expected
///    and the actual colour both lie (within `mixTolerance`) on the line between them: the
///    same two colours, mixed in other proportions. A new colour (a caption turned red) is
///    never anti-aliasing.
/// 2. **Not a whole pixel**: the mix moved by at most `largestMixChange` of the way from one
///    colour to the other. A pixel that turned from ink to paper is a change.
/// 3. **The ink stayed put**: the mean brightness of the 5×5 pixels around it moved by at
///    most `largestInkShift` of the local contrast. Re-rasterising spreads the same ink
///    differently; a moved edge, a larger radius or a shifted card moves ink one way.
///
/// Measured on rendered sheets (`SensitivityTests`): text drawn without anti-aliasing instead
/// of grey has every changed pixel within 0.74 of mix and 0.19 of ink shift, so all pass;
/// the corner radius change keeps 141 pixels counted, the caption colour change all 1,422.
enum AntiAliasing {
  /// The smallest difference (0…1 of full scale, YIQ) between the neighbourhood's darkest and
  /// brightest colours for the pixel to be on an edge.
  static let minimumContrast = 0.2
  /// How far (0…1 of full scale) a colour may lie from the line between the two.
  static let mixTolerance = 0.05
  /// The largest change of mix (0 = the darkest colour, 1 = the brightest).
  static let largestMixChange = 0.8
  /// The largest change of the 5×5 mean brightness, as a share of the local contrast.
  static let largestInkShift = 0.25
  /// The ink window's radius in pixels (5×5).
  static let inkRadius = 2

  /// Whether the change at (`x`, `y`) between `expected` and `actual` (same size) is
  /// anti-aliasing that did not move the structure (see the type's description).
  static func isAntiAliased(_ expected: PixelView, _ actual: PixelView, x: Int, y: Int) -> Bool {
    let x0 = max(x - 1, 0)
    let y0 = max(y - 1, 0)
    let x2 = min(x + 1, expected.width - 1)
    let y2 = min(y + 1, expected.height - 1)
    var darkest = YIQ(expected[x, y])
    var brightest = darkest
    for neighbourY in y0...y2 {
      for neighbourX in x0...x2 {
        let before = YIQ(expected[neighbourX, neighbourY])
        let after = YIQ(actual[neighbourX, neighbourY])
        if before.y < darkest.y { darkest = before }
        if before.y > brightest.y { brightest = before }
        if after.y < darkest.y { darkest = after }
        if after.y > brightest.y { brightest = after }
      }
    }
    let contrast = darkest.distanceSquared(to: brightest)
    guard contrast > 35215 * minimumContrast * minimumContrast else { return false }
    guard let expectedMix = YIQ(expected[x, y]).mix(between: darkest, and: brightest),
      let actualMix = YIQ(actual[x, y]).mix(between: darkest, and: brightest),
      abs(expectedMix - actualMix) <= largestMixChange
    else { return false }
    return abs(inkShift(expected, actual, x: x, y: y)) <= largestInkShift * (brightest.y - darkest.y)
  }

  /// The mean brightness of the window around (`x`, `y`) in `expected` less that in `actual`
  /// (pixels outside the image left out).
  static func inkShift(_ expected: PixelView, _ actual: PixelView, x: Int, y: Int) -> Double {
    var sum = 0.0
    var count = 0
    for windowY in max(y - inkRadius, 0)...min(y + inkRadius, expected.height - 1) {
      for windowX in max(x - inkRadius, 0)...min(x + inkRadius, expected.width - 1) {
        let before = expected[windowX, windowY]
        let after = actual[windowX, windowY]
        count += 1
        if before != after { sum += ColorDelta.brightnessDelta(before, after) }
      }
    }
    return sum / Double(count)
  }
}

/// A colour in pixelmatch's YIQ space, blended over white when translucent.
struct YIQ {
  var y: Double
  var i: Double
  var q: Double

  init(_ word: UInt32) {
    let (r, g, b) = ColorDelta.channels(word, over: 255)
    y = ColorDelta.y(r, g, b)
    i = ColorDelta.i(r, g, b)
    q = ColorDelta.q(r, g, b)
  }

  /// pixelmatch's weighted squared distance (35215 between black and white).
  func distanceSquared(to other: YIQ) -> Double {
    let dy = y - other.y
    let di = i - other.i
    let dq = q - other.q
    return 0.5053 * dy * dy + 0.299 * di * di + 0.1957 * dq * dq
  }

  /// Where this colour lies on the line from `dark` (0) to `bright` (1), in the same weighted
  /// space, or nil when it lies further than `AntiAliasing.mixTolerance` from that line.
  func mix(between dark: YIQ, and bright: YIQ) -> Double? {
    let (vy, vi, vq) = (bright.y - dark.y, bright.i - dark.i, bright.q - dark.q)
    let length = 0.5053 * vy * vy + 0.299 * vi * vi + 0.1957 * vq * vq
    guard length > 0 else { return nil }
    let along =
      (0.5053 * (y - dark.y) * vy + 0.299 * (i - dark.i) * vi + 0.1957 * (q - dark.q) * vq) / length
    let t = min(max(along, 0), 1)
    var nearest = dark
    nearest.y += t * vy
    nearest.i += t * vi
    nearest.q += t * vq
    let tolerance = 35215 * AntiAliasing.mixTolerance * AntiAliasing.mixTolerance
    return distanceSquared(to: nearest) <= tolerance ? t : nil
  }
}
