import Foundation

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
    var ring = [Float](repeating: 0, count: width * window * 4)
    var filteredUpTo = vertical.sourceRange.lowerBound
    var out = [UInt8](repeating: 0, count: width * height * 4)
    pixels.withUnsafeBufferPointer { source in
      ring.withUnsafeMutableBufferPointer { ring in
        out.withUnsafeMutableBufferPointer { target in
          for y in 0..<height {
            let taps = vertical.taps(y)
            filteredUpTo = max(filteredUpTo, taps.start)
            while filteredUpTo < taps.start + taps.weights.count {
              let sourceRow = filteredUpTo * self.width * 4
              let ringRow = (filteredUpTo % window) * width * 4
              for x in 0..<width {
                let horizontalTaps = horizontal.taps(x)
                var b: Float = 0
                var g: Float = 0
                var r: Float = 0
                var a: Float = 0
                for (offset, weight) in zip(horizontalTaps.start..., horizontalTaps.weights) {
                  let p = sourceRow + offset * 4
                  b += Float(source[p]) * weight
                  g += Float(source[p + 1]) * weight
                  r += Float(source[p + 2]) * weight
                  a += Float(source[p + 3]) * weight
                }
                let t = ringRow + x * 4
                ring[t] = b
                ring[t + 1] = g
                ring[t + 2] = r
                ring[t + 3] = a
              }
              filteredUpTo += 1
            }
            for x in 0..<width {
              var b: Float = 0
              var g: Float = 0
              var r: Float = 0
              var a: Float = 0
              for (offset, weight) in zip(taps.start..., taps.weights) {
                let p = ((offset % window) * width + x) * 4
                b += ring[p] * weight
                g += ring[p + 1] * weight
                r += ring[p + 2] * weight
                a += ring[p + 3] * weight
              }
              let alpha = min(max(a.rounded(), 0), 255)
              let t = (y * width + x) * 4
              // Premultiplied colour never exceeds its alpha.
              target[t] = UInt8(min(max(b.rounded(), 0), alpha))
              target[t + 1] = UInt8(min(max(g.rounded(), 0), alpha))
              target[t + 2] = UInt8(min(max(r.rounded(), 0), alpha))
              target[t + 3] = UInt8(alpha)
            }
          }
        }
      }
    }
    return RasterImage(width: width, height: height, pixels: out, hasAlpha: hasAlpha)
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
