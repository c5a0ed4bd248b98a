import Foundation
import SheetSupport

/// The colour space a file's pixels are in when it says so: an embedded ICC profile, or a HEIF's
/// or AVIF's nclx description (colour primaries and transfer characteristics, H.273 code
/// points). Decoding converts from it to sRGB.
///
/// Headers are kept for the whole run, so an ICC profile's bytes are held once however many
/// files carry it: every header with the same profile shares one copy.
enum ColorProfile: Sendable, Hashable {
  case icc(ICCProfile)
  case nclx(NCLXColour)

  /// The ICC profile's bytes; nil for an nclx description.
  var iccBytes: [UInt8]? {
    if case .icc(let profile) = self { return profile.bytes }
    return nil
  }

  /// Names the colour space for the transform cache: the ICC bytes' hash, or the code points.
  var key: String {
    switch self {
    case .icc(let profile): profile.key
    case .nclx(let colour): colour.key
    }
  }
}

/// An ICC profile's bytes, shared by every header in the run that carries the same profile.
final class ICCProfile: Sendable, Hashable {
  let bytes: [UInt8]
  /// A SHA-256 of the bytes, computed once.
  let key: String

  private init(bytes: [UInt8], key: String) {
    self.bytes = bytes
    self.key = key
  }

  /// The shared copy of `bytes`: the one already made when another file carried the same profile.
  static func shared(_ bytes: [UInt8]) -> ICCProfile {
    let key = SHA256.hex(bytes)
    return store.lock.withLock {
      if let profile = store.known[key] { return profile }
      let profile = ICCProfile(bytes: bytes, key: key)
      // A run rarely sees more than a few profiles; past the cap they are simply not shared.
      if store.known.count < 256 { store.known[key] = profile }
      return profile
    }
  }

  /// The profiles seen so far, by hash.
  private final class Store: @unchecked Sendable {
    let lock = NSLock()
    var known: [String: ICCProfile] = [:]
  }
  private static let store = Store()

  static func == (left: ICCProfile, right: ICCProfile) -> Bool { left.key == right.key }
  func hash(into hasher: inout Hasher) { hasher.combine(key) }
}

/// A HEIF's or AVIF's nclx colour description: where its primaries and white lie (CIE xy) and
/// its transfer characteristics (H.273 code point).
struct NCLXColour: Sendable, Hashable {
  /// H.273 colour primaries code point (1 BT.709, 9 BT.2020, 12 Display P3, …).
  var primaries: UInt16
  /// H.273 transfer characteristics code point (13 sRGB, 1 BT.709, 16 PQ, …).
  var transfer: UInt16
  /// Red, green, blue and white as CIE x, y pairs.
  var red: (x: Double, y: Double)
  var green: (x: Double, y: Double)
  var blue: (x: Double, y: Double)
  var white: (x: Double, y: Double)

  /// Transfer characteristics this reader converts: sRGB (13), BT.709, BT.601 and BT.2020's
  /// (1, 6, 14, 15), gamma 2.2 (4) and 2.8 (5), linear (8), and unspecified (2, taken as sRGB).
  /// PQ and HLG (HDR) are not tone-mapped: such images are shown as their samples are.
  static let convertibleTransfers: Set<UInt16> = [1, 2, 4, 5, 6, 8, 13, 14, 15]

  /// Whether the description needs converting: primaries other than BT.709's (sRGB's), or a
  /// transfer other than sRGB's, that this reader knows how to convert.
  var needsConversion: Bool {
    guard Self.convertibleTransfers.contains(transfer), primaries != 0 else { return false }
    let srgbPrimaries = primaries == 1 || primaries == 2
    let srgbTransfer = transfer == 13 || transfer == 2
    return !(srgbPrimaries && srgbTransfer)
  }

  var key: String { "nclx/\(primaries)/\(transfer)/\(red)/\(green)/\(blue)/\(white)" }

  static func == (left: NCLXColour, right: NCLXColour) -> Bool { left.key == right.key }
  func hash(into hasher: inout Hasher) { hasher.combine(key) }
}
