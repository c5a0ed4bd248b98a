import CPangoCairo
import Foundation
import SheetLayout

/// A soft shadow for rounded rectangles, drawn as a nine-slice: one small blurred mask per
/// corner radius, blur and resolution, whose corners are drawn as they are and whose
/// one-pixel middle row and column stretch along the edges. The cost per card is nine
/// masked fills, never a blur; in PDF the mask is one small image reused by every card.
final class ShadowMask {
  /// Pixels per point of the mask.
  let scale: Double
  /// How far the shadow reaches beyond the shape, in points.
  let extent: Double
  /// Size of a corner slice, in points.
  let corner: Double
  private let surface: OpaquePointer
  private let cornerPixels: Int
  private let sizePixels: Int

  /// A mask for a rounded rectangle of `radius` blurred by `blur` points, `scale` pixels per point.
  init?(radius: Double, blur: Double, scale: Double) {
    let sigma = max(blur, 0) / 2 * scale
    let extentPixels = Int((3 * sigma).rounded(.up))
    let radiusPixels = Int((radius * scale).rounded(.up))
    let template = 2 * (radiusPixels + extentPixels) + 1
    sizePixels = template + 2 * extentPixels
    cornerPixels = radiusPixels + 2 * extentPixels
    self.scale = scale
    extent = Double(extentPixels) / scale
    corner = Double(cornerPixels) / scale
    surface = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(sizePixels), Int32(sizePixels))
    guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS,
      let data = cairo_image_surface_get_data(surface)
    else {
      // Larger than Cairo allows: callers clamp the radius to the card, so this is a safety net.
      cairo_surface_destroy(surface)
      return nil
    }
    let cairo = cairo_create(surface)!
    Cairo.roundedRectangle(
      cairo,
      Rect(
        x: Double(extentPixels), y: Double(extentPixels), width: Double(template), height: Double(template)),
      radius: radius * scale)
    cairo_set_source_rgba(cairo, 0, 0, 0, 1)
    cairo_fill(cairo)
    cairo_destroy(cairo)
    cairo_surface_flush(surface)
    BoxBlur.gaussianApproximation(
      data: data, width: sizePixels, height: sizePixels,
      stride: Int(cairo_image_surface_get_stride(surface)), sigma: sigma)
    cairo_surface_mark_dirty(surface)
  }

  deinit { cairo_surface_destroy(surface) }

  /// Whether a shape of this size can be drawn from the nine slices (its corners do not overlap).
  func fits(_ rect: Rect) -> Bool {
    rect.width + 2 * extent >= 2 * corner && rect.height + 2 * extent >= 2 * corner
  }

  /// Paints the shadow of `shape` with the cairo context's current source colour.
  func paint(_ cairo: OpaquePointer, shape: Rect) {
    let outer = Rect(
      x: shape.x - extent, y: shape.y - extent, width: shape.width + 2 * extent,
      height: shape.height + 2 * extent)
    let c = Double(cornerPixels)
    let s = Double(sizePixels)
    let xs = [
      (0.0, c, outer.x, corner), (c, 1, outer.x + corner, outer.width - 2 * corner),
      (c + 1, s - c - 1, outer.maxX - corner, corner),
    ]
    let ys = [
      (0.0, c, outer.y, corner), (c, 1, outer.y + corner, outer.height - 2 * corner),
      (c + 1, s - c - 1, outer.maxY - corner, corner),
    ]
    cairo_save(cairo)
    // Hard, pixel-aligned clips: neighbouring slices neither overlap nor leave a seam.
    cairo_set_antialias(cairo, CAIRO_ANTIALIAS_NONE)
    for (sourceY, sourceHeight, targetY, targetHeight) in ys {
      for (sourceX, sourceWidth, targetX, targetWidth) in xs {
        guard targetWidth > 0, targetHeight > 0 else { continue }
        paintSlice(
          cairo, source: (sourceX, sourceY, sourceWidth, sourceHeight),
          target: Rect(x: targetX, y: targetY, width: targetWidth, height: targetHeight))
      }
    }
    cairo_restore(cairo)
  }

  private func paintSlice(
    _ cairo: OpaquePointer, source: (x: Double, y: Double, width: Double, height: Double), target: Rect
  ) {
    cairo_save(cairo)
    cairo_rectangle(cairo, target.x, target.y, target.width, target.height)
    cairo_clip(cairo)
    let pattern = cairo_pattern_create_for_surface(surface)!
    let scaleX = source.width / target.width
    let scaleY = source.height / target.height
    var matrix = cairo_matrix_t()
    cairo_matrix_init(
      &matrix, scaleX, 0, 0, scaleY, source.x - target.x * scaleX, source.y - target.y * scaleY)
    cairo_pattern_set_matrix(pattern, &matrix)
    cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
    cairo_pattern_set_filter(pattern, CAIRO_FILTER_BILINEAR)
    cairo_mask(cairo, pattern)
    cairo_pattern_destroy(pattern)
    cairo_restore(cairo)
  }
}

/// Three passes of a box blur, which together approximate a Gaussian.
enum BoxBlur {
  static func gaussianApproximation(
    data: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int, sigma: Double
  ) {
    guard sigma > 0 else { return }
    // Box width for three passes: w = sqrt(12σ²/3 + 1).
    let radius = max(1, Int(((sqrt(4 * sigma * sigma + 1) - 1) / 2).rounded()))
    var line = [Int](repeating: 0, count: max(width, height))
    for _ in 0..<3 {
      for y in 0..<height {
        blurLine(data + y * stride, count: width, step: 1, radius: radius, scratch: &line)
      }
      for x in 0..<width {
        blurLine(data + x, count: height, step: stride, radius: radius, scratch: &line)
      }
    }
  }

  /// A moving average of width 2·radius+1 along one row or column, zero beyond the ends.
  private static func blurLine(
    _ start: UnsafeMutablePointer<UInt8>, count: Int, step: Int, radius: Int, scratch: inout [Int]
  ) {
    for index in 0..<count { scratch[index] = Int(start[index * step]) }
    let window = 2 * radius + 1
    var sum = 0
    for index in 0..<min(radius, count) { sum += scratch[index] }
    for index in 0..<count {
      let entering = index + radius
      if entering < count { sum += scratch[entering] }
      let leaving = index - radius - 1
      if leaving >= 0 { sum -= scratch[leaving] }
      start[index * step] = UInt8((sum + window / 2) / window)
    }
  }
}
