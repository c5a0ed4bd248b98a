import CHeif
import SheetPixels

/// Turns the planes libheif decoded (Y, Cb and Cr at their own resolution, and alpha; 8 to 16
/// bits a sample) into premultiplied B, G, R, A, shrunk by a whole `factor` as it reads: each
/// output pixel is the mean of a factor × factor block of samples, converted to RGB once. Only
/// one output row of sums is held besides the result, never a full-size RGB copy.
struct HEIFPlanes {
  /// One plane of samples.
  struct Plane {
    let base: UnsafePointer<UInt8>
    /// Bytes from one row to the next.
    let stride: Int
    /// log2 of the subsampling across and down (1 for 4:2:0 chroma, 0 for full resolution).
    let shiftX: Int
    let shiftY: Int
    /// Whether samples take two bytes (more than 8 bits).
    let wide: Bool
    /// The largest sample value, 2^bits − 1.
    let maximum: Float
  }

  let width: Int
  let height: Int
  let luma: Plane
  /// Cb and Cr; nil for a grey image.
  let chroma: (cb: Plane, cr: Plane)?
  let alpha: Plane?
  /// Whether the colour samples are already multiplied by alpha.
  let premultiplied: Bool

  /// The planes of `image` when it is YCbCr (4:2:0, 4:2:2 or 4:4:4) or grey; nil otherwise.
  init?(_ image: OpaquePointer) {
    let colorspace = heif_image_get_colorspace(image)
    let chromaFormat = heif_image_get_chroma_format(image)
    width = Int(heif_image_get_width(image, heif_channel_Y))
    height = Int(heif_image_get_height(image, heif_channel_Y))
    guard width > 0, height > 0, let luma = Self.plane(image, heif_channel_Y, width: width, height: height)
    else { return nil }
    self.luma = luma
    if colorspace == heif_colorspace_YCbCr {
      guard [heif_chroma_420, heif_chroma_422, heif_chroma_444].contains(chromaFormat),
        let cb = Self.plane(image, heif_channel_Cb, width: width, height: height),
        let cr = Self.plane(image, heif_channel_Cr, width: width, height: height)
      else { return nil }
      chroma = (cb, cr)
    } else if colorspace == heif_colorspace_monochrome {
      chroma = nil
    } else {
      return nil
    }
    if heif_image_has_channel(image, heif_channel_Alpha) != 0 {
      guard let alpha = Self.plane(image, heif_channel_Alpha, width: width, height: height),
        alpha.shiftX == 0, alpha.shiftY == 0
      else { return nil }
      self.alpha = alpha
    } else {
      alpha = nil
    }
    premultiplied = heif_image_is_premultiplied_alpha(image) != 0
  }

  /// A channel's plane, with its subsampling found from its size against the luma's.
  private static func plane(_ image: OpaquePointer, _ channel: heif_channel, width: Int, height: Int)
    -> Plane?
  {
    var stride: Int32 = 0
    let planeWidth = Int(heif_image_get_width(image, channel))
    let planeHeight = Int(heif_image_get_height(image, channel))
    let storage = Int(heif_image_get_bits_per_pixel(image, channel))
    let bits = Int(heif_image_get_bits_per_pixel_range(image, channel))
    guard planeWidth > 0, planeHeight > 0, (1...16).contains(bits), storage == (bits > 8 ? 16 : 8),
      let base = heif_image_get_plane_readonly(image, channel, &stride), stride > 0
    else { return nil }
    func shift(_ full: Int, _ part: Int) -> Int? {
      if part == full { return 0 }
      if part == (full + 1) / 2 { return 1 }
      return nil
    }
    guard let shiftX = shift(width, planeWidth), let shiftY = shift(height, planeHeight) else { return nil }
    return Plane(
      base: base, stride: Int(stride), shiftX: shiftX, shiftY: shiftY, wide: bits > 8,
      maximum: Float((1 << bits) - 1))
  }

