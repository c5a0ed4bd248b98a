import CPNG
import CWebP

extension PixelFile {
  /// The versions of the decoding libraries whose output can change decoded pixels (libpng,
  /// libwebp), for fingerprints stored beside golden images.
  public static var libraryVersions: [String: String] {
    let webp = Int(WebPGetDecoderVersion())
    return [
      "libpng": cpng_version().map { String(cString: $0) } ?? "unknown",
      "libwebp": "\(webp >> 16).\(webp >> 8 & 0xFF).\(webp & 0xFF)",
    ]
  }
}
