/// An image file format, recognised from the file's first bytes, never from its name.
public enum ImageFormat: String, Sendable, Hashable {
  /// JPEG, read through TurboJPEG.
  case jpeg
  /// PNG, read through libpng.
  case png
  /// WebP, read through libwebp.
  case webp
  /// TIFF, read through libtiff.
  case tiff
  /// HEIF (HEIC), read through libheif.
  case heif
  /// AVIF, read through libheif.
  case avif
  /// A camera RAW file (DNG, CR2, CR3, NEF, ARW, RAF, ORF, RW2, PEF, …), read through LibRaw.
  case raw
  /// A video clip (MP4, MOV, M4V, 3GP, MKV, WebM, AVI, MTS/M2TS), read through FFmpeg: its
  /// card shows a poster frame.
  case video

  /// The format whose signature `bytes` start with, or nil. TIFF-structured camera RAW files
  /// whose signature is a plain TIFF's (DNG, NEF, ARW, PEF) sniff as `.tiff`: the header phase
  /// tells them apart from their first directory (see ``ImageHeader``).
  public static func sniff<Bytes: Collection>(_ bytes: Bytes) -> ImageFormat? where Bytes.Element == UInt8 {
    let head = Array(bytes.prefix(64))
    func has(_ text: String, at offset: Int) -> Bool {
      let signature = Array(text.utf8)
      return head.count >= offset + signature.count
        && head[offset..<offset + signature.count].elementsEqual(signature)
    }
    if head.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
    if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
    if has("RIFF", at: 0) && has("WEBP", at: 8) { return .webp }
    // Raw formats with a signature of their own: Canon CR2 ("CR" after a TIFF header) and CRW
    // (a CIFF heap), Olympus ORF, Panasonic RW2, Fujifilm RAF, Minolta MRW, Sigma X3F.
    if (has("II*\0", at: 0) && has("CR", at: 8)) || has("IIRO", at: 0) || has("IIRS", at: 0)
      || has("MMOR", at: 0) || has("IIU\0", at: 0) || has("FUJIFILMCCD-RAW", at: 0)
      || (has("II", at: 0) && has("HEAPCCDR", at: 6)) || has("\0MRM", at: 0) || has("FOVb", at: 0)
    {
      return .raw
    }
    if has("II*\0", at: 0) || has("MM\0*", at: 0) || has("II+\0", at: 0) || has("MM\0+", at: 0) {
      return .tiff
    }
    if has("ftyp", at: 4) { return isoMediaFormat(head) ?? .video }
    // QuickTime files older than `ftyp` start with one of its other top-level boxes, whose size
    // leads it: at least its 8-byte head, and a few kilobytes at most for the small ones (so a
    // text beginning "For free" is not a clip).
    let boxSize = head.prefix(4).reduce(0) { $0 << 8 | Int($1) }
    if head.count >= 8, boxSize >= 8,
      ["moov", "mdat"].contains(where: { has($0, at: 4) })
        || (boxSize <= 4096 && ["wide", "free", "skip", "pnot"].contains(where: { has($0, at: 4) }))
    {
      return .video
    }
    if head.starts(with: [0x1A, 0x45, 0xDF, 0xA3]) { return .video }  // Matroska, WebM (EBML).
    if has("RIFF", at: 0) && has("AVI ", at: 8) { return .video }
    return isTransportStream(bytes.prefix(400)) ? .video : nil
  }

  /// An MPEG transport stream: the sync byte 0x47 starting three 188-byte packets (`.ts`), or
  /// three 192-byte packets each led by a 4-byte time code (`.mts`, `.m2ts` from AVCHD cameras).
  private static func isTransportStream<Bytes: Collection>(_ bytes: Bytes) -> Bool
  where Bytes.Element == UInt8 {
    let head = Array(bytes)
    func synced(first: Int, packet: Int) -> Bool {
      (0..<3).allSatisfy { first + $0 * packet < head.count && head[first + $0 * packet] == 0x47 }
    }
    return synced(first: 0, packet: 188) || synced(first: 4, packet: 192)
  }

  /// HEIF, AVIF or Canon CR3 from an ISO media file's `ftyp` box: its major brand, else the
  /// first compatible brand that names one; nil for the rest (MP4, MOV, M4V, 3GP: videos).
  private static func isoMediaFormat(_ head: [UInt8]) -> ImageFormat? {
    let boxSize = head.prefix(4).reduce(0) { $0 << 8 | Int($1) }
    let end = min(head.count, max(16, boxSize))
    var brands = [String]()
    for offset in Swift.stride(from: 8, to: end - 3, by: 4) where offset != 12 {
      brands.append(String(decoding: head[offset..<offset + 4], as: UTF8.self))
    }
    for brand in brands {
      switch brand {
      case "crx ": return .raw
      case "avif", "avis": return .avif
      case "heic", "heix", "heim", "heis", "hevc", "hevx": return .heif
      default: continue
      }
    }
    return brands.contains { ["mif1", "msf1"].contains($0) } ? .heif : nil
  }

  /// How the format is named in messages.
  public var displayName: String {
    switch self {
    case .jpeg: "JPEG"
    case .png: "PNG"
    case .webp: "WebP"
    case .tiff: "TIFF"
    case .heif: "HEIF"
    case .avif: "AVIF"
    case .raw: "camera RAW"
    case .video: "video"
    }
  }
}
