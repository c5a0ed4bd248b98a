import CLCMS
import Foundation
import SheetSupport

/// Conversion of decoded pixels from a file's embedded ICC profile to sRGB through LittleCMS:
/// relative colorimetric with black-point compensation, as print proofs expect. Untagged images
/// are taken as sRGB and left alone. One transform per profile and pixel layout is made and
/// kept for the run (keyed by a hash of the profile's bytes), so a shoot of photos from one
/// camera builds it once.
enum ColorManagement {
  /// Converts `image` (premultiplied B, G, R, A) in place from `profile` to sRGB. Profiles that
  /// are not RGB (grey, CMYK) or that LittleCMS cannot read leave the pixels as they are.
  static func convertToSRGB(_ image: inout RasterImage, profile: [UInt8]) {
    let layout: PixelLayout = image.hasAlpha ? .bgraPremultiplied : .bgra
    guard let transform = transforms.transform(for: profile, from: layout) else { return }
    let count = image.width * image.height
    image.pixels.withUnsafeMutableBytes { pixels in
      cmsDoTransform(transform.handle, pixels.baseAddress, pixels.baseAddress, UInt32(count))
    }
  }

  /// Converts C, M, Y, K bytes in place to opaque B, G, R, A through the CMYK `profile`; false
  /// (pixels untouched) when the profile is not a CMYK profile LittleCMS can read. `inverted`
  /// says the inks are stored inverted (255 = no ink), as Adobe's JPEGs do.
  static func convertCMYK(_ pixels: inout [UInt8], profile: [UInt8], inverted: Bool) -> Bool {
    guard let transform = transforms.transform(for: profile, from: inverted ? .cmykInverted : .cmyk) else {
      return false
    }
    pixels.withUnsafeMutableBytes { buffer in
      cmsDoTransform(transform.handle, buffer.baseAddress, buffer.baseAddress, UInt32(buffer.count / 4))
      var index = 3
      while index < buffer.count {
        buffer[index] = 255
        index += 4
      }
    }
    return true
  }

  /// The pixel layouts transforms are made for.
  enum PixelLayout: String, Sendable {
    case bgra, bgraPremultiplied, cmyk, cmykInverted

    var colorSpace: cmsColorSpaceSignature {
      self == .cmyk || self == .cmykInverted ? cmsSigCmykData : cmsSigRgbData
    }

    /// LittleCMS's format word (its `TYPE_…` macros, which Swift cannot import).
    var format: UInt32 {
      switch self {
      case .bgra: Format.rgb | Format.extra(1) | Format.swapAll | Format.swapFirst
      case .bgraPremultiplied:
        Format.rgb | Format.extra(1) | Format.swapAll | Format.swapFirst | Format.premultiplied
      case .cmyk: Format.cmyk
      case .cmykInverted: Format.cmyk | Format.flavorInverted
      }
    }
  }

  /// Pieces of LittleCMS's pixel-format words, as its `…_SH` macros build them.
  private enum Format {
    static let premultiplied: UInt32 = 1 << 23
    static let swapAll: UInt32 = 1 << 10
    static let swapFirst: UInt32 = 1 << 14
    static let flavorInverted: UInt32 = 1 << 13
    static func extra(_ count: UInt32) -> UInt32 { count << 7 }
    /// PT_RGB (4), three channels, one byte each.
    static let rgb: UInt32 = 4 << 16 | 3 << 3 | 1
    /// PT_CMYK (6), four channels, one byte each.
    static let cmyk: UInt32 = 6 << 16 | 4 << 3 | 1
    /// The output: B, G, R, A (alpha copied through), or B, G, R, X from CMYK.
    static let bgraOut: UInt32 = rgb | extra(1) | swapAll | swapFirst
  }

  private static let transforms = TransformCache()

  /// A LittleCMS transform, shared across threads: it is made with `cmsFLAGS_NOCACHE`, the one
  /// flag that makes `cmsDoTransform` safe to call concurrently.
  final class Transform: @unchecked Sendable {
    let handle: cmsHTRANSFORM
    init(_ handle: cmsHTRANSFORM) { self.handle = handle }
    deinit { cmsDeleteTransform(handle) }
  }

  /// Transforms by profile hash and pixel layout; nil entries remember profiles that failed.
  private final class TransformCache: @unchecked Sendable {
    private var entries: [String: Transform?] = [:]
    private let lock = NSLock()
    /// The most transforms kept; past it the cache starts again (a run rarely sees more than a few).
    private let capacity = 64

    init() {
      // LittleCMS reports problems through a global handler; ours keeps stderr clean.
      cmsSetLogErrorHandler { _, _, _ in }
    }

    func transform(for profile: [UInt8], from layout: PixelLayout) -> Transform? {
      let key = SHA256.hex(profile) + "/" + layout.rawValue
      if let known = lock.withLock({ entries[key] }) { return known }
      let made = make(profile, layout)
      lock.withLock {
        if entries.count >= capacity { entries.removeAll() }
        entries[key] = made
      }
      return made
    }

    private func make(_ profile: [UInt8], _ layout: PixelLayout) -> Transform? {
      guard let count = UInt32(exactly: profile.count),
        let input = profile.withUnsafeBytes({ cmsOpenProfileFromMem($0.baseAddress, count) })
      else { return nil }
      defer { cmsCloseProfile(input) }
      guard cmsGetColorSpace(input) == layout.colorSpace, let srgb = cmsCreate_sRGBProfile() else {
        return nil
      }
      defer { cmsCloseProfile(srgb) }
      var flags = UInt32(cmsFLAGS_BLACKPOINTCOMPENSATION) | UInt32(cmsFLAGS_NOCACHE)
      if layout == .bgra || layout == .bgraPremultiplied { flags |= UInt32(cmsFLAGS_COPY_ALPHA) }
      let output = layout == .bgraPremultiplied ? Format.bgraOut | Format.premultiplied : Format.bgraOut
      guard
        let handle = cmsCreateTransform(
          input, layout.format, srgb, output, UInt32(INTENT_RELATIVE_COLORIMETRIC), flags)
      else { return nil }
      return Transform(handle)
    }
  }
}
