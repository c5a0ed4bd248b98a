/// pixelmatch's anti-aliasing test (after Vysniauskas, "Anti-aliased Pixel and Intensity
/// Slope Detector", 2009).
///
/// As in pixelmatch, a changed pixel is left uncounted when it looks like anti-aliasing in
/// either image, its extreme neighbour lying in a flat area in both. Requiring it to look
/// anti-aliased in both images was tried: shapes re-rasterised a third of a pixel away then
/// kept 125 of 270 changed pixels counted, against 13 (see `SubpixelTextTests`); the price of
/// "either" is that a solid shape painted over an anti-aliased edge loses a few edge pixels.
enum AntiAliasing {
  /// Whether the pixel at (`x`, `y`) of `image` looks like anti-aliasing: it has no more than
  /// two neighbours of its own colour, it has both a darker and a brighter neighbour, and the
  /// darkest or the brightest of them sits, unchanged, in a flat area (three or more equal
  /// neighbours) in both `image` and `other`; and the pixel in `other` is no brighter than the
  /// brightest neighbour nor darker than the darkest (a re-rasterised edge re-mixes the
  /// colours around it; a painted shape brings new ones).
  static func isAntiAliased(_ image: PixelView, x: Int, y: Int, other: PixelView) -> Bool {
    let x0 = max(x - 1, 0)
    let y0 = max(y - 1, 0)
    let x2 = min(x + 1, image.width - 1)
    let y2 = min(y + 1, image.height - 1)
    let center = image[x, y]
    var equal = (x == x0 || x == x2 || y == y0 || y == y2) ? 1 : 0
    // Brightness of the centre less that of each neighbour: the most negative belongs to the
    // brightest neighbour, the most positive to the darkest.
    var towardBrightest = 0.0
    var towardDarkest = 0.0
    var brightestAt = (x: 0, y: 0)
    var darkestAt = (x: 0, y: 0)
    for neighbourY in y0...y2 {
      for neighbourX in x0...x2 where neighbourX != x || neighbourY != y {
        let delta = ColorDelta.brightnessDelta(center, image[neighbourX, neighbourY])
        if delta == 0 {
          equal += 1
          if equal > 2 { return false }
        } else if delta < towardBrightest {
          towardBrightest = delta
          brightestAt = (neighbourX, neighbourY)
        } else if delta > towardDarkest {
          towardDarkest = delta
          darkestAt = (neighbourX, neighbourY)
        }
      }
    }
    if towardBrightest == 0 || towardDarkest == 0 { return false }
    // Re-rasterising an edge only re-mixes the colours around it: the other image's pixel must
    // lie within the brightness range of this pixel's neighbours (plus one level).
    let change = ColorDelta.brightnessDelta(center, other[x, y])
    guard change >= towardBrightest - 1 && change <= towardDarkest + 1 else { return false }
    return isSameFlatArea(image, other, darkestAt.x, darkestAt.y)
      || isSameFlatArea(image, other, brightestAt.x, brightestAt.y)
  }

  /// Whether the pixel at (`x`, `y`) is the same in both images and lies in a flat area in
  /// each. pixelmatch asks only for flatness, so a solid shape painted over a nearly flat
  /// background looked like anti-aliasing at its edges (5 of the 9 pixels of a 3×3 block on a
  /// night sky went uncounted); the colour must not have changed either.
  static func isSameFlatArea(_ image: PixelView, _ other: PixelView, _ x: Int, _ y: Int) -> Bool {
    image[x, y] == other[x, y] && isFlat(image, x, y) && isFlat(other, x, y)
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
