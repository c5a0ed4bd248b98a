/// pixelmatch's anti-aliasing test (after Vysniauskas, "Anti-aliased Pixel and Intensity
/// Slope Detector", 2009).
///
/// A changed pixel is left uncounted only when it looks like anti-aliasing in both images
/// (pixelmatch accepts either): an edge re-rasterised a fraction of a pixel away passes, while
/// a solid shape painted over an anti-aliased edge still counts in full.
enum AntiAliasing {
  /// Whether the pixel at (`x`, `y`) of `image` looks like anti-aliasing: it has no more than
  /// two neighbours of its own colour, it has both a darker and a brighter neighbour, and the
  /// darkest or the brightest of them sits in a flat area (three or more equal neighbours) in
  /// both `image` and `other`.
  static func isAntiAliased(_ image: PixelView, x: Int, y: Int, other: PixelView) -> Bool {
    let x0 = max(x - 1, 0)
    let y0 = max(y - 1, 0)
    let x2 = min(x + 1, image.width - 1)
    let y2 = min(y + 1, image.height - 1)
    let center = image[x, y]
    var equal = (x == x0 || x == x2 || y == y0 || y == y2) ? 1 : 0
    var darkest = 0.0
    var brightest = 0.0
    var darkestAt = (x: 0, y: 0)
    var brightestAt = (x: 0, y: 0)
    for neighbourY in y0...y2 {
      for neighbourX in x0...x2 where neighbourX != x || neighbourY != y {
        let delta = ColorDelta.brightnessDelta(center, image[neighbourX, neighbourY])
        if delta == 0 {
          equal += 1
          if equal > 2 { return false }
        } else if delta < darkest {
          darkest = delta
          darkestAt = (neighbourX, neighbourY)
        } else if delta > brightest {
          brightest = delta
          brightestAt = (neighbourX, neighbourY)
        }
      }
    }
    if darkest == 0 || brightest == 0 { return false }
    return (isFlat(image, darkestAt.x, darkestAt.y) && isFlat(other, darkestAt.x, darkestAt.y))
      || (isFlat(image, brightestAt.x, brightestAt.y) && isFlat(other, brightestAt.x, brightestAt.y))
  }

  /// Whether the pixel at (`x`, `y`) has three or more neighbours of exactly its colour (the
  /// image's edge counts as one).
  static func isFlat(_ image: PixelView, _ x: Int, _ y: Int) -> Bool {
    let x0 = max(x - 1, 0)
    let y0 = max(y - 1, 0)
    let x2 = min(x + 1, image.width - 1)
    let y2 = min(y + 1, image.height - 1)
    let center = image[x, y]
    var equal = (x == x0 || x == x2 || y == y0 || y == y2) ? 1 : 0
    for neighbourY in y0...y2 {
      for neighbourX in x0...x2 where neighbourX != x || neighbourY != y {
        if image[neighbourX, neighbourY] == center {
          equal += 1
          if equal > 2 { return true }
        }
      }
    }
    return false
  }
}
