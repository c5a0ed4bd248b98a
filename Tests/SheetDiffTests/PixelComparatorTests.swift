import Foundation
import SheetDiff
import SheetImages
import TestSupport
import Testing

@Suite("pixelmatch metric on hand-made images")
struct PixelComparatorTests {
  @Test("identical images have no difference")
  func identical() {
    let image = TestImages.edge(at: 4.5)
    let (result, _) = PixelComparator.compare(image, image)
    #expect(result.diffPixels == 0)
    #expect(result.antiAliasedPixels == 0)
    #expect(result.comparedPixels == 60)
    #expect(result.largestDelta == 0)
    #expect(result.regions.isEmpty)
  }

  @Test("a one-pixel change is counted, with its region and delta")
  func onePixel() {
    let expected = TestImages.grey(100)
    var actual = expected
    actual.set(x: 5, y: 2, grey: 160)
    let (result, _) = PixelComparator.compare(expected, actual)
    #expect(result.diffPixels == 1)
    #expect(result.diffRatio == 1.0 / 64)
    #expect(result.regions == [PixelRect(x: 5, y: 2, width: 1, height: 1)])
    #expect(result.regionCount == 1)
    // A grey step of 60 levels: √(0.5053·60² / 35215) ≈ 0.2273.
    #expect(abs(result.largestDelta - 0.2273) < 0.001)
    #expect(!result.isWithinBudget(ComparisonOptions()))
  }

