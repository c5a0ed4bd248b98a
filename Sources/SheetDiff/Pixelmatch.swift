import Dispatch
import Foundation
import SheetPixels

/// pixelmatch 7.2's comparison, exactly (`index.js` of mapbox/pixelmatch at v7.2.0): the same
/// counts on its own test fixtures and the same diff image, so a budget tuned with Playwright,
/// jest-image-snapshot or pixelmatch itself carries over (`compare --metric pixelmatch`).
///
/// Pixels equal as 32-bit words match. Others are blended over pixelmatch's checkerboard when
/// either is translucent, scored by the YIQ distance against `35215 × threshold²`, and a pixel
/// over it is not counted (it is drawn yellow) when it looks like anti-aliasing in either image:
/// a pixel with both darker and brighter neighbours, no more than two equal ones, whose darkest
/// or brightest neighbour has three or more equal neighbours in both images. The house metric
/// (``PixelComparator``) adds its own anti-aliasing rule and counts faint areas; see the README.
public enum Pixelmatch {
  /// The diff image's colours, as pixelmatch's defaults draw them (R, G, B).
  static let antiAliasedColor: (UInt8, UInt8, UInt8) = (255, 255, 0)
  static let changedColor: (UInt8, UInt8, UInt8) = (255, 0, 0)
  /// The opacity of the faded expected image under the diff.
  static let fade = 0.1

  /// Compares `actual` with `expected` as pixelmatch does with `threshold` and `includeAA`
  /// (``ComparisonOptions/countAntiAliasing``); pixels in `ignoreRegions` are not compared.
  /// The budgets are not applied here (see ``ImageComparison/isWithinBudget(_:)``).
  ///
  /// - Returns: The comparison (its count is pixelmatch's return value) and, with
  ///   `makeDiffImage`, pixelmatch's diff image (faded grey, red changes, yellow
  ///   anti-aliasing). Images of different sizes are compared padded (``PaddedComparison``).
  public static func compare(
    _ expected: StraightRGBAImage, _ actual: StraightRGBAImage,
    options: ComparisonOptions = ComparisonOptions(),
    makeDiffImage: Bool = false
  ) -> (comparison: ImageComparison, diff: RasterImage?) {
    if let padded = PaddedComparison.ifSizesDiffer(
      expected, actual, compare: { compare($0, $1, options: options, makeDiffImage: makeDiffImage) })
    {
      return padded
    }
    let (width, height) = (expected.width, expected.height)
    let bandCount = (height + PixelComparator.bandHeight - 1) / PixelComparator.bandHeight
    var bands = [BandResult](repeating: BandResult(), count: bandCount)
    var grid = DiffGrid(width: width, height: height)
    var diff = [UInt8](repeating: 0, count: makeDiffImage ? width * height * 4 : 0)
    let mask = IgnoreMask(options.ignoreRegions, width: width, height: height)
    let maximumDelta = 35215 * options.threshold * options.threshold
    expected.bytes.withUnsafeBufferPointer { first in
      actual.bytes.withUnsafeBufferPointer { second in
        diff.withUnsafeMutableBufferPointer { output in
          grid.withWriter { writer in
            bands.withUnsafeMutableBufferPointer { results in
              let pass = Pass(
                first: first, second: second, width: width, height: height, mask: mask, grid: writer,
                output: makeDiffImage ? output : nil, results: results.baseAddress!,
                maximumDelta: maximumDelta,
                includeAA: options.countAntiAliasing)
              DispatchQueue.concurrentPerform(iterations: bandCount) { band in
                pass.run(
                  band: band,
                  rows: band
                    * PixelComparator.bandHeight..<min((band + 1) * PixelComparator.bandHeight, height))
              }
            }
          }
        }
      }
    }
    let total = bands.reduce(into: BandResult()) { $0.add($1) }
    let comparison = total.comparison(width: width, height: height, grid: grid)
    guard makeDiffImage else { return (comparison, nil) }
    // pixelmatch's output is opaque R, G, B, A; a RasterImage is B, G, R, A.
    for index in stride(from: 0, to: diff.count, by: 4) { diff.swapAt(index, index + 2) }
    return (comparison, RasterImage(width: width, height: height, pixels: diff, hasAlpha: false))
  }

