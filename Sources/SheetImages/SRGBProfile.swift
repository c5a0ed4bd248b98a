import CLCMS

/// The sRGB ICC profile ContactSheet embeds in what it writes (JPEG pages, PDF/X output),
/// made by LittleCMS as an ICC version 2.1 profile, the version every lab's and print shop's
/// software reads.
package enum SRGBProfile {
  /// The profile's bytes (about 3 KB); empty only if LittleCMS cannot make it.
  package static let bytes: [UInt8] = {
    guard let profile = cmsCreate_sRGBProfile() else { return [] }
    defer { cmsCloseProfile(profile) }
    cmsSetProfileVersion(profile, 2.1)
    var size: UInt32 = 0
    guard cmsSaveProfileToMem(profile, nil, &size) != 0, size > 0 else { return [] }
    var bytes = [UInt8](repeating: 0, count: Int(size))
    guard cmsSaveProfileToMem(profile, &bytes, &size) != 0 else { return [] }
    return Array(bytes.prefix(Int(size)))
  }()
}
