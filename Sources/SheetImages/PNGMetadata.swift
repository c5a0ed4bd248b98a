import SheetPixels

/// A PNG's size and the metadata chunks before its image data: `iCCP`, `eXIf` and the
/// `iTXt` chunk holding XMP. Chunks after the first `IDAT` are not looked at.
enum PNGMetadata {
  /// The most chunks walked before the image data; a file with more keeps the metadata found.
  static let maxChunks = 1000

  static func header(_ source: HeaderBytes, path: String, stamp: FileStamp?) throws -> ImageHeader {
    // IHDR is always first: width and height are big-endian at bytes 16…23.
    guard let ihdr = try source.bytes(at: 8, count: 16), ihdr.dropFirst(4).starts(with: Array("IHDR".utf8))
    else { throw ImageError(path: path, reason: "PNG header is missing or truncated") }
    let width = bigEndian(ihdr, at: 8)
    let height = bigEndian(ihdr, at: 12)
    guard width > 0, height > 0 else { throw ImageError(path: path, reason: "PNG header gives no size") }
    return ImageHeader(
      format: .png, storedWidth: width, storedHeight: height, metadata: try metadata(source), codec: .png,
      stamp: stamp)
  }

  private static func metadata(_ source: HeaderBytes) throws -> HeaderMetadata {
    var metadata = HeaderMetadata()
    var offset = 8
    for _ in 0..<maxChunks {
      guard let head = try source.bytes(at: offset, count: 8) else { break }
      let length = bigEndian(head, at: 0)
      let type = String(decoding: head.dropFirst(4), as: UTF8.self)
      guard length <= Int(Int32.max), type != "IDAT", type != "IEND" else { break }
      if ["iCCP", "eXIf", "iTXt"].contains(type), length <= HeaderBytes.maxMetadataBytes,
        let data = try source.bytes(at: offset + 8, count: length)
      {
        read(type, data, into: &metadata)
      }
      offset += 12 + length
    }
    return metadata
  }

  private static func read(_ type: String, _ data: ArraySlice<UInt8>, into metadata: inout HeaderMetadata) {
    switch type {
    case "iCCP" where metadata.iccProfile == nil:
      // Profile name, NUL, compression method (0: zlib), then the compressed profile.
      guard let nul = data.firstIndex(of: 0), nul + 2 <= data.endIndex, data[nul + 1] == 0 else { return }
      metadata.iccProfile = Inflate.zlib(data[(nul + 2)...], limit: HeaderBytes.maxMetadataBytes)
    case "eXIf":
      metadata.exif = ExifBlock.parse(data).fields
    case "iTXt" where metadata.xmp == nil:
      metadata.xmp = xmpText(data)
    default: break
    }
  }

  /// The text of an uncompressed `iTXt` chunk whose keyword is `XML:com.adobe.xmp`.
  private static func xmpText(_ data: ArraySlice<UInt8>) -> [UInt8]? {
    // Keyword, NUL, compression flag, method, language tag, NUL, translated keyword, NUL, text.
    let keyword = Array("XML:com.adobe.xmp\0".utf8)
    guard data.starts(with: keyword) else { return nil }
    let flag = data.startIndex + keyword.count
    guard flag + 2 <= data.endIndex, data[flag] == 0,
      let languageEnd = data[(flag + 2)...].firstIndex(of: 0),
      let translatedEnd = data[(languageEnd + 1)...].firstIndex(of: 0)
    else { return nil }
    return Array(data[(translatedEnd + 1)...])
  }

  private static func bigEndian(_ bytes: ArraySlice<UInt8>, at offset: Int) -> Int {
    let start = bytes.startIndex + offset
    return bytes[start..<start + 4].reduce(0) { $0 << 8 | Int($1) }
  }
}