  /// One comparison's inputs, shared by the bands: each writes only its own rows of the diff
  /// image and its own grid cells.
  private struct Pass: @unchecked Sendable {
    let first: UnsafeBufferPointer<UInt8>
    let second: UnsafeBufferPointer<UInt8>
    let width: Int
    let height: Int
    let mask: IgnoreMask
    let grid: DiffGrid.Writer
    let output: UnsafeMutableBufferPointer<UInt8>?
    /// One slot per band.
    let results: UnsafeMutablePointer<BandResult>
    let maximumDelta: Double
    let includeAA: Bool

    func run(band: Int, rows: Range<Int>) {
      var result = BandResult()
      for y in rows {
        var x = 0
        for ignored in mask.ignoredColumns(row: y) {
          compare(row: y, columns: x..<ignored.lowerBound, into: &result)
          for column in ignored { drawFaded(y * width + column) }
          x = ignored.upperBound
        }
        compare(row: y, columns: x..<width, into: &result)
      }
      results[band] = result
    }

    private func compare(row y: Int, columns: Range<Int>, into result: inout BandResult) {
      result.comparedPixels += columns.count
      for x in columns {
        let index = y * width + x
        let position = index * 4
        let delta =
          word(first, index) == word(second, index) ? 0 : Pixelmatch.colorDelta(first, second, position)
        result.largestDelta = max(result.largestDelta, abs(delta))
        guard abs(delta) > maximumDelta else {
          drawFaded(index)
          continue
        }
        if !includeAA
          && (antialiased(first, x: x, y: y, own: first, other: second)
            || antialiased(second, x: x, y: y, own: second, other: first))
        {
          result.antiAliasedPixels += 1
          draw(index, Pixelmatch.antiAliasedColor)
        } else {
          result.diffPixels += 1
          grid.add(x: x, y: y)
          draw(index, Pixelmatch.changedColor)
        }
      }
    }

    /// The pixel at `index` as one 32-bit word, as pixelmatch compares them.
    @inline(__always) private func word(_ image: UnsafeBufferPointer<UInt8>, _ index: Int) -> UInt32 {
      UnsafeRawPointer(image.baseAddress! + index * 4).loadUnaligned(as: UInt32.self)
    }

    /// pixelmatch's `antialiased`: whether the pixel at (`x1`, `y1`) of `image` (whose words
    /// are `own`, the other image's `other`) looks like anti-aliasing.
    private func antialiased(
      _ image: UnsafeBufferPointer<UInt8>, x x1: Int, y y1: Int, own: UnsafeBufferPointer<UInt8>,
      other: UnsafeBufferPointer<UInt8>
    ) -> Bool {
      let (x0, y0) = (max(x1 - 1, 0), max(y1 - 1, 0))
      let (x2, y2) = (min(x1 + 1, width - 1), min(y1 + 1, height - 1))
      let center = (y1 * width + x1) * 4
      var zeroes = x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2 ? 1 : 0
      var (darkest, brightest) = (0.0, 0.0)
      var (minX, minY, maxX, maxY) = (0, 0, 0, 0)
      for x in x0...x2 {
        for y in y0...y2 where x != x1 || y != y1 {
          let delta = Pixelmatch.brightnessDelta(image, center, (y * width + x) * 4)
          if delta == 0 {
            zeroes += 1
            if zeroes > 2 { return false }
          } else if delta < darkest {
            darkest = delta
            (minX, minY) = (x, y)
          } else if delta > brightest {
            brightest = delta
            (maxX, maxY) = (x, y)
          }
        }
      }
      if darkest == 0 || brightest == 0 { return false }
      return (hasManySiblings(own, x: minX, y: minY) && hasManySiblings(other, x: minX, y: minY))
        || (hasManySiblings(own, x: maxX, y: maxY) && hasManySiblings(other, x: maxX, y: maxY))
    }

    /// pixelmatch's `hasManySiblings`: three or more neighbours equal to the pixel, the image's
    /// edge counting as one.
    private func hasManySiblings(_ image: UnsafeBufferPointer<UInt8>, x x1: Int, y y1: Int) -> Bool {
      let (x0, y0) = (max(x1 - 1, 0), max(y1 - 1, 0))
      let (x2, y2) = (min(x1 + 1, width - 1), min(y1 + 1, height - 1))
      let value = word(image, y1 * width + x1)
      var zeroes = x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2 ? 1 : 0
      for x in x0...x2 {
        for y in y0...y2 where x != x1 || y != y1 {
          if value == word(image, y * width + x) { zeroes += 1 }
          if zeroes > 2 { return true }
        }
      }
      return false
    }

