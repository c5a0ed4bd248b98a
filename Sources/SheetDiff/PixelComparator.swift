import Dispatch
import Foundation
import SheetPixels

/// Compares two images with pixelmatch's metric (see `ColorDelta`) and draws the difference;
/// anti-aliasing is forgiven only where the structure did not move (see `AntiAliasing`).
///
/// Pixels equal as 32-bit words are skipped (whole rows at once with `memcmp`), so identical
/// images cost little more than reading them. Rows are compared in parallel bands.
///
/// ```swift
/// let (result, diff) = PixelComparator.compare(golden, rendered, makeDiffImage: true)
/// if !result.isWithinBudget(ComparisonOptions()) { print(result.summary) }
/// ```
public enum PixelComparator {
  /// Rows per parallel band; a multiple of the diff grid's cell size, so no two bands write
  /// the same cell.
  static let bandHeight = 64

  /// Compares `actual` with `expected`. With `makeDiffImage`, also returns the diff image: a
  /// faded grey copy of the expected image, changed pixels red (blue where the actual pixel is
  /// darker), anti-aliasing yellow. Images of different sizes are compared padded
  /// (``PaddedComparison``) and never within budget.
  ///
  /// With `precise`, the same images at 16 bits a sample (two 16-bit PNGs): a pixel whose 8-bit
  /// values are equal is judged again from its 16-bit samples, so a change below an 8-bit step
  /// (a low byte) counts when it is over the threshold (at threshold 0, any change).
  public static func compare(
    _ expected: RasterImage, _ actual: RasterImage, options: ComparisonOptions = ComparisonOptions(),
    makeDiffImage: Bool = false, precise: (expected: RGBA16Image, actual: RGBA16Image)? = nil
  ) -> (comparison: ImageComparison, diff: RasterImage?) {
    if let padded = PaddedComparison.ifSizesDiffer(
      expected, actual, compare: { compare($0, $1, options: options, makeDiffImage: makeDiffImage) })
    {
      return padded
    }
    let width = expected.width
    let height = expected.height
    let bandCount = (height + bandHeight - 1) / bandHeight
    var bands = [BandResult](repeating: BandResult(), count: bandCount)
    var grid = DiffGrid(width: width, height: height)
    var faintGrid = DiffGrid(width: width, height: height)
    var diffPixels = [UInt8](repeating: 0, count: makeDiffImage ? width * height * 4 : 0)
    let mask = IgnoreMask(options.ignoreRegions, width: width, height: height)
    var faintCounted = 0
    let precise = precise.flatMap { pair in
      [pair.expected, pair.actual].allSatisfy { ($0.width, $0.height) == (width, height) } ? pair : nil
    }
    let noSamples = RGBA16Image(width: 0, height: 0, samples: [])
    (precise?.expected ?? noSamples).samples.withUnsafeBufferPointer { preciseExpected in
      (precise?.actual ?? noSamples).samples.withUnsafeBufferPointer { preciseActual in
        expected.withPixelView { expectedView in
          actual.withPixelView { actualView in
            diffPixels.withUnsafeMutableBytes { diffBytes in
              grid.withWriter { writer in
                faintGrid.withWriter { faintWriter in
                  bands.withUnsafeMutableBufferPointer { slots in
                    let comparer = BandComparer(
                      expected: expectedView, actual: actualView, mask: mask, grid: writer,
                      faintGrid: faintWriter,
                      diff: makeDiffImage ? diffBytes.baseAddress : nil, results: slots.baseAddress!,
                      maximumDelta: options.maximumDelta, faintDelta: options.faintDelta,
                      countAntiAliasing: options.countAntiAliasing,
                      precise: precise == nil
                        ? nil : (preciseExpected.baseAddress!, preciseActual.baseAddress!))
                    DispatchQueue.concurrentPerform(iterations: bandCount) { index in
                      comparer.run(
                        band: index, rows: (index * bandHeight)..<min((index + 1) * bandHeight, height))
                    }
                  }
                }
              }
              // Faint changes that fill part of a cell form an area: they count, and show red.
              let cells = grid.absorb(faintGrid, minimum: ComparisonOptions.faintAreaPixels)
              for cell in cells {
                faintCounted += faintGrid.count(cell: cell)
                guard makeDiffImage, let base = diffBytes.baseAddress else { continue }
                for (x, y) in faintGrid.pixels(cell: cell) {
                  let delta = ColorDelta.delta(expectedView[x, y], actualView[x, y])
                  guard abs(delta) > options.faintDelta, abs(delta) <= options.maximumDelta else { continue }
                  base.storeBytes(
                    of: delta < 0 ? BandComparer.blue : BandComparer.red, toByteOffset: (y * width + x) * 4,
                    as: UInt32.self)
                }
              }
            }
          }
        }
      }
    }
    var total = bands.reduce(into: BandResult()) { $0.add($1) }
    total.diffPixels += faintCounted
    let comparison = total.comparison(width: width, height: height, grid: grid)
    let diff =
      makeDiffImage
      ? RasterImage(width: width, height: height, pixels: diffPixels, hasAlpha: false) : nil
    return (comparison, diff)
  }
}

/// Counts from one band of rows.
struct BandResult {
  var diffPixels = 0
  var antiAliasedPixels = 0
  var comparedPixels = 0
  var largestDelta = 0.0

  mutating func add(_ other: BandResult) {
    diffPixels += other.diffPixels
    antiAliasedPixels += other.antiAliasedPixels
    comparedPixels += other.comparedPixels
    largestDelta = max(largestDelta, other.largestDelta)
  }

