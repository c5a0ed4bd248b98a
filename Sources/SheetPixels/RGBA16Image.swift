import CPNG
import Foundation
import SheetSupport

/// A 16-bit image as a 16-bit PNG stores it: R, G, B, A samples of 16 bits per pixel, alpha
/// straight, top row first. What a comparison reads to see changes smaller than an 8-bit step.
public struct RGBA16Image: Sendable, Hashable {
  /// Width in pixels.
  public let width: Int
  /// Height in pixels.
  public let height: Int
  /// `width * height * 4` samples: R, G, B, A.
  public var samples: [UInt16]

  /// An image of `samples` (R, G, B, A, straight alpha); `samples.count` must be
  /// `width * height * 4`.
  public init(width: Int, height: Int, samples: [UInt16]) {
    precondition(samples.count == width * height * 4, "RGBA samples do not match \(width)×\(height)")
    self.width = width
    self.height = height
    self.samples = samples
  }
}

extension PixelFile {
  /// The file at `path` at 16 bits a sample when it is a 16-bit PNG; nil for any other file
  /// (an 8-bit PNG, a JPEG, a WebP).
  ///
  /// - Throws: ``ImageError`` when a 16-bit PNG cannot be read or has more than `maxPixels`
  ///   pixels.
  public static func rgba16(path: String, maxPixels: Int = PixelLimit.default) throws -> RGBA16Image? {
    guard try isSixteenBitPNG(path) else { return nil }
    let bytes: [UInt8]
    do {
      bytes = try RegularFile.contents(path, limit: maxFileBytes)
    } catch {
      throw ImageError(path: path, reason: error.reason)
    }
    let (width, height) = try pngSize(bytes, path: path)
    try checkPixelCount(width, height, maxPixels: maxPixels, path: path)
    var message = [CChar](repeating: 0, count: 256)
    var samples = [UInt16](repeating: 0, count: width * height * 4)
    let limits = cpng_limits(
      max_width: PNGCodec.maxSide, max_height: PNGCodec.maxSide, max_chunk_bytes: PNGCodec.maxChunkBytes)
    let status = bytes.withUnsafeBufferPointer { data in
      samples.withUnsafeMutableBufferPointer { target in
        cpng_read_rgba16(
          data.baseAddress, data.count, limits, Int32(width), Int32(height), target.baseAddress, &message, 256
        )
      }
    }
    guard status == 0 else {
      let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      throw ImageError(path: path, reason: "16-bit PNG cannot be read (\(text))")
    }
    return RGBA16Image(width: width, height: height, samples: samples)
  }

  /// Whether the file at `path` starts as a PNG whose header (IHDR: width, height, then the
  /// bit depth at byte 24) says 16 bits a sample; only those 25 bytes are read.
  package static func isSixteenBitPNG(_ path: String) throws -> Bool {
    var prefix = [UInt8](repeating: 0, count: 25)
    let count: Int
    do {
      let (descriptor, _) = try RegularFile.open(path)
      defer { close(descriptor) }
      count = pread(descriptor, &prefix, prefix.count, 0)
    } catch {
      throw ImageError(path: path, reason: error.reason)
    }
    return count == prefix.count && prefix.starts(with: pngSignature) && prefix[24] == 16
  }
}
