import Foundation
import SheetDiff
import SheetGolden
import SheetImages
import TestSupport
import Testing

@Suite("Golden.check, the project's golden tests' entry point")
struct GoldenWrapperTests {
  @Test("the golden itself passes; a 3×3 change fails and names the folder with the images")
  func wrapper() throws {
    let golden = FixturePaths.goldens.appendingPathComponent("foundation-sheet.png").path
    try Golden.check(golden, named: "foundation-sheet")
    var image = try ImageReader.decode(path: golden)
    for y in 40..<43 { for x in 40..<43 { image.set(x: x, y: y, bgra: (0, 0, 200, 255)) } }
    let changed = try FixturePaths.temporaryFolder().appendingPathComponent("changed.png").path
    try image.writePNG(to: changed)
    let error = #expect(throws: GoldenMismatch.self) {
      try Golden.check(changed, named: "foundation-sheet", maxDiffPixels: 8)
    }
    #expect(error?.description.contains("9 pixels differ") == true)
    #expect(error?.description.contains("foundation-sheet") == true)
    try Golden.check(changed, named: "foundation-sheet", maxDiffPixels: 9)
  }

  @Test("a channel tolerance maps to the YIQ threshold where a grey step of that size just passes")
  func tolerance() {
    let base = RasterImage(width: 4, height: 4, fill: (b: 100, g: 100, r: 100, a: 255))
    let threshold = Golden.threshold(channelTolerance: 2)
    for (step, counted) in [(2, 0), (3, 1)] {
      var changed = base
      changed.set(x: 1, y: 1, grey: UInt8(100 + step))
      let options = ComparisonOptions(threshold: threshold, countAntiAliasing: true)
      #expect(PixelComparator.compare(base, changed, options: options).comparison.diffPixels == counted)
    }
  }
}
