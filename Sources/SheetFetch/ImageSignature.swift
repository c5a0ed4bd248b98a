/// Whether downloaded bytes start like a raster image: JPEG, PNG, GIF, WebP, TIFF (BigTIFF too),
/// or HEIF/AVIF (an ISO media `ftyp` box naming one of their brands). Anything else (an HTML
/// error page served with status 200, an SVG, a video) is refused.
enum ImageSignature {
  /// How many leading bytes ``isImage(_:)`` looks at: enough for an `ftyp` box's first
  /// compatible brands.
  static let bytesNeeded = 64

  /// Whether `head`, a file's first bytes (up to ``bytesNeeded``, fewer when the file is
  /// shorter), is the start of a supported image.
  static func isImage(_ head: [UInt8]) -> Bool {
    func has(_ text: String, at offset: Int) -> Bool {
      let bytes = Array(text.utf8)
      return head.count >= offset + bytes.count && Array(head[offset..<offset + bytes.count]) == bytes
    }
    if head.starts(with: [0xFF, 0xD8, 0xFF]) { return true }
    if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return true }
    if has("GIF87a", at: 0) || has("GIF89a", at: 0) { return true }
    if has("RIFF", at: 0) && has("WEBP", at: 8) { return true }
    // TIFF and BigTIFF, little- and big-endian.
    for signature: [UInt8] in [
      [0x49, 0x49, 0x2A, 0x00], [0x4D, 0x4D, 0x00, 0x2A], [0x49, 0x49, 0x2B, 0x00], [0x4D, 0x4D, 0x00, 0x2B],
    ]
    where head.starts(with: signature) {
      return true
    }
    if has("ftyp", at: 4) { return isHEIF(head) }
    return false
  }

  /// Whether an ISO media file's `ftyp` box names HEIF or AVIF: as its major brand, or among the
  /// compatible brands within `head`.
  private static func isHEIF(_ head: [UInt8]) -> Bool {
    let brands: Set<String> = [
      "heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1", "avif", "avis",
    ]
    let boxSize = head.prefix(4).reduce(0) { $0 << 8 | Int($1) }
    let end = min(max(boxSize, 16), head.count)
    var offsets = [8]
    offsets += stride(from: 16, to: end - 3, by: 4)
    return offsets.contains { offset in
      offset + 4 <= head.count && brands.contains(String(decoding: head[offset..<offset + 4], as: UTF8.self))
    }
  }
}
