import SheetPixels

extension RasterImage {
  /// How many times the target's size Lanczos is left to reduce, at least, after the 2×2
  /// averages of ``reduced(width:height:from:)``: libvips and Pillow leave the same.
  static let lanczosReduction = 2.0

  /// The image reduced to exactly `width`×`height` pixels from `region` (all of it by
  /// default): first halved with 2×2 averages while the region stays at least
  /// ``lanczosReduction`` times the target on both sides, then resampled with Lanczos-3
  /// (``resampled(width:height:from:)``). An exact average costs one addition per source
  /// pixel where Lanczos costs a dozen, and a 2×2 average is itself a clean reduction, so this
  /// is how a photo decoded larger than its card (a coarser decode would miss the thumbnail
  /// cache on the next, wider, cards) is brought to the card.
  public func reduced(width: Int, height: Int, from region: PixelRegion? = nil) -> RasterImage {
    var image = self
    var region = region ?? PixelRegion(x: 0, y: 0, width: Double(self.width), height: Double(self.height))
    let limit = 2 * Self.lanczosReduction
    while width > 0 && height > 0 && region.width >= limit * Double(width)
      && region.height >= limit * Double(height)
    {
      image = image.halved()
      region = PixelRegion(
        x: region.x / 2, y: region.y / 2, width: region.width / 2, height: region.height / 2)
    }
    return image.resampled(width: width, height: height, from: region)
  }

  /// The image at half its size (odd sides rounded up): each pixel the rounded average of a
  /// 2×2 block, the last column and row repeated where a side is odd. Premultiplied colour
  /// averages to premultiplied colour, never above its alpha.
  public func halved() -> RasterImage {
    let halfWidth = (width + 1) / 2
    let halfHeight = (height + 1) / 2
    var out = [UInt8](repeating: 0, count: halfWidth * halfHeight * 4)
    let rowBytes = width * 4
    pixels.withUnsafeBytes { source in
      out.withUnsafeMutableBytes { target in
        for y in 0..<halfHeight {
          let top = 2 * y * rowBytes
          let bottom = min(2 * y + 1, height - 1) * rowBytes
          var t = y * halfWidth * 4
          for x in 0..<halfWidth {
            let left = 8 * x
            let right = min(2 * x + 1, width - 1) * 4
            var sum = SIMD4<UInt16>(
              truncatingIfNeeded: source.loadUnaligned(fromByteOffset: top + left, as: SIMD4<UInt8>.self))
            sum &+= SIMD4<UInt16>(
              truncatingIfNeeded: source.loadUnaligned(fromByteOffset: top + right, as: SIMD4<UInt8>.self))
            sum &+= SIMD4<UInt16>(
              truncatingIfNeeded: source.loadUnaligned(fromByteOffset: bottom + left, as: SIMD4<UInt8>.self))
            sum &+= SIMD4<UInt16>(
              truncatingIfNeeded: source.loadUnaligned(fromByteOffset: bottom + right, as: SIMD4<UInt8>.self))
            let average = SIMD4<UInt8>(truncatingIfNeeded: (sum &+ 2) &>> 2)
            target.storeBytes(of: average, toByteOffset: t, as: SIMD4<UInt8>.self)
            t += 4
          }
        }
      }
    }
    return RasterImage(width: halfWidth, height: halfHeight, pixels: out, hasAlpha: hasAlpha)
  }
}
