import CShims
import CTurboJPEG

/// JPEG reading through the TurboJPEG API, which keeps libjpeg's `longjmp` error handling
/// inside C, with DCT-domain downscaling (1/8 … 1) chosen from the wanted size.
enum JPEGCodec {
  static func info(_ bytes: [UInt8], path: String) throws -> (width: Int, height: Int) {
    let handle = try makeDecompressor(path: path)
    defer { tjDestroy(handle) }
    var width: Int32 = 0
    var height: Int32 = 0
    var subsampling: Int32 = 0
    var colorspace: Int32 = 0
    let status = bytes.withUnsafeBufferPointer {
      tjDecompressHeader3(
        handle, $0.baseAddress, UInt(bytes.count), &width, &height, &subsampling, &colorspace)
    }
    guard status == 0 else {
      throw ImageError(path: path, reason: "not a readable JPEG (\(errorText(handle)))")
    }
    return (Int(width), Int(height))
  }

  /// Decodes at the smallest DCT scale whose result is at least `minimumSize` (or full size).
  static func decode(_ bytes: [UInt8], path: String, minimumSize: (width: Int, height: Int)?) throws
    -> RasterImage
  {
    let handle = try makeDecompressor(path: path)
    defer { tjDestroy(handle) }
    var width: Int32 = 0
    var height: Int32 = 0
    var subsampling: Int32 = 0
    var colorspace: Int32 = 0
    let headerStatus = bytes.withUnsafeBufferPointer {
      tjDecompressHeader3(
        handle, $0.baseAddress, UInt(bytes.count), &width, &height, &subsampling, &colorspace)
    }
    guard headerStatus == 0 else {
      throw ImageError(path: path, reason: "not a readable JPEG (\(errorText(handle)))")
    }
    let factor = scalingFactor(width: Int(width), height: Int(height), minimumSize: minimumSize)
    let outWidth = Int(cs_tj_scaled(width, factor))
    let outHeight = Int(cs_tj_scaled(height, factor))
    var pixels = [UInt8](repeating: 0, count: outWidth * outHeight * 4)
    let status = bytes.withUnsafeBufferPointer { source in
      pixels.withUnsafeMutableBufferPointer { target in
        tjDecompress2(
          handle, source.baseAddress, UInt(bytes.count), target.baseAddress, Int32(outWidth),
          Int32(outWidth * 4), Int32(outHeight), Int32(TJPF_BGRA.rawValue), TJFLAG_LIMITSCANS)
      }
    }
    if status != 0 && tjGetErrorCode(handle) == TJERR_FATAL.rawValue {
      throw ImageError(path: path, reason: "JPEG data is corrupt (\(errorText(handle)))")
    }
    return RasterImage(width: outWidth, height: outHeight, pixels: pixels, hasAlpha: false)
  }

  /// The smallest scaling factor that keeps both sides at least the wanted size.
  static func scalingFactor(width: Int, height: Int, minimumSize: (width: Int, height: Int)?)
    -> tjscalingfactor
  {
    let full = tjscalingfactor(num: 1, denom: 1)
    guard let minimumSize else { return full }
    var count: Int32 = 0
    guard let factors = tjGetScalingFactors(&count) else { return full }
    var best = full
    var bestRatio = 1.0
    for index in 0..<Int(count) {
      let factor = factors[index]
      let ratio = Double(factor.num) / Double(factor.denom)
      guard ratio <= 1, ratio < bestRatio else { continue }
      if Int(cs_tj_scaled(Int32(width), factor)) >= minimumSize.width
        && Int(cs_tj_scaled(Int32(height), factor)) >= minimumSize.height
      {
        best = factor
        bestRatio = ratio
      }
    }
    return best
  }

  private static func makeDecompressor(path: String) throws -> tjhandle {
    guard let handle = tjInitDecompress() else {
      throw ImageError(path: path, reason: "could not start the JPEG decoder")
    }
    return handle
  }

  private static func errorText(_ handle: tjhandle) -> String {
    String(cString: tjGetErrorStr2(handle))
  }
}
