import CPangoCairo
import CPoppler
import Foundation
import SheetDiff
import SheetSupport

extension EnvironmentFingerprint {
  /// This machine's fingerprint: the versions of cairo, pango, harfbuzz, freetype, fontconfig
  /// and poppler, and the fonts. `fontFiles` are the pinned font files used (those that exist
  /// are hashed); without them, the files fontconfig resolves for `sans-serif`, `serif` and
  /// `monospace` are.
  public static func current(fontFiles: [String]? = nil) -> EnvironmentFingerprint {
    if let fontFiles { return pinned(fontFiles: fontFiles, libraries: libraryVersions()) }
    let fonts = ["sans-serif", "serif", "monospace"].compactMap { family in
      resolvedFile(family: family).map { FontFile(role: family, file: $0, sha256: hash($0)) }
    }
    return EnvironmentFingerprint(libraries: libraryVersions(), fonts: fonts)
  }

  static func libraryVersions() -> [String: String] {
    var versions: [String: String] = [
      "cairo": String(cString: cairo_version_string()),
      "pango": String(cString: pango_version_string()),
      "harfbuzz": String(cString: hb_version_string()),
      "poppler": String(cString: poppler_get_version()),
    ]
    let fontconfig = Int(FcGetVersion())
    versions["fontconfig"] = "\(fontconfig / 10000).\(fontconfig / 100 % 100).\(fontconfig % 100)"
    var library: FT_Library?
    if FT_Init_FreeType(&library) == 0, let library {
      var major: FT_Int = 0
      var minor: FT_Int = 0
      var patch: FT_Int = 0
      FT_Library_Version(library, &major, &minor, &patch)
      FT_Done_FreeType(library)
      versions["freetype"] = "\(major).\(minor).\(patch)"
    }
    return versions
  }

  /// The file fontconfig picks for `family` with the machine's configuration.
  static func resolvedFile(family: String) -> String? {
    guard FcInit() != 0, let pattern = FcNameParse(family) else { return nil }
    defer { FcPatternDestroy(pattern) }
    FcConfigSubstitute(nil, pattern, FcMatchPattern)
    FcDefaultSubstitute(pattern)
    var result = FcResultNoMatch
    guard let match = FcFontMatch(nil, pattern, &result) else { return nil }
    defer { FcPatternDestroy(match) }
    var file: UnsafeMutablePointer<FcChar8>?
    guard FcPatternGetString(match, FC_FILE, 0, &file) == FcResultMatch, let file else { return nil }
    // The file's name as bytes (``PathBytes``): a name that is not UTF-8 is hashed, not lost.
    return PathBytes.string(UnsafeBufferPointer(start: file, count: strlen(file)))
  }
}
