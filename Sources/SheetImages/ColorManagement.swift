import CLCMS
import Foundation
import SheetPixels

/// Conversion of decoded pixels from a file's embedded ICC profile, or a HEIF's nclx colour
/// description (primaries and transfer, built into a profile here), to sRGB through LittleCMS:
/// relative colorimetric with black-point compensation, as print proofs expect. Untagged images
/// are taken as sRGB and left alone. One transform per profile and pixel layout is made and
/// kept for the run (keyed by a hash of the profile's bytes, or the nclx code points), so a
/// shoot of photos from one camera builds it once.
enum ColorManagement {
  /// Converts `image` (premultiplied B, G, R, A) in place from `profile` to sRGB. Profiles that
  /// are not RGB (grey, CMYK) or that LittleCMS cannot read leave the pixels as they are.
  static func convertToSRGB(_ image: inout RasterImage, profile: ColorProfile) {
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
    let profile = ColorProfile.icc(ICCProfile.shared(profile))
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

    func transform(for profile: ColorProfile, from layout: PixelLayout) -> Transform? {
      let key = profile.key + "/" + layout.rawValue
      if let known = lock.withLock({ entries[key] }) { return known }
      let made = make(profile, layout)
      lock.withLock {
        if entries.count >= capacity { entries.removeAll() }
        entries[key] = made
      }
      return made
    }

    private func make(_ profile: ColorProfile, _ layout: PixelLayout) -> Transform? {
      guard let input = open(profile) else { return nil }
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

    /// The profile LittleCMS reads: the ICC bytes, or an RGB profile built from nclx primaries,
    /// white point and transfer curve.
    private func open(_ profile: ColorProfile) -> cmsHPROFILE? {
      switch profile {
      case .icc(let icc):
        guard let count = UInt32(exactly: icc.bytes.count) else { return nil }
        return icc.bytes.withUnsafeBytes { cmsOpenProfileFromMem($0.baseAddress, count) }
      case .nclx(let colour):
        guard let curve = Self.toneCurve(transfer: colour.transfer) else { return nil }
        defer { cmsFreeToneCurve(curve) }
        var white = cmsCIExyY(x: colour.white.x, y: colour.white.y, Y: 1)
        var primaries = cmsCIExyYTRIPLE(
          Red: cmsCIExyY(x: colour.red.x, y: colour.red.y, Y: 1),
          Green: cmsCIExyY(x: colour.green.x, y: colour.green.y, Y: 1),
          Blue: cmsCIExyY(x: colour.blue.x, y: colour.blue.y, Y: 1))
        var curves: [OpaquePointer?] = [curve, curve, curve]
        return curves.withUnsafeMutableBufferPointer {
          cmsCreateRGBProfile(&white, &primaries, $0.baseAddress)
        }
      }
    }

    /// The curve from encoded values to linear light for an H.273 transfer characteristic, as
    /// LittleCMS's parametric curves: type 4 is Y = (aX + b)^g above d and Y = cX below it,
    /// type 1 a plain power.
    private static func toneCurve(transfer: UInt16) -> OpaquePointer? {
      switch transfer {
      case 1, 6, 14, 15:
        // BT.709 (and BT.601, BT.2020): the inverse of V = 1.099 L^0.45 − 0.099, V = 4.5 L near black.
        return parametric(4, [1 / 0.45, 1 / 1.099, 0.099 / 1.099, 1 / 4.5, 0.081])
      case 4: return parametric(1, [2.2])
      case 5: return parametric(1, [2.8])
      case 8: return parametric(1, [1])
      case 2, 13: return parametric(4, [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045])
      default: return nil
      }
    }

    private static func parametric(_ type: Int32, _ parameters: [Double]) -> OpaquePointer? {
      parameters.withUnsafeBufferPointer { cmsBuildParametricToneCurve(nil, type, $0.baseAddress) }
    }
  }
}
