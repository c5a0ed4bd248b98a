import CTurboJPEG

/// JPEG reading through the TurboJPEG API, which keeps libjpeg's `longjmp` error handling
/// inside C, with DCT-domain downscaling (1/8 … 1) chosen from the wanted size. Baseline,
/// progressive, greyscale and CMYK files are read; CMYK is converted to RGB here (by
/// `manageCMYK`, the caller's colour management, when it can; else by the naive formula)
/// because TurboJPEG cannot. A file cut short or partly
/// corrupt keeps the rows that decoded (the rest grey) and says so in `warnings`.
package enum JPEGCodec {
  /// The most a progressive file's coefficients may take while it decodes (a 4:4:4 photo of
  /// 89 megapixels, a 4:2:0 one of 178).
  package static let maxProgressiveCoefficientBytes = 512 << 20

  /// Decodes at the smallest DCT scale whose result is at least `minimumSize` (or full size);
  /// `size` and `frame` come from the header, read before.
  package static func decode(
    _ bytes: [UInt8], size: (width: Int, height: Int), frame: JPEGFrame, path: String,
    minimumSize: (width: Int, height: Int)?, warnings: inout [String],
    manageCMYK: ((inout [UInt8], _ inverted: Bool) -> Bool)? = nil, storage: ((Int) -> [UInt8])? = nil
  ) throws -> RasterImage {
    // A progressive file is decoded from coefficients held for the whole image, whatever the
    // scale asked for (2 bytes a sample): checked before libjpeg allocates them.
    if frame.progressive {
      let bytesNeeded = Double(size.width) * Double(size.height) * frame.samplesPerPixel * 2
      guard bytesNeeded <= Double(maxProgressiveCoefficientBytes) else {
        throw ImageError(
          path: path,
          reason:
            "a progressive JPEG of \(size.width)×\(size.height) needs \(Int(bytesNeeded) >> 20) MB to decode, "
            + "more than the \(maxProgressiveCoefficientBytes >> 20) MB a photo may take; save it as a baseline JPEG"
        )
      }
    }
    guard let handle = tjInitDecompress() else {
      throw ImageError(path: path, reason: "could not start the JPEG decoder")
    }
    defer { tjDestroy(handle) }
    let factor = scalingFactor(width: size.width, height: size.height, minimumSize: minimumSize)
    let width = Int(scaled(Int32(size.width), factor))
    let height = Int(scaled(Int32(size.height), factor))
    let cmyk = frame.components == 4
    var pixels = storage?(width * height * 4) ?? [UInt8](repeating: 0, count: width * height * 4)
    let format = cmyk ? TJPF_CMYK : TJPF_BGRA
    let status = bytes.withUnsafeBufferPointer { source in
      pixels.withUnsafeMutableBufferPointer { target in
        tjDecompress2(
          handle, source.baseAddress, UInt(bytes.count), target.baseAddress, Int32(width), Int32(width * 4),
          Int32(height), Int32(format.rawValue), TJFLAG_LIMITSCANS)
      }
    }
    if status != 0 {
      let message = String(cString: tjGetErrorStr2(handle))
      if tjGetErrorCode(handle) == TJERR_FATAL.rawValue {
        throw ImageError(path: path, reason: "JPEG data is corrupt (\(message))")
      }
      // A warning: the picture decoded as far as the data allowed. Stray bytes between
      // segments leave it whole; a file cut short or damaged leaves grey where the rest should be.
      if message.contains("Premature end of JPEG file") {
        warnings.append("file is truncated (the JPEG data ends early): the part that decoded is shown")
      } else if !message.contains("extraneous bytes") {
        warnings.append("JPEG data is partly corrupt (\(message)): shown as far as it decoded")
      }
    }
    if cmyk {
      let managed = manageCMYK?(&pixels, frame.adobe) ?? false
      if !managed { convertCMYKToBGRA(&pixels, inverted: frame.adobe) }
    }
    return RasterImage(width: width, height: height, pixels: pixels, hasAlpha: false)
  }

  /// Converts C, M, Y, K bytes in place to opaque B, G, R, A with the naive formula
  /// (no colour management). Adobe files store the inks inverted: 255 means no ink.
  package static func convertCMYKToBGRA(_ pixels: inout [UInt8], inverted: Bool) {
    pixels.withUnsafeMutableBufferPointer { buffer in
      var index = 0
      while index < buffer.count {
        var c = Int(buffer[index])
        var m = Int(buffer[index + 1])
        var y = Int(buffer[index + 2])
        var k = Int(buffer[index + 3])
        if !inverted {
          c = 255 - c
          m = 255 - m
          y = 255 - y
          k = 255 - k
        }
        // Now each value is the share of white left: R = (1 − C)(1 − K).
        buffer[index] = UInt8((y * k + 127) / 255)
        buffer[index + 1] = UInt8((m * k + 127) / 255)
        buffer[index + 2] = UInt8((c * k + 127) / 255)
        buffer[index + 3] = 255
        index += 4
      }
    }
  }

  /// The smallest scaling factor that keeps both sides at least the wanted size.
  package static func scalingFactor(width: Int, height: Int, minimumSize: (width: Int, height: Int)?)
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
      if Int(scaled(Int32(width), factor)) >= minimumSize.width
        && Int(scaled(Int32(height), factor)) >= minimumSize.height
      {
        best = factor
        bestRatio = ratio
      }
    }
    return best
  }

  /// TurboJPEG's `TJSCALED` macro (which Swift cannot import): a dimension scaled by `factor`,
  /// rounded up.
  package static func scaled(_ dimension: Int32, _ factor: tjscalingfactor) -> Int32 {
    (dimension * factor.num + factor.denom - 1) / factor.denom
  }
}
