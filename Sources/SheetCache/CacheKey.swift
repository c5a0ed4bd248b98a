import SheetDigest
import SheetImages

/// What a cached image depends on, reduced to the digest that names its entry: the photo's
/// bytes (which also carry its orientation and colour profile), the size it was decoded at,
/// how colours were converted, the decoders that made the pixels, and the entry format.
package struct CacheKey: Hashable, Sendable {
  /// The version of the entry format and of the decode pipeline's conventions; raise it when
  /// either changes in a way the decoder identity does not show.
  package static let formatVersion: UInt32 = 2
  /// How colours are converted: every embedded profile to sRGB, relative colorimetric with
  /// black-point compensation (see `ColorManagement`).
  static let colourTransform = "sRGB/relative/bpc"

  /// The SHA-256 of the whole description: the entry's file name, and the key stored in it.
  package let digest: [UInt8]

  /// The key of `contentDigest` (the SHA-256 of the photo's bytes) decoded at `level`, with
  /// `orientation` applied, by the decoders of `decoders` (``DecoderIdentity/current``).
  package init(
    contentDigest: [UInt8], level: ShrinkLevel, orientation: Orientation,
    decoders: String = DecoderIdentity.current
  ) {
    let description = [
      "contactsheet-thumbnail \(Self.formatVersion)",
      "content \(ContentDigest.hex(contentDigest))",
      level.isPreview
        ? "decoded from its embedded preview: \(level.minimumSize.width)x\(level.minimumSize.height)"
        : "decoded at 1/\(1 << level.exponent): \(level.minimumSize.width)x\(level.minimumSize.height)",
      "orientation \(orientation.rawValue)",
      "colour \(Self.colourTransform)",
      "decoders \(decoders)",
    ].joined(separator: "\n")
    digest = ContentDigest.sha256(Array(description.utf8))
  }

  /// The entry's file name.
  package var fileName: String { ContentDigest.hex(digest) + ".thumb" }
}