  /// The comparison of two `width`×`height` images these counts sum up, with the changed
  /// regions `grid` found.
  func comparison(width: Int, height: Int, grid: DiffGrid) -> ImageComparison {
    let (regions, regionCount) = grid.regions(limit: ImageComparison.regionLimit)
    let size = PixelSize(width: width, height: height)
    return ImageComparison(
      expectedSize: size, actualSize: size, diffPixels: diffPixels, antiAliasedPixels: antiAliasedPixels,
      comparedPixels: comparedPixels,
      diffRatio: comparedPixels > 0 ? Double(diffPixels) / Double(comparedPixels) : 0,
      largestDelta: (largestDelta / 35215).squareRoot(), regions: regions, regionCount: regionCount)
  }
}

/// The per-row work of `PixelComparator`, shared by the bands: each band reads the images and
/// writes only its own rows of the diff image, its own grid cells and its own result slot.
private struct BandComparer: @unchecked Sendable {
  let expected: PixelView
  let actual: PixelView
  let mask: IgnoreMask
  let grid: DiffGrid.Writer
  /// Where pixels changed by less than the threshold but more than `faintDelta` are noted.
  let faintGrid: DiffGrid.Writer
  let diff: UnsafeMutableRawPointer?
  let results: UnsafeMutablePointer<BandResult>
  let maximumDelta: Double
  let faintDelta: Double
  let countAntiAliasing: Bool
  /// Both images' 16-bit samples (R, G, B, A), when they were read at 16 bits.
  let precise: (expected: UnsafePointer<UInt16>, actual: UnsafePointer<UInt16>)?

  static let red: UInt32 = 0xFFFF_0000
  static let blue: UInt32 = 0xFF00_00FF
  static let yellow: UInt32 = 0xFFFF_FF00

  func run(band: Int, rows: Range<Int>) {
    var result = BandResult()
    for y in rows {
      var x = 0
      for ignored in mask.ignoredColumns(row: y) {
        compare(row: y, columns: x..<ignored.lowerBound, into: &result)
        fade(row: y, columns: ignored)
        x = ignored.upperBound
      }
      compare(row: y, columns: x..<expected.width, into: &result)
    }
    results[band] = result
  }

  private func compare(row y: Int, columns: Range<Int>, into result: inout BandResult) {
    guard !columns.isEmpty else { return }
    result.comparedPixels += columns.count
    let offset = (y * expected.width + columns.lowerBound) * 4
    if memcmp(expected.base + offset, actual.base + offset, columns.count * 4) == 0
      && (precise.map { memcmp($0.expected + offset, $0.actual + offset, columns.count * 8) == 0 } ?? true)
    {
      fade(row: y, columns: columns)
      return
    }
    for x in columns {
      let expectedPixel = expected[x, y]
      let actualPixel = actual[x, y]
      if expectedPixel == actualPixel {
        if let precise {
          // Equal at 8 bits: judged from the 16-bit samples (no neighbour moved at 8 bits, so
          // it is never anti-aliasing).
          let sample = (y &* expected.width &+ x) &* 4
          let delta = ColorDelta.delta(precise: precise.expected + sample, precise.actual + sample)
          result.largestDelta = max(result.largestDelta, abs(delta))
          if abs(delta) > maximumDelta {
            result.diffPixels += 1
            grid.add(x: x, y: y)
            put(delta < 0 ? Self.blue : Self.red, x: x, y: y)
            continue
          }
        }
        put(Self.faded(expectedPixel), x: x, y: y)
        continue
      }
      let delta = ColorDelta.delta(expectedPixel, actualPixel)
      let magnitude = abs(delta)
      result.largestDelta = max(result.largestDelta, magnitude)
      guard magnitude > maximumDelta else {
        // A faint change counts only where it fills an area (decided after the pass) and is
        // not a re-rasterised edge.
        if magnitude > faintDelta && !isAntiAliasing(x: x, y: y) { faintGrid.add(x: x, y: y) }
        put(Self.faded(expectedPixel), x: x, y: y)
        continue
      }
      if !countAntiAliasing && isAntiAliasing(x: x, y: y) {
        result.antiAliasedPixels += 1
        put(Self.yellow, x: x, y: y)
      } else {
        result.diffPixels += 1
        grid.add(x: x, y: y)
        put(delta < 0 ? Self.blue : Self.red, x: x, y: y)
      }
    }
  }

  /// Whether the change is anti-aliasing that did not move the structure.
  private func isAntiAliasing(x: Int, y: Int) -> Bool {
    AntiAliasing.isAntiAliased(expected, actual, x: x, y: y)
  }

  /// Writes the faded expected pixels of a row span into the diff image.
  private func fade(row y: Int, columns: Range<Int>) {
    guard diff != nil else { return }
    for x in columns { put(Self.faded(expected[x, y]), x: x, y: y) }
  }

  @inline(__always) private func put(_ pixel: UInt32, x: Int, y: Int) {
    diff?.storeBytes(of: pixel, toByteOffset: (y &* expected.width &+ x) &<< 2, as: UInt32.self)
  }

  /// pixelmatch's faded grey: the pixel's brightness blended 10% over white.
  @inline(__always) static func faded(_ pixel: UInt32) -> UInt32 {
    let alpha = Int(pixel >> 24)
    let red = Int((pixel >> 16) & 0xFF)
    let green = Int((pixel >> 8) & 0xFF)
    let blue = Int(pixel & 0xFF)
    let brightness = (red &* 19588 &+ green &* 38445 &+ blue &* 7503 &+ 32768) >> 16
    let grey = UInt32(255 - (alpha - brightness + 5) / 10)
    return 0xFF00_0000 | grey &* 0x01_0101
  }
}
