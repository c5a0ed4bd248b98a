import Foundation
import SheetPixels

/// A rectangle of source pixels, in (possibly fractional) pixel coordinates.
public struct PixelRegion: Sendable, Hashable {
  /// Left edge, in source pixels from the image's left edge; may be fractional.
  public var x: Double
  /// Top edge, in source pixels down from the image's top edge; may be fractional.
  public var y: Double
  /// Width in source pixels; may be fractional.
  public var width: Double
  /// Height in source pixels; may be fractional.
  public var height: Double

  /// A region whose top-left corner is at (`x`, `y`), `width`×`height` source pixels; it should
  /// lie inside the image it selects from.
  public init(x: Double, y: Double, width: Double, height: Double) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }
}

extension RasterImage {
  /// The image resampled to exactly `width`×`height` pixels with a Lanczos-3 filter whose
  /// support widens with the reduction, so fine detail does not alias when shrinking and small
  /// enlargements stay sharp. `region` selects the source pixels (all of them by default),
  /// which is how an image is cropped to fill a box of another aspect ratio.
  public func resampled(width: Int, height: Int, from region: PixelRegion? = nil) -> RasterImage {
    let region = region ?? PixelRegion(x: 0, y: 0, width: Double(self.width), height: Double(self.height))
    if width == self.width && height == self.height && region.x == 0 && region.y == 0
      && region.width == Double(self.width) && region.height == Double(self.height)
    {
      return self
    }
    let horizontal = FilterBank(
      outputCount: width, sourceStart: region.x, sourceLength: region.width, sourceLimit: self.width)
    let vertical = FilterBank(
      outputCount: height, sourceStart: region.y, sourceLength: region.height, sourceLimit: self.height)
    // Rows first, then columns, a few rows at a time: each source row the vertical pass reads
    // is filtered horizontally once, into a ring of as many rows as one output row's taps span,
    // so memory is that window, not the whole (possibly huge) intermediate image.
    let window = max(1, vertical.widestTaps)
    let padded = horizontal.paddedTaps()
    var ring = [SIMD4<Float>](repeating: .zero, count: width * window)
    // Room for the padded taps of the last pixels, which read zeros past the image's edge.
    var sourceRow = [SIMD4<Float>](repeating: .zero, count: self.width + padded.count)
    var ringRows = [Int](repeating: 0, count: window)
    var filteredUpTo = vertical.sourceRange.lowerBound
    var out = [UInt8](repeating: 0, count: width * height * 4)
    let columns = horizontal.sourceRange
    // Each pixel's four channels are one SIMD4 of Float, and every output channel is the same
    // multiply and add per tap, in the same order, as a scalar sum (so the same bytes). A source
    // row is converted to Float once, however many taps read each pixel, and the vertical pass
    // adds one ring row at a time across the whole output row. The horizontal pass sums four
    // output pixels at once, each in its own register, so the additions of one pixel do not
    // wait on each other's latency; every pixel has the same number of taps there (its own,
    // then zero weights, which leave a sum of finite values unchanged).
    let taps = padded.count
    pixels.withUnsafeBufferPointer { source in
      ring.withUnsafeMutableBufferPointer { ring in
        sourceRow.withUnsafeMutableBufferPointer { sourceRow in
          ringRows.withUnsafeMutableBufferPointer { ringRows in
            out.withUnsafeMutableBufferPointer { target in
              padded.weights.withUnsafeBufferPointer { horizontalWeights in
                padded.starts.withUnsafeBufferPointer { horizontalStarts in
                  vertical.withTaps { verticalStarts, verticalOffsets, verticalWeights in
                    for y in 0..<height {
                      let verticalStart = verticalStarts[y]
                      let verticalFirst = verticalOffsets[y]
                      let verticalEnd = verticalOffsets[y + 1]
                      filteredUpTo = max(filteredUpTo, verticalStart)
                      while filteredUpTo < verticalStart + (verticalEnd - verticalFirst) {
                        let row = UnsafeRawPointer(source.baseAddress!) + filteredUpTo * self.width * 4
                        for x in columns {
                          sourceRow[x] = SIMD4<Float>(
                            row.loadUnaligned(fromByteOffset: x * 4, as: SIMD4<UInt8>.self))
                        }
                        let ringRow = (filteredUpTo % window) * width
                        var x = 0
                        while x + 4 <= width {
                          let c0 = horizontalStarts[x]
                          let c1 = horizontalStarts[x + 1]
                          let c2 = horizontalStarts[x + 2]
                          let c3 = horizontalStarts[x + 3]
                          let w0 = x * taps
                          var s0 = SIMD4<Float>.zero
                          var s1 = SIMD4<Float>.zero
                          var s2 = SIMD4<Float>.zero
                          var s3 = SIMD4<Float>.zero
                          for tap in 0..<taps {
                            s0 = s0 + sourceRow[c0 + tap] * horizontalWeights[w0 + tap]
                            s1 = s1 + sourceRow[c1 + tap] * horizontalWeights[w0 + taps + tap]
                            s2 = s2 + sourceRow[c2 + tap] * horizontalWeights[w0 + 2 * taps + tap]
                            s3 = s3 + sourceRow[c3 + tap] * horizontalWeights[w0 + 3 * taps + tap]
                          }
                          ring[ringRow + x] = s0
                          ring[ringRow + x + 1] = s1
                          ring[ringRow + x + 2] = s2
                          ring[ringRow + x + 3] = s3
                          x += 4
                        }
                        while x < width {
                          let column = horizontalStarts[x]
                          var sum = SIMD4<Float>.zero
                          for tap in 0..<taps {
                            sum = sum + sourceRow[column + tap] * horizontalWeights[x * taps + tap]
                          }
                          ring[ringRow + x] = sum
                          x += 1
                        }
                        filteredUpTo += 1
                      }
                      // Four output pixels at a time, each sum in a register, over the taps in
                      // order: the same additions per pixel as one pixel at a time.
                      let tapCount = verticalEnd - verticalFirst
                      for tap in 0..<tapCount { ringRows[tap] = ((verticalStart + tap) % window) * width }
                      var x = 0
                      var t = y * width * 4
                      while x + 4 <= width {
                        var s0 = SIMD4<Float>.zero
                        var s1 = SIMD4<Float>.zero
                        var s2 = SIMD4<Float>.zero
                        var s3 = SIMD4<Float>.zero
                        for tap in 0..<tapCount {
                          let weight = verticalWeights[verticalFirst + tap]
                          let at = ringRows[tap] + x
                          s0 = s0 + ring[at] * weight
                          s1 = s1 + ring[at + 1] * weight
                          s2 = s2 + ring[at + 2] * weight
                          s3 = s3 + ring[at + 3] * weight
                        }
                        Self.store(s0, to: target, at: t)
                        Self.store(s1, to: target, at: t + 4)
                        Self.store(s2, to: target, at: t + 8)
                        Self.store(s3, to: target, at: t + 12)
                        x += 4
                        t += 16
                      }
                      while x < width {
                        var sum = SIMD4<Float>.zero
                        for tap in 0..<tapCount {
                          sum = sum + ring[ringRows[tap] + x] * verticalWeights[verticalFirst + tap]
                        }
                        Self.store(sum, to: target, at: t)
                        x += 1
                        t += 4
                      }
                    }
                  }
                }
              }
            }
          }
        }
      }
    }
    return RasterImage(width: width, height: height, pixels: out, hasAlpha: hasAlpha)
  }

