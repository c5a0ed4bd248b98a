import SheetSupport
import Testing

@testable import SheetImages

/// Bringing a decoded photo to its card: exact 2×2 averages, then Lanczos.
@Suite("Reducing an image to a card")
struct ReduceTests {
  /// A grey opaque image whose pixel (x, y) is `values[y][x]` in B, G and R.
  private func grey(_ values: [[UInt8]]) -> RasterImage {
    let pixels: [UInt8] = values.flatMap { row -> [UInt8] in
      row.flatMap { value -> [UInt8] in [value, value, value, 255] }
    }
    return RasterImage(width: values[0].count, height: values.count, pixels: pixels, hasAlpha: false)
  }

  /// Premultiplied noise: every colour at most its alpha.
  private func noise(width: Int, height: Int, seed: UInt64) -> RasterImage {
    var random = SeededRandom(seed: seed)
    var pixels: [UInt8] = []
    for _ in 0..<(width * height) {
      let alpha = UInt8(random.next() % 256)
      for _ in 0..<3 { pixels.append(UInt8(random.next() % (UInt64(alpha) + 1))) }
      pixels.append(alpha)
    }
    return RasterImage(width: width, height: height, pixels: pixels, hasAlpha: true)
  }

  @Test(
    "halving averages each 2×2 block, rounding halves up, and repeats the last column and row of odd sides")
  func halving() {
    let image = grey([[2, 10, 21], [40, 50, 61], [80, 90, 101]])
    let half = image.halved()
    #expect(half.width == 2 && half.height == 2)
    // (2 + 10 + 40 + 50) / 4 = 25.5 → 26; (21 + 21 + 61 + 61) / 4 = 41; (80 + 90) / 2 = 85.
    #expect(half.pixels == grey([[26, 41], [85, 101]]).pixels)
    #expect(grey([[7]]).halved().pixels == grey([[7]]).pixels)
  }

  @Test("a halved premultiplied image keeps every colour at most its alpha")
  func halvingKeepsPremultiplication() {
    let half = noise(width: 31, height: 17, seed: 3).halved()
    #expect(half.width == 16 && half.height == 9 && half.hasAlpha)
    for index in stride(from: 0, to: half.pixels.count, by: 4) {
      #expect(half.pixels[index..<index + 3].allSatisfy { $0 <= half.pixels[index + 3] })
    }
  }

  @Test("Lanczos alone while the region is under four times the target; halved first, crop and all, beyond")
  func reduction() {
    let image = noise(width: 100, height: 80, seed: 9)
    #expect(image.reduced(width: 30, height: 24) == image.resampled(width: 30, height: 24))
    #expect(image.reduced(width: 20, height: 16) == image.halved().resampled(width: 20, height: 16))
    #expect(image.reduced(width: 10, height: 8) == image.halved().halved().resampled(width: 10, height: 8))
    // Both sides must allow it: a region four times as wide but only three times as high is not halved.
    #expect(image.reduced(width: 25, height: 27) == image.resampled(width: 25, height: 27))
    let crop = PixelRegion(x: 10, y: 6, width: 80, height: 60)
    #expect(
      image.reduced(width: 18, height: 12, from: crop)
        == image.halved().resampled(
          width: 18, height: 12, from: PixelRegion(x: 5, y: 3, width: 40, height: 30)))
    #expect(image.reduced(width: 0, height: 0).width == 0, "an empty target ends")
  }

  @Test("a filtered channel exactly halfway between two bytes rounds away from zero, as Float.rounded() does")
  func tiesRoundAway() {
    // Two pixels to one: both taps weigh exactly 1/2, so the sums are 2.5, 4.5 and 6.5.
    let pixels: [UInt8] = [2, 4, 6, 255, 3, 5, 7, 255]
    let image = RasterImage(width: 2, height: 1, pixels: pixels, hasAlpha: false)
    #expect(image.resampled(width: 1, height: 1).pixels == [3, 5, 7, 255])
  }
}
