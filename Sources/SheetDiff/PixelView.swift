import SheetPixels

/// Read-only access to an image's pixels as 32-bit words (premultiplied B, G, R, A bytes, so
/// alpha is the top byte on little-endian machines).
struct PixelView {
  let base: UnsafeRawPointer
  let width: Int
  let height: Int

  @inline(__always) subscript(x: Int, y: Int) -> UInt32 {
    base.loadUnaligned(fromByteOffset: (y &* width &+ x) &<< 2, as: UInt32.self)
  }
}

extension RasterImage {
  /// Calls `body` with a word view of the pixels.
  func withPixelView<Result>(_ body: (PixelView) throws -> Result) rethrows -> Result {
    try pixels.withUnsafeBytes { bytes in
      try body(PixelView(base: bytes.baseAddress!, width: width, height: height))
    }
  }
}
