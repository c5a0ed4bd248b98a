import SheetImages
import TestSupport
import Testing

@Suite("Pixel tolerance used by golden tests")
struct PixelToleranceTests {
  @Test("a one-pixel change over the tolerance is counted; one under it is not")
  func onePixel() {
    let base = RasterImage(width: 4, height: 4, fill: (b: 100, g: 100, r: 100, a: 255))
    var changed = base
    changed.pixels[5 * 4] = 110
    #expect(PixelTolerance.compare(base, changed, channelTolerance: 2).differingPixels == 1)
    #expect(PixelTolerance.compare(base, changed, channelTolerance: 10).differingPixels == 0)
  }
}
