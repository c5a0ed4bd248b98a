import SheetPixels

/// EXIF orientation (tag 0x0112): how the stored pixels must be turned to stand upright.
public enum Orientation: Int, Sendable, Hashable, CaseIterable {
  case up = 1
  case mirrored = 2
  case upsideDown = 3
  case upsideDownMirrored = 4
  case leftMirrored = 5
  case right = 6
  case rightMirrored = 7
  case left = 8

  /// Whether turning the image upright swaps its width and height (values 5 to 8).
  public var swapsDimensions: Bool { rawValue >= 5 }

  /// Maps a pixel of the upright image to the pixel of the stored image it comes from.
  ///
  /// `width` and `height` are the stored image's size.
  func sourcePixel(x: Int, y: Int, width: Int, height: Int) -> (x: Int, y: Int) {
    switch self {
    case .up: (x, y)
    case .mirrored: (width - 1 - x, y)
    case .upsideDown: (width - 1 - x, height - 1 - y)
    case .upsideDownMirrored: (x, height - 1 - y)
    case .leftMirrored: (y, x)
    case .right: (y, height - 1 - x)
    case .rightMirrored: (width - 1 - y, height - 1 - x)
    case .left: (width - 1 - y, x)
    }
  }
}

extension RasterImage {
  /// The image turned upright according to `orientation`.
  public func oriented(_ orientation: Orientation) -> RasterImage {
    guard orientation != .up else { return self }
    let outWidth = orientation.swapsDimensions ? height : width
    let outHeight = orientation.swapsDimensions ? width : height
    var out = [UInt8](repeating: 0, count: outWidth * outHeight * 4)
    pixels.withUnsafeBytes { source in
      out.withUnsafeMutableBytes { target in
        let sourceWords = source.bindMemory(to: UInt32.self)
        let targetWords = target.bindMemory(to: UInt32.self)
        for y in 0..<outHeight {
          for x in 0..<outWidth {
            let from = orientation.sourcePixel(x: x, y: y, width: width, height: height)
            targetWords[y * outWidth + x] = sourceWords[from.y * width + from.x]
          }
        }
      }
    }
    return RasterImage(width: outWidth, height: outHeight, pixels: out, hasAlpha: hasAlpha)
  }
}