  /// Stores a filtered pixel's four channels as bytes at `offset`: each rounded half away from
  /// zero (as `Float.rounded()`), clamped to 0…255, and colour never above alpha (premultiplied).
  @inline(__always)
  private static func store(_ sum: SIMD4<Float>, to target: UnsafeMutableBufferPointer<UInt8>, at offset: Int)
  {
    // Adding and taking away 2^23 rounds a sum from 0 to 2^23 to the nearest integer, ties to
    // even, and a tie rounded down is then moved up. A negative sum rounds to a half or a
    // whole at most 0 (floats between 2^22 and 2^23 are halves apart) and is clamped to 0.
    let magic = SIMD4<Float>(repeating: 8_388_608)
    var rounded = (sum + magic) - magic
    rounded.replace(with: rounded + 1, where: sum - rounded .== SIMD4(repeating: 0.5))
    // Clamped to 0…255, then colour to alpha (the alpha lane stays as it is).
    rounded.replace(with: SIMD4<Float>.zero, where: rounded .< SIMD4<Float>.zero)
    rounded.replace(with: SIMD4(repeating: 255), where: rounded .> SIMD4(repeating: 255))
    let alpha = SIMD4(repeating: rounded[3])
    rounded.replace(with: alpha, where: rounded .> alpha)
    // An integer from 0 to 255 plus 2^23 holds itself in its low mantissa bits.
    let bits = unsafeBitCast(rounded + magic, to: SIMD4<UInt32>.self)
    UnsafeMutableRawPointer(target.baseAddress!).storeBytes(
      of: SIMD4<UInt8>(truncatingIfNeeded: bits), toByteOffset: offset, as: SIMD4<UInt8>.self)
  }
}