  /// The pixels shrunk `factor` times on each side (edge blocks are smaller): ceil(width / factor)
  /// by ceil(height / factor), premultiplied B, G, R, A.
  func shrunk(by factor: Int) -> RasterImage {
    let outWidth = (width + factor - 1) / factor
    let outHeight = (height + factor - 1) / factor
    var pixels = [UInt8](repeating: 0, count: outWidth * outHeight * 4)
    let planes = [luma] + (chroma.map { [$0.cb, $0.cr] } ?? []) + (alpha.map { [$0] } ?? [])
    var sums = [Int](repeating: 0, count: outWidth * planes.count)
    let converter = Converter(luma: luma, chroma: chroma?.cb, alpha: alpha)
    pixels.withUnsafeMutableBufferPointer { output in
      sums.withUnsafeMutableBufferPointer { sums in
        for outY in 0..<outHeight {
          let top = outY * factor
          let rows = min(factor, height - top)
          for index in sums.indices { sums[index] = 0 }
          for y in top..<top + rows {
            for (number, plane) in planes.enumerated() {
              Self.accumulate(
                plane, row: y, width: width, factor: factor, into: sums.baseAddress! + number * outWidth)
            }
          }
          let target = output.baseAddress! + outY * outWidth * 4
          for outX in 0..<outWidth {
            let count = Float(min(factor, width - outX * factor) * rows)
            func mean(_ number: Int) -> Float { Float(sums[number * outWidth + outX]) / count }
            converter.write(
              luma: mean(0), cb: chroma == nil ? nil : mean(1), cr: chroma == nil ? nil : mean(2),
              alpha: alpha == nil ? nil : mean(planes.count - 1), premultiplied: premultiplied,
              to: target + outX * 4)
          }
        }
      }
    }
    return RasterImage(width: outWidth, height: outHeight, pixels: pixels, hasAlpha: alpha != nil)
  }

  /// Adds source row `y` of `plane` into `sums`, each block of `factor` columns into one sum.
  private static func accumulate(
    _ plane: Plane, row y: Int, width: Int, factor: Int, into sums: UnsafeMutablePointer<Int>
  ) {
    let start = plane.base + (y >> plane.shiftY) * plane.stride
    if plane.wide {
      let row = UnsafeRawPointer(start).assumingMemoryBound(to: UInt16.self)
      addBlocks(row, shift: plane.shiftX, width: width, factor: factor, into: sums)
    } else {
      addBlocks(start, shift: plane.shiftX, width: width, factor: factor, into: sums)
    }
  }

  @inline(__always)
  private static func addBlocks<Sample: FixedWidthInteger & UnsignedInteger>(
    _ row: UnsafePointer<Sample>, shift: Int, width: Int, factor: Int, into sums: UnsafeMutablePointer<Int>
  ) {
    var x = 0
    var block = 0
    while x < width {
      let end = min(x + factor, width)
      var sum = 0
      if shift == 0 {
        while x < end {
          sum &+= Int(row[x])
          x &+= 1
        }
      } else {
        while x < end {
          sum &+= Int(row[x &>> shift])
          x &+= 1
        }
      }
      sums[block] &+= sum
      block &+= 1
    }
  }

  /// Converts one averaged sample set to an 8-bit premultiplied B, G, R, A pixel: BT.601
  /// full-range YCbCr, the encoding libheif hands over unconverted (files that give another
  /// matrix or video range are converted by libheif itself, see ``HEIFCodec``).
  private struct Converter {
    static let kr: Float = 0.299
    static let kb: Float = 0.114
    let redFromCr = 2 * (1 - kr)
    let blueFromCb = 2 * (1 - kb)
    let greenFromCb = 2 * kb * (1 - kb) / (1 - kr - kb)
    let greenFromCr = 2 * kr * (1 - kr) / (1 - kr - kb)
    /// Maps a mean sample to 0 … 1 (luma) or −0.5 … 0.5 (chroma).
    let lumaScale: Float
    let chromaOffset: Float
    let chromaScale: Float
    let alphaScale: Float

    init(luma: Plane, chroma: Plane?, alpha: Plane?) {
      lumaScale = 1 / luma.maximum
      let chromaMaximum = chroma?.maximum ?? luma.maximum
      chromaOffset = (chromaMaximum + 1) / 2
      chromaScale = 1 / chromaMaximum
      alphaScale = 1 / (alpha?.maximum ?? 1)
    }

    @inline(__always)
    func write(
      luma: Float, cb: Float?, cr: Float?, alpha: Float?, premultiplied: Bool,
      to target: UnsafeMutablePointer<UInt8>
    ) {
      let y = luma * lumaScale
      var red = y
      var green = y
      var blue = y
      if let cb, let cr {
        let u = (cb - chromaOffset) * chromaScale
        let v = (cr - chromaOffset) * chromaScale
        red = y + redFromCr * v
        green = y - greenFromCb * u - greenFromCr * v
        blue = y + blueFromCb * u
      }
      let a = alpha.map { Self.unit($0 * alphaScale) } ?? 1
      // Colour never exceeds alpha once premultiplied.
      let weight = premultiplied ? 255 : 255 * a
      let limit = 255 * a
      target[0] = Self.byte(min(Self.unit(blue) * weight, limit))
      target[1] = Self.byte(min(Self.unit(green) * weight, limit))
      target[2] = Self.byte(min(Self.unit(red) * weight, limit))
      target[3] = Self.byte(limit)
    }

    @inline(__always)
    private static func unit(_ value: Float) -> Float { min(max(value, 0), 1) }

    @inline(__always)
    private static func byte(_ value: Float) -> UInt8 { UInt8(min(max(value + 0.5, 0), 255)) }
  }
}
