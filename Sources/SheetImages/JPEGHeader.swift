/// What a JPEG's markers say before the image data: size, colour components, whether an
/// Adobe segment marks inverted CMYK, and where the EXIF segment is. Read by walking the
/// segments, so only the first kilobytes of a file are needed.
struct JPEGHeader: Hashable, Sendable {
  var width: Int
  var height: Int
  /// 1 grey, 3 YCbCr or RGB, 4 CMYK or YCCK.
  var components: Int
  var progressive: Bool
  /// An Adobe APP14 segment is present: CMYK samples are stored inverted (Photoshop's habit).
  var adobe: Bool
  /// The bytes of the APP1 "Exif" segment's payload (after the length), if any.
  var exif: ArraySlice<UInt8>?

  /// The outcome of scanning a prefix of a file.
  enum Scan {
    case found(JPEGHeader)
    /// The frame header lies beyond the bytes given: read more of the file.
    case needsMoreBytes
    /// Not a well-formed JPEG; the reason is for the file's owner.
    case invalid(String)
  }

  /// Walks the segments of `bytes` (a prefix of the file) up to the frame header.
  static func scan(_ bytes: [UInt8]) -> Scan {
    guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return .invalid("not a JPEG") }
    var offset = 2
    var adobe = false
    var exif: ArraySlice<UInt8>?
    while true {
      // Markers may be padded with any number of 0xFF bytes.
      while offset < bytes.count, bytes[offset] == 0xFF, offset + 1 < bytes.count, bytes[offset + 1] == 0xFF {
        offset += 1
      }
      guard offset + 4 <= bytes.count else { return .needsMoreBytes }
      guard bytes[offset] == 0xFF else {
        return .invalid("JPEG header is corrupt (no marker at byte \(offset))")
      }
      let marker = bytes[offset + 1]
      if marker == 0xD9 || marker == 0xDA { return .invalid("JPEG has no frame header") }
      let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
      guard length >= 2 else { return .invalid("JPEG header is corrupt (segment length \(length))") }
      let payload = offset + 4
      let end = offset + 2 + length
      let isFrame = (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker)
      if isFrame || marker == 0xE1 || marker == 0xEE {
        guard end <= bytes.count else { return .needsMoreBytes }
      }
      if isFrame {
        guard length >= 8 else { return .invalid("JPEG frame header is truncated") }
        let height = Int(bytes[payload + 1]) << 8 | Int(bytes[payload + 2])
        let width = Int(bytes[payload + 3]) << 8 | Int(bytes[payload + 4])
        let progressive = [0xC2, 0xC6, 0xCA, 0xCE].contains(marker)
        return .found(
          JPEGHeader(
            width: width, height: height, components: Int(bytes[payload + 5]), progressive: progressive,
            adobe: adobe, exif: exif))
      }
      if marker == 0xE1, exif == nil, bytes[payload..<end].starts(with: Array("Exif\0\0".utf8)) {
        exif = bytes[payload..<end]
      }
      if marker == 0xEE, bytes[payload..<end].starts(with: Array("Adobe".utf8)) { adobe = true }
      offset = end
    }
  }
}