/// Precomputed Lanczos-3 weights for each output pixel along one axis.
struct FilterBank {
  private var starts: [Int] = []
  private var weightOffsets: [Int] = []
  private var weights: [Float] = []
  private(set) var sourceRange: Range<Int> = 0..<0

  static let lobes = 3.0

  init(outputCount: Int, sourceStart: Double, sourceLength: Double, sourceLimit: Int) {
    let scale = sourceLength / Double(outputCount)
    // When shrinking, stretch the kernel so it averages over every source pixel it covers.
    let filterScale = max(scale, 1)
    let support = Self.lobes * filterScale
    var low = sourceLimit
    var high = 0
    for index in 0..<outputCount {
      let center = sourceStart + (Double(index) + 0.5) * scale
      let first = max(0, Int((center - support).rounded(.down)))
      let last = min(sourceLimit - 1, Int((center + support).rounded(.up)))
      var row: [Double] = []
      for source in first...max(first, last) {
        let distance = (Double(source) + 0.5 - center) / filterScale
        row.append(Self.lanczos(distance))
      }
      let total = row.reduce(0, +)
      starts.append(first)
      weightOffsets.append(weights.count)
      if total.magnitude < 1e-12 {
        weights.append(contentsOf: row.indices.map { $0 == 0 ? 1 : 0 })
      } else {
        weights.append(contentsOf: row.map { Float($0 / total) })
      }
      low = min(low, first)
      high = max(high, first + row.count)
    }
    weightOffsets.append(weights.count)
    sourceRange = low..<max(low, high)
  }

  /// The most taps any output pixel has: how many source rows one output row reads.
  var widestTaps: Int {
    zip(weightOffsets, weightOffsets.dropFirst()).map { $1 - $0 }.max() ?? 1
  }

  /// Every output pixel's taps padded with zero weights to ``widestTaps`` (`count`), each weight
  /// as a SIMD4 (the same for all four channels): pixel i's first source index is `starts[i]`
  /// and its weights are `weights[i * count ..< (i + 1) * count]`. A zero weight times a finite
  /// sample adds nothing to a sum, so the padded sums are the sums.
  func paddedTaps() -> (count: Int, starts: [Int], weights: [SIMD4<Float>]) {
    let count = max(1, widestTaps)
    var padded = [SIMD4<Float>](repeating: .zero, count: starts.count * count)
    for index in starts.indices {
      for tap in weightOffsets[index]..<weightOffsets[index + 1] {
        padded[index * count + tap - weightOffsets[index]] = SIMD4(repeating: weights[tap])
      }
    }
    return (count, starts, padded)
  }

  /// Calls `body` with each output pixel's first source index, the offsets of each pixel's
  /// weights (one more than pixels: pixel i's are `offsets[i]..<offsets[i + 1]`) and the weights.
  func withTaps<Result>(
    _ body: (UnsafeBufferPointer<Int>, UnsafeBufferPointer<Int>, UnsafeBufferPointer<Float>) -> Result
  ) -> Result {
    starts.withUnsafeBufferPointer { starts in
      weightOffsets.withUnsafeBufferPointer { offsets in
        weights.withUnsafeBufferPointer { weights in body(starts, offsets, weights) }
      }
    }
  }

  /// The first source index and the weights for output pixel `index`.
  func taps(_ index: Int) -> (start: Int, weights: ArraySlice<Float>) {
    (starts[index], weights[weightOffsets[index]..<weightOffsets[index + 1]])
  }

  static func lanczos(_ x: Double) -> Double {
    if x == 0 { return 1 }
    guard abs(x) < lobes else { return 0 }
    let px = Double.pi * x
    return lobes * sin(px) * sin(px / lobes) / (px * px)
  }
}