    @inline(__always) private func draw(_ index: Int, _ color: (UInt8, UInt8, UInt8)) {
      guard let output else { return }
      let position = index * 4
      (output[position], output[position + 1], output[position + 2], output[position + 3]) =
        (color.0, color.1, color.2, 255)
    }

    /// pixelmatch's `drawGrayPixel`: the expected pixel's brightness, faded over white, stored
    /// as a typed array stores it (truncated).
    @inline(__always) private func drawFaded(_ index: Int) {
      guard output != nil else { return }
      let position = index * 4
      let brightness =
        Double(first[position]) * 0.29889531 + Double(first[position + 1]) * 0.58662247
        + Double(first[position + 2]) * 0.11448223
      let value = 255 + (brightness - 255) * Pixelmatch.fade * Double(first[position + 3]) / 255
      let grey = UInt8(value.rounded(.towardZero))
      draw(index, (grey, grey, grey))
    }
  }

  /// The background a translucent pixel at byte `position` is blended over: pixelmatch's
  /// checkerboard (its byte offset decides, so red's term is always 48).
  @inline(__always) static func background(_ position: Int) -> (Double, Double, Double) {
    let offset = Double(position)
    return (
      Double(48 + 159 * (position % 2)), Double(48 + 159 * (Int(offset / 1.618033988749895) % 2)),
      Double(48 + 159 * (Int(offset / 2.618033988749895) % 2))
    )
  }

  /// pixelmatch's `colorDelta` of the pixels at byte `position`: the squared YIQ distance,
  /// negative when the first is the brighter (the second darkened).
  static func colorDelta(
    _ first: UnsafeBufferPointer<UInt8>, _ second: UnsafeBufferPointer<UInt8>, _ position: Int
  )
    -> Double
  {
    let (r1, g1, b1, a1) = channels(first, position)
    let (r2, g2, b2, a2) = channels(second, position)
    var (dr, dg, db) = (r1 - r2, g1 - g2, b1 - b2)
    if a1 < 255 || a2 < 255 {
      let (rb, gb, bb) = background(position)
      let da = a1 - a2
      dr = (r1 * a1 - r2 * a2 - rb * da) / 255
      dg = (g1 * a1 - g2 * a2 - gb * da) / 255
      db = (b1 * a1 - b2 * a2 - bb * da) / 255
    }
    let y = dr * 0.29889531 + dg * 0.58662247 + db * 0.11448223
    let i = dr * 0.59597799 - dg * 0.27417610 - db * 0.32180189
    let q = dr * 0.21147017 - dg * 0.52261711 + db * 0.31114694
    let delta = 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q
    return y > 0 ? -delta : delta
  }

  /// pixelmatch's `brightnessDelta` between the pixel at `center` and its neighbour at
  /// `neighbour`, both of `image`, blended over the centre's background when translucent.
  static func brightnessDelta(_ image: UnsafeBufferPointer<UInt8>, _ center: Int, _ neighbour: Int) -> Double
  {
    let (r1, g1, b1, a1) = channels(image, center)
    let (r2, g2, b2, a2) = channels(image, neighbour)
    var (dr, dg, db) = (r1 - r2, g1 - g2, b1 - b2)
    let da = a1 - a2
    if dr == 0 && dg == 0 && db == 0 && da == 0 { return 0 }
    if a1 < 255 || a2 < 255 {
      let (rb, gb, bb) = background(center)
      dr = (r1 * a1 - r2 * a2 - rb * da) / 255
      dg = (g1 * a1 - g2 * a2 - gb * da) / 255
      db = (b1 * a1 - b2 * a2 - bb * da) / 255
    }
    return dr * 0.29889531 + dg * 0.58662247 + db * 0.11448223
  }

  @inline(__always) private static func channels(_ image: UnsafeBufferPointer<UInt8>, _ position: Int) -> (
    Double, Double, Double, Double
  ) {
    (
      Double(image[position]), Double(image[position + 1]), Double(image[position + 2]),
      Double(image[position + 3])
    )
  }
}
