import SheetPixels

/// A WebP's size and, for the extended format (VP8X) whose flags announce them, its `ICCP`,
/// `EXIF` and `XMP ` chunks, found by walking chunk headers (`EXIF` and `XMP ` follow the
/// image data, so they are read where they lie, not by reading the image data).
enum WebPMetadata {
  /// The most chunks walked; an animation has one per frame, and its metadata may come after.
  static let maxChunks = 64

  static func header(_ source: HeaderBytes, path: String, stamp: FileStamp?) throws -> ImageHeader {
    let size = try WebPCodec.info(source.prefix, path: path)
    guard size.width > 0, size.height > 0 else {
      throw ImageError(path: path, reason: "WebP header gives no size")
    }
    return ImageHeader(
      format: .webp, storedWidth: size.width, storedHeight: size.height, metadata: try metadata(source),
      codec: .webp(hasAlpha: size.hasAlpha, isAnimated: size.isAnimated), stamp: stamp)
  }

  private enum Flag {
    static let icc: UInt8 = 0x20
    static let exif: UInt8 = 0x08
    static let xmp: UInt8 = 0x04
  }

  private static func metadata(_ source: HeaderBytes) throws -> HeaderMetadata {
    var metadata = HeaderMetadata()
    // "RIFF", size, "WEBP", then the first chunk: "VP8X", its size, then its flags.
    guard let start = try source.bytes(at: 0, count: 21), start.dropFirst(12).starts(with: Array("VP8X".utf8))
    else { return metadata }
    let flags = start[start.startIndex + 20]
    var wanted = Set<String>()
    if flags & Flag.icc != 0 { wanted.insert("ICCP") }
    if flags & Flag.exif != 0 { wanted.insert("EXIF") }
    if flags & Flag.xmp != 0 { wanted.insert("XMP ") }
    let riffEnd = min(source.totalSize, 8 + littleEndian(start, at: 4))
    var offset = 12
    for _ in 0..<maxChunks where !wanted.isEmpty {
      guard offset + 8 <= riffEnd, let head = try source.bytes(at: offset, count: 8) else { break }
      let type = String(decoding: head.prefix(4), as: UTF8.self)
      let length = littleEndian(head, at: 4)
      if wanted.contains(type), length <= HeaderBytes.maxMetadataBytes,
        let data = try source.bytes(at: offset + 8, count: length)
      {
        wanted.remove(type)
        switch type {
        case "ICCP": metadata.iccProfile = Array(data)
        case "EXIF": metadata.exif = ExifBlock.parse(data).fields
        default: metadata.xmp = Array(data)
        }
      }
      // Chunks are padded to an even length.
      offset += 8 + length + (length & 1)
    }
    return metadata
  }

  private static func littleEndian(_ bytes: ArraySlice<UInt8>, at offset: Int) -> Int {
    let start = bytes.startIndex + offset
    return bytes[start..<start + 4].reversed().reduce(0) { $0 << 8 | Int($1) }
  }
}
