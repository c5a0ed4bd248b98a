import Foundation

/// Where a photo's XMP sidecars are, in both conventions: `DSC_0001.NEF.xmp` (darktable, and
/// Lightroom for some formats) and `DSC_0001.xmp` (Lightroom, Bridge, Capture One).
public enum XMPSidecars {
  /// The file extensions of sidecars (compared without case).
  public static let fileExtension = "xmp"

  /// The paths a sidecar of `path` may have, most specific first: `name.ext.xmp`, then
  /// `stem.xmp`, then `partner.ext.xmp` for the other file of a RAW+JPEG pair; each with a
  /// lower- and an upper-case extension.
  ///
  /// - Parameters:
  ///   - path: The photo.
  ///   - partner: The other file of a RAW+JPEG pair shown as this one, whose sidecar applies.
  /// - Returns: The candidate sidecar paths, in the order they are tried.
  public static func candidates(for path: String, partner: String? = nil) -> [String] {
    let stem = (path as NSString).deletingPathExtension
    var bases = [path, stem]
    if let partner { bases.append(partner) }
    var seen: Set<String> = []
    return bases.flatMap { [$0 + ".xmp", $0 + ".XMP"] }.filter { seen.insert($0).inserted }
  }

  /// Whether `name` is a sidecar's file name.
  public static func isSidecar(_ name: String) -> Bool {
    (name as NSString).pathExtension.lowercased() == fileExtension
  }
}
