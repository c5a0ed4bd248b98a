import CPangoCairo
import SheetDiff
import SheetImages
import TestSupport
import Testing

@Suite("Anti-aliasing on real rasterised shapes")
struct SubpixelTextTests {
  /// Black shapes drawn by Cairo with grey anti-aliasing, offset by `dx` pixels.
  private func render(dx: Double) -> RasterImage {
    let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 220, 60)!
    defer { cairo_surface_destroy(surface) }
    let cairo = cairo_create(surface)!
    cairo_set_source_rgb(cairo, 1, 1, 1)
    cairo_paint(cairo)
    cairo_set_source_rgb(cairo, 0, 0, 0)
    cairo_set_line_width(cairo, 2)
    cairo_arc(cairo, 30 + dx, 30, 18, 0, 2 * Double.pi)
    cairo_stroke(cairo)
    cairo_move_to(cairo, 60 + dx, 50)
    cairo_line_to(cairo, 200 + dx, 12)
    cairo_stroke(cairo)
    cairo_rectangle(cairo, 120 + dx, 30.5, 60, 20)
    cairo_fill(cairo)
    cairo_destroy(cairo)
    cairo_surface_flush(surface)
    let stride = Int(cairo_image_surface_get_stride(surface))
    let data = cairo_image_surface_get_data(surface)!
    var pixels = [UInt8](repeating: 0, count: 220 * 60 * 4)
    for row in 0..<60 {
      for byte in 0..<220 * 4 { pixels[row * 220 * 4 + byte] = data[row * stride + byte] }
      for x in 0..<220 { pixels[(row * 220 + x) * 4 + 3] = 255 }
    }
    return RasterImage(width: 220, height: 60, pixels: pixels, hasAlpha: false)
  }

  @Test("shapes moved by a third of a pixel: anti-aliasing, not changes; moved by three pixels: changes")
  func subpixelShift() {
    let base = render(dx: 0)
    let shifted = render(dx: 0.33)
    let (quiet, _) = PixelComparator.compare(base, shifted)
    let (counted, _) = PixelComparator.compare(
      base, shifted, options: ComparisonOptions(countAntiAliasing: true))
    #expect(counted.diffPixels > 50)
    #expect(quiet.diffPixels * 10 < counted.diffPixels)
    let (moved, _) = PixelComparator.compare(base, render(dx: 3))
    #expect(moved.diffPixels > 200)
  }

  @Test("a small solid block painted on the golden sheet's night sky counts in full")
  func blockOnNightSky() throws {
    // 20×20 pixels of the rocket photo's sky from the foundation golden: a few close shades.
    let sky = try ImageReader.decode(
      path: FixturePaths.fixtures.appendingPathComponent("compare/night-sky.png").path)
    var painted = sky
    for y in 10..<13 { for x in 10..<13 { painted.set(x: x, y: y, bgra: (0, 0, 200, 255)) } }
    let (result, _) = PixelComparator.compare(sky, painted)
    #expect(result.diffPixels == 9)
    #expect(result.antiAliasedPixels == 0)
  }
}