  @Test("a change under the threshold is not counted; a stricter threshold counts it")
  func threshold() {
    let expected = TestImages.grey(100)
    var actual = expected
    actual.set(x: 1, y: 1, grey: 110)  // delta ≈ 0.038
    #expect(PixelComparator.compare(expected, actual).comparison.diffPixels == 0)
    #expect(
      PixelComparator.compare(expected, actual, options: ComparisonOptions(threshold: 0.03)).comparison
        .diffPixels == 1)
    #expect(
      PixelComparator.compare(expected, actual, options: ComparisonOptions(threshold: 0)).comparison
        .diffPixels == 1)
  }

  @Test("an anti-aliased edge shifted by a quarter pixel is anti-aliasing, not a change")
  func antiAliasedEdge() {
    let expected = TestImages.edge(at: 4.5)
    let actual = TestImages.edge(at: 4.75)
    #expect(expected != actual)
    let (result, diff) = PixelComparator.compare(expected, actual, makeDiffImage: true)
    #expect(result.diffPixels == 0)
    #expect(result.antiAliasedPixels == 6)  // the edge's column, every row
    #expect(result.isWithinBudget(ComparisonOptions()))
    #expect(diff?.pixel(x: 4, y: 3) == [0, 255, 255, 255])  // yellow

    let counted = PixelComparator.compare(
      expected, actual, options: ComparisonOptions(countAntiAliasing: true))
    #expect(counted.comparison.diffPixels == 6)
  }

  @Test("an edge that moves by two pixels is a change, its grey edge pixels too (the ink moved)")
  func movedEdge() {
    let (result, _) = PixelComparator.compare(TestImages.edge(at: 4.5), TestImages.edge(at: 6.5))
    // Column 5 turns from white to black; columns 4 and 6 are the edge's grey in one image,
    // re-mixed by half, but the 5×5 mean brightness around them moved by 40% of the contrast.
    #expect(result.diffPixels == 18)
    #expect(result.antiAliasedPixels == 0)
    #expect(result.regions == [PixelRect(x: 4, y: 0, width: 3, height: 6)])
  }

  @Test("an edge re-rasterised less than a pixel away is anti-aliasing; a whole pixel or a new colour counts")
  func remixedEdge() {
    // An edge 0.75 pixel away: two columns re-mixed by 0.5 and 0.25, the 5×5 mean moved by 15%.
    let (close, _) = PixelComparator.compare(TestImages.edge(at: 4.5), TestImages.edge(at: 5.25))
    #expect(close.diffPixels == 0)
    #expect(close.antiAliasedPixels > 0)
    // A sharp edge one pixel away: a column turns from white to black.
    let (moved, _) = PixelComparator.compare(TestImages.edge(at: 4), TestImages.edge(at: 5))
    #expect(moved.diffPixels == 6)
    // The edge's grey turned red: a colour that is no mix of black and white.
    var tinted = TestImages.edge(at: 4.5)
    for y in 0..<6 { tinted.set(x: 4, y: y, bgra: (60, 60, 200, 255)) }
    let (recoloured, _) = PixelComparator.compare(TestImages.edge(at: 4.5), tinted)
    #expect(recoloured.diffPixels == 6)
    #expect(recoloured.antiAliasedPixels == 0)
  }

  @Test("translucent pixels are blended over a checkerboard: a change of alpha alone counts")
  func translucency() {
    let transparent = RasterImage(width: 4, height: 4, fill: (b: 0, g: 0, r: 0, a: 0))
    // Opaque white: over white alone it would equal transparency.
    let white = RasterImage(width: 4, height: 4, fill: (b: 255, g: 255, r: 255, a: 255))
    #expect(PixelComparator.compare(transparent, white).comparison.diffPixels == 16)
    // Transparent black (0,0,0,0) is drawn as black over the dark square: opaque black differs
    // over the light one.
    let black = RasterImage(width: 4, height: 4, fill: (b: 0, g: 0, r: 0, a: 255))
    #expect(PixelComparator.compare(transparent, black).comparison.diffPixels == 16)
    // Half-transparent red against nearly the same alpha: invisible on either square.
    let red128 = RasterImage(width: 4, height: 4, fill: (b: 0, g: 0, r: 128, a: 128))
    let red130 = RasterImage(width: 4, height: 4, fill: (b: 0, g: 0, r: 130, a: 130))
    #expect(PixelComparator.compare(red128, red130).comparison.diffPixels == 0)
    // Transparent pixels whose hidden colour differs are equal: premultiplied, both are zero.
    #expect(PixelComparator.compare(transparent, transparent).comparison.diffPixels == 0)
  }

  @Test("ignored regions are masked and not compared; regions outside the image are clipped")
  func ignoreRegions() {
    let expected = TestImages.grey(100)
    var actual = expected
    actual.set(x: 6, y: 6, grey: 250)
    actual.set(x: 1, y: 1, grey: 250)
    let options = ComparisonOptions(ignoreRegions: [PixelRect(x: 5, y: 5, width: 10, height: 10)])
    let (result, _) = PixelComparator.compare(expected, actual, options: options)
    #expect(result.diffPixels == 1)
    #expect(result.comparedPixels == 64 - 9)
    #expect(result.regions == [PixelRect(x: 1, y: 1, width: 1, height: 1)])

    let both = ComparisonOptions(ignoreRegions: [
      PixelRect(x: 5, y: 5, width: 10, height: 10), PixelRect(x: 0, y: 0, width: 2, height: 2),
      PixelRect(x: 1, y: 0, width: 2, height: 1),
    ])
    let masked = PixelComparator.compare(expected, actual, options: both).comparison
    #expect(masked.diffPixels == 0)
    #expect(masked.comparedPixels == 64 - 9 - 5)
  }

  @Test("budgets: either alone is the budget; given both, both must hold (as Playwright); none, no change")
  func budgets() {
    let expected = TestImages.grey(100)
    var actual = expected
    for x in 0..<5 { actual.set(x: x, y: 3, grey: 200) }
    let (result, _) = PixelComparator.compare(expected, actual)
    #expect(result.diffPixels == 5)
    #expect(!result.isWithinBudget(ComparisonOptions(maxDiffPixels: 4)))
    #expect(result.isWithinBudget(ComparisonOptions(maxDiffPixels: 5)))
    #expect(result.isWithinBudget(ComparisonOptions(maxDiffPixels: 100, maxDiffRatio: 5.0 / 64)))
    #expect(!result.isWithinBudget(ComparisonOptions(maxDiffPixels: 100, maxDiffRatio: 0.07)))
    #expect(!result.isWithinBudget(ComparisonOptions(maxDiffPixels: 4, maxDiffRatio: 0.5)))
    #expect(result.isWithinBudget(ComparisonOptions(maxDiffRatio: 5.0 / 64)))
    #expect(!result.isWithinBudget(ComparisonOptions(maxDiffRatio: 4.0 / 64)))
    #expect(!result.isWithinBudget(ComparisonOptions()))
    #expect(ComparisonOptions().budgetDescription == "no changed pixel")
    #expect(ComparisonOptions(maxDiffRatio: 0.01).budgetDescription == "at most 1.00%")
  }

  @Test("different sizes: both named, compared padded with transparency, a diff image of the padded size")
  func sizeMismatch() {
    let (result, diff) = PixelComparator.compare(
      TestImages.grey(1, width: 8, height: 8), TestImages.grey(1, width: 8, height: 9), makeDiffImage: true)
    #expect(!result.sizesMatch)
    #expect(result.paddedTo == PixelSize(width: 8, height: 9))
    #expect(diff?.width == 8 && diff?.height == 9)
    #expect(result.diffPixels == 8, "the added row")
    #expect(result.regions == [PixelRect(x: 0, y: 8, width: 8, height: 1)])
    #expect(!result.isWithinBudget(ComparisonOptions(maxDiffPixels: .max)))
    #expect(
      result.summary
        == "sizes differ: expected 8×8, actual 8×9; padded to 8×9 with transparency, 8 pixels differ")
    let pixelmatch = Pixelmatch.compare(
      StraightRGBAImage(TestImages.grey(1, width: 8, height: 8)),
      StraightRGBAImage(TestImages.grey(1, width: 9, height: 8)), makeDiffImage: true)
    #expect(pixelmatch.comparison.diffPixels == 8 && pixelmatch.diff?.width == 9)
  }

  @Test("diff image: faded grey, red where the actual is brighter, blue where darker")
  func diffImage() {
    let expected = TestImages.grey(100)
    var actual = expected
    actual.set(x: 1, y: 1, grey: 250)
    actual.set(x: 6, y: 6, grey: 0)
    let (_, diff) = PixelComparator.compare(expected, actual, makeDiffImage: true)
    let diffImage = try! #require(diff)
    #expect(diffImage.pixel(x: 1, y: 1) == [0, 0, 255, 255])  // red (B, G, R, A)
    #expect(diffImage.pixel(x: 6, y: 6) == [255, 0, 0, 255])  // blue
    // 100 faded 10% over white: 255 − (255 − 100)/10 ≈ 239.
    #expect(diffImage.pixel(x: 3, y: 3) == [239, 239, 239, 255])
  }

  @Test("changes far apart are separate regions, largest first; nearby ones merge")
  func regions() {
    let expected = TestImages.grey(100, width: 120, height: 80)
    var actual = expected
    for x in 10..<14 { actual.set(x: x, y: 10, grey: 0) }
    actual.set(x: 20, y: 12, grey: 0)  // within a cell of the first: merges
    for y in 60..<70 { for x in 90..<100 { actual.set(x: x, y: y, grey: 0) } }
    let (result, _) = PixelComparator.compare(expected, actual)
    #expect(result.regionCount == 2)
    #expect(
      result.regions == [
        PixelRect(x: 90, y: 60, width: 10, height: 10), PixelRect(x: 10, y: 10, width: 11, height: 3),
      ])
  }

  @Test("a large image compared in parallel bands counts each change once")
  func bands() {
    let expected = TestImages.grey(30, width: 301, height: 333)
    var actual = expected
    for y in stride(from: 0, to: 333, by: 7) { actual.set(x: (y * 13) % 301, y: y, grey: 220) }
    let (result, _) = PixelComparator.compare(expected, actual)
    #expect(result.diffPixels == (0..<333).filter { $0 % 7 == 0 }.count)
  }

  @Test(
    "two 16-bit PNGs are compared at 16 bits: a change in the low byte is seen at threshold 0, not at 0.1")
  func sixteenBit() throws {
    let folder = FixturePaths.fixtures.appendingPathComponent("sixteen-bit")
    let paths = ["base", "low-byte", "alpha"].map { folder.appendingPathComponent("\($0).png").path }
    let images = try paths.map { try PixelFile.decode(path: $0) }
    let samples = try paths.map { try #require(try PixelFile.rgba16(path: $0)) }
    // The samples as stored (make-sixteen-bit.py): red of (5, 3) is 20072 in base.png, 20073 after.
    #expect(samples[0].samples[(3 * 16 + 5) * 4] == 20072 && samples[1].samples[(3 * 16 + 5) * 4] == 20073)
    #expect(samples[2].samples[(7 * 16 + 9) * 4 + 3] == 65534)
    // At 8 bits all three are the same picture.
    #expect(images[0].pixels == images[1].pixels && images[0].pixels == images[2].pixels)
    let exact = ComparisonOptions(threshold: 0)
    for (index, changed) in [
      (1, PixelRect(x: 5, y: 3, width: 1, height: 1)), (2, PixelRect(x: 9, y: 7, width: 1, height: 1)),
    ] {
      let (result, diff) = PixelComparator.compare(
        images[0], images[index], options: exact, makeDiffImage: true, precise: (samples[0], samples[index]))
      #expect(result.diffPixels == 1)
      #expect(result.regions == [changed])
      // Drawn red (lighter) or blue (darker), not faded grey.
      let drawn = diff.map {
        Array($0.pixels[(changed.y * 16 + changed.x) * 4..<(changed.y * 16 + changed.x) * 4 + 4])
      }
      #expect(drawn == [0, 0, 255, 255] || drawn == [255, 0, 0, 255])
      #expect(PixelComparator.compare(images[0], images[index], options: exact).comparison.diffPixels == 0)
      let (loose, _) = PixelComparator.compare(
        images[0], images[index], options: ComparisonOptions(threshold: 0.1),
        precise: (samples[0], samples[index]))
      #expect(loose.diffPixels == 0)
    }
    // An 8-bit file has no 16-bit samples.
    let eightBit = FixturePaths.fixtures.appendingPathComponent("compare/night-sky.png").path
    #expect(try PixelFile.rgba16(path: eightBit) == nil)
  }

  @Test(
    "16-bit PNGs of every kind (grey, RGB, interlaced) read at 16 bits hold the 8-bit reading's high bytes")
  func sixteenBitKinds() throws {
    for name in ["basn0g16", "basn2c16", "basi0g16", "basi2c16"] {
      let path = FixturePaths.fixtures.appendingPathComponent("pngsuite/\(name).png").path
      let samples = try #require(try PixelFile.rgba16(path: path), "\(name)")
      let drawn = try PixelFile.decode(path: path)  // opaque, so premultiplying changes nothing
      #expect(samples.width == drawn.width && samples.height == drawn.height)
      var highBytes: [UInt8] = []
      for pixel in stride(from: 0, to: samples.samples.count, by: 4) {
        let sample = samples.samples[pixel..<pixel + 4].map { UInt8($0 >> 8) }
        highBytes += [sample[2], sample[1], sample[0], sample[3]]
      }
      #expect(highBytes == drawn.pixels, "\(name)")
    }
  }

  @Test("a 16-bit PNG header claiming no pixels, or a side past libpng's limit, is refused before allocating")
  func sixteenBitHostileHeader() throws {
    let folder = try FixturePaths.temporaryFolder()
    for (width, height) in [(3_000_000_000, 0), (0, 5), (2_000_000, 1)] {
      var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
      for side in [width, height] {
        bytes += (0..<4).map { UInt8(truncatingIfNeeded: side >> (24 - 8 * $0)) }
      }
      bytes += [16, 2, 0, 0, 0, 0, 0, 0, 0]
      let path = folder.appendingPathComponent("\(width)x\(height).png").path
      try Data(bytes).write(to: URL(fileURLWithPath: path))
      let error = #expect(throws: ImageError.self) { try PixelFile.rgba16(path: path) }
      #expect(
        error?.reason.contains("each side must be 1 to 1000000") == true, "\(String(describing: error))")
      #expect(throws: ImageError.self) { try PixelFile.decode(path: path) }
    }
  }
}
