import CWebP

/// WebP reading through libwebp, which shrinks while decoding (`use_scaling`) and writes
/// premultiplied B, G, R, A straight into our buffer. An animated WebP shows its first frame,
/// composed on its canvas by libwebpdemux as a viewer shows it.
package enum WebPCodec {
  /// The size, alpha and whether it is an animation, from the bitstream's header, read by libwebp.
  package static func info(_ bytes: [UInt8], path: String) throws -> (
    width: Int, height: Int, hasAlpha: Bool, isAnimated: Bool
  ) {
    var features = WebPBitstreamFeatures()
    let status = bytes.withUnsafeBufferPointer { WebPGetFeatures($0.baseAddress, $0.count, &features) }
    guard status == VP8_STATUS_OK else {
      throw ImageError(path: path, reason: "not a readable WebP (\(describe(status)))")
    }
    return (Int(features.width), Int(features.height), features.has_alpha != 0, features.has_animation != 0)
  }

  /// Decodes (`size`, `hasAlpha` and `isAnimated` from the header read before), shrinking to
  /// the smallest size that keeps the aspect ratio and is at least `minimumSize` (never
  /// enlarging); an animation gives its first frame, whole, and a warning.
  package static func decode(
    _ bytes: [UInt8], size header: (width: Int, height: Int), hasAlpha: Bool, isAnimated: Bool, path: String,
    minimumSize: (width: Int, height: Int)?, warnings: inout [String]
  ) throws -> RasterImage {
    if isAnimated {
      let (image, frames) = try firstFrame(bytes, size: header, hasAlpha: hasAlpha, path: path)
      warnings.append("animated WebP (\(frames) frames): the first frame is shown")
      return image
    }
    var width = header.width
    var height = header.height
    if let minimumSize {
      let shrink = min(
        Double(header.width) / Double(max(minimumSize.width, 1)),
        Double(header.height) / Double(max(minimumSize.height, 1)))
      if shrink > 1 {
        width = max(1, Int((Double(header.width) / shrink).rounded(.up)))
        height = max(1, Int((Double(header.height) / shrink).rounded(.up)))
      }
    }
    var config = WebPDecoderConfig()
    guard WebPInitDecoderConfig(&config) != 0 else {
      throw ImageError(path: path, reason: "could not start the WebP decoder (library version mismatch)")
    }
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    let status = bytes.withUnsafeBufferPointer { source in
      pixels.withUnsafeMutableBufferPointer { target in
        config.options.use_scaling = (width, height) == (header.width, header.height) ? 0 : 1
        config.options.scaled_width = Int32(width)
        config.options.scaled_height = Int32(height)
        config.output.colorspace = MODE_bgrA
        config.output.is_external_memory = 1
        config.output.u.RGBA.rgba = target.baseAddress
        config.output.u.RGBA.stride = Int32(width * 4)
        config.output.u.RGBA.size = target.count
        let status = WebPDecode(source.baseAddress, source.count, &config)
        WebPFreeDecBuffer(&config.output)
        return status
      }
    }
    guard status == VP8_STATUS_OK else {
      let reason =
        status == VP8_STATUS_NOT_ENOUGH_DATA
        ? "file is truncated (the WebP data ends early)" : "WebP data is corrupt (\(describe(status)))"
      throw ImageError(path: path, reason: reason)
    }
    return RasterImage(width: width, height: height, pixels: pixels, hasAlpha: hasAlpha)
  }

  /// The first frame of an animation and how many frames it has; the canvas is decoded whole
  /// (libwebpdemux does not shrink), within the pixel limit checked on the header before.
  private static func firstFrame(
    _ bytes: [UInt8], size: (width: Int, height: Int), hasAlpha: Bool, path: String
  ) throws -> (image: RasterImage, frames: Int) {
    try bytes.withUnsafeBufferPointer { source in
      var data = WebPData(bytes: source.baseAddress, size: source.count)
      var options = WebPAnimDecoderOptions()
      guard WebPAnimDecoderOptionsInit(&options) != 0 else {
        throw ImageError(path: path, reason: "could not start the WebP decoder (library version mismatch)")
      }
      options.color_mode = MODE_bgrA
      options.use_threads = 0
      guard let decoder = WebPAnimDecoderNew(&data, &options) else {
        throw ImageError(path: path, reason: "animated WebP is corrupt (its frames cannot be read)")
      }
      defer { WebPAnimDecoderDelete(decoder) }
      var info = WebPAnimInfo()
      var frame: UnsafeMutablePointer<UInt8>?
      var timestamp: Int32 = 0
      guard WebPAnimDecoderGetInfo(decoder, &info) != 0,
        Int(info.canvas_width) == size.width, Int(info.canvas_height) == size.height,
        WebPAnimDecoderGetNext(decoder, &frame, &timestamp) != 0, let frame
      else {
        throw ImageError(path: path, reason: "animated WebP's first frame cannot be decoded")
      }
      let pixels = Array(UnsafeBufferPointer(start: frame, count: size.width * size.height * 4))
      return (
        RasterImage(width: size.width, height: size.height, pixels: pixels, hasAlpha: hasAlpha),
        Int(info.frame_count)
      )
    }
  }

  private static func describe(_ status: VP8StatusCode) -> String {
    switch status {
    case VP8_STATUS_OUT_OF_MEMORY: "out of memory"
    case VP8_STATUS_INVALID_PARAM: "invalid parameter"
    case VP8_STATUS_BITSTREAM_ERROR: "bitstream error"
    case VP8_STATUS_UNSUPPORTED_FEATURE: "unsupported feature"
    case VP8_STATUS_SUSPENDED: "suspended"
    case VP8_STATUS_USER_ABORT: "aborted"
    case VP8_STATUS_NOT_ENOUGH_DATA: "the data ends early"
    default: "status \(status.rawValue)"
    }
  }
}
