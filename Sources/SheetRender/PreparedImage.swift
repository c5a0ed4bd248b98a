import CCairo
import Foundation
import SheetImages
import SheetLayout

/// A card's image decoded and resampled to exactly the pixels it is drawn with, or the reason
/// it could not be.
enum PreparedImage: Sendable {
  case ready(RasterImage)
  case failed(ImageError)

  /// Decodes `path` and resamples it to fill `pixelSize`, cropping the centre when the aspect
  /// ratios differ.
  static func load(path: String, pixelSize: (width: Int, height: Int)) -> PreparedImage {
    do {
      // Decode at about twice the placed size, then resample properly.
      let decoded = try ImageReader.decode(
        path: path, minimumSize: (pixelSize.width * 2, pixelSize.height * 2))
      let region = fillRegion(
        source: (decoded.width, decoded.height), target: pixelSize)
      return .ready(decoded.resampled(width: pixelSize.width, height: pixelSize.height, from: region))
    } catch let error as ImageError {
      return .failed(error)
    } catch {
      return .failed(ImageError(path: path, reason: "\(error)"))
    }
  }

  /// The centred part of the source with the target's aspect ratio.
  static func fillRegion(source: (width: Int, height: Int), target: (width: Int, height: Int)) -> PixelRegion
  {
    let sourceWidth = Double(source.width)
    let sourceHeight = Double(source.height)
    let targetAspect = Double(target.width) / Double(max(target.height, 1))
    if sourceWidth / sourceHeight > targetAspect {
      let width = sourceHeight * targetAspect
      return PixelRegion(x: (sourceWidth - width) / 2, y: 0, width: width, height: sourceHeight)
    } else {
      let height = sourceWidth / targetAspect
      return PixelRegion(x: 0, y: (sourceHeight - height) / 2, width: sourceWidth, height: height)
    }
  }
}

extension RasterImage {
  /// A Cairo image surface holding a copy of the pixels; the caller destroys it.
  func makeCairoSurface() -> OpaquePointer {
    let format = hasAlpha ? CAIRO_FORMAT_ARGB32 : CAIRO_FORMAT_RGB24
    let surface = cairo_image_surface_create(format, Int32(width), Int32(height))!
    cairo_surface_flush(surface)
    let stride = Int(cairo_image_surface_get_stride(surface))
    if let data = cairo_image_surface_get_data(surface) {
      pixels.withUnsafeBufferPointer { source in
        for row in 0..<height {
          (data + row * stride).update(from: source.baseAddress! + row * self.stride, count: self.stride)
        }
      }
    }
    cairo_surface_mark_dirty(surface)
    return surface
  }
}
