/// What a JPEG's markers say before the image data: size, colour components, whether an
/// Adobe segment marks inverted CMYK, and the EXIF, ICC profile, XMP and IPTC segments. Read by
/// walking the segments, so only the first kilobytes of a file are needed.
package struct JPEGHeader: Hashable, Sendable {
  package var width: Int
  package var height: Int
  package var frame: JPEGFrame
  /// The APP1 "Exif" segment's payload (after the length), if any.
  package var exif: ArraySlice<UInt8>?
  /// The APP2 "ICC_PROFILE" segments' data joined in sequence order; nil when there are none or
  /// their sequence numbers do not make a whole.
  package var iccProfile: [UInt8]?
  /// The XMP packet of the APP1 "http://ns.adobe.com/xap/1.0/" segment, if any.
  package var xmp: ArraySlice<UInt8>?
  /// The APP13 "Photoshop 3.0" segment's payload (where IPTC-IIM lives), if any.
  package var iptc: ArraySlice<UInt8>?

  /// The outcome of scanning a prefix of a file.
  package enum Scan {
    case found(JPEGHeader)
    /// The frame header lies beyond the bytes given: read at least this many.
    case needsMoreBytes(Int)
    /// Not a well-formed JPEG; the reason is for the file's owner.
    case invalid(String)
  }

  /// The start of an APP1 segment holding EXIF.
  package static let exifSignature: [UInt8] = Array("Exif\0\0".utf8)
  package static let iccSignature: [UInt8] = Array("ICC_PROFILE\0".utf8)
  package static let xmpSignature: [UInt8] = Array("http://ns.adobe.com/xap/1.0/\0".utf8)
  package static let photoshopSignature: [UInt8] = Array("Photoshop 3.0\0".utf8)

  /// Walks the segments of `bytes` (a prefix of the file) up to the frame header.
  package static func scan(_ bytes: [UInt8]) -> Scan {
    guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return .invalid("not a JPEG") }
    var offset = 2
    var adobe = false
    var exif: ArraySlice<UInt8>?
    var xmp: ArraySlice<UInt8>?
    var iptc: ArraySlice<UInt8>?
    var iccChunks = ICCChunks()
    while true {
      // Markers may be padded with any number of 0xFF bytes.
      while offset < bytes.count, bytes[offset] == 0xFF, offset + 1 < bytes.count, bytes[offset + 1] == 0xFF {
        offset += 1
      }
      guard offset + 4 <= bytes.count else { return .needsMoreBytes(offset + 4) }
      guard bytes[offset] == 0xFF else {
        return .invalid("JPEG header is corrupt (no marker at byte \(offset))")
      }
      let marker = bytes[offset + 1]
      if marker == 0xD9 || marker == 0xDA { return .invalid("JPEG has no frame header") }
      // Two bytes: a segment is never longer than 64 KB.
      let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
      guard length >= 2 else { return .invalid("JPEG header is corrupt (segment length \(length))") }
      let payload = offset + 4
      let end = offset + 2 + length
      let isFrame = (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker)
      if isFrame || [0xE1, 0xE2, 0xED, 0xEE].contains(marker) {
        guard end <= bytes.count else { return .needsMoreBytes(end) }
      }
      // Segments not read below may run past the bytes at hand: they are skipped unread.
      let data = end <= bytes.count ? bytes[payload..<end] : []
      if isFrame {
        guard length >= 8 else { return .invalid("JPEG frame header is truncated") }
        let height = Int(bytes[payload + 1]) << 8 | Int(bytes[payload + 2])
        let width = Int(bytes[payload + 3]) << 8 | Int(bytes[payload + 4])
        let progressive = [0xC2, 0xC6, 0xCA, 0xCE].contains(marker)
        let components = Int(bytes[payload + 5])
        let frame = JPEGFrame(
          components: components, progressive: progressive, adobe: adobe,
          samplesPerPixel: JPEGFrame.samplesPerPixel(bytes[payload + 6..<end], components: components))
        return .found(
          JPEGHeader(
            width: width, height: height, frame: frame, exif: exif, iccProfile: iccChunks.joined(), xmp: xmp,
            iptc: iptc))
      }
      switch marker {
      case 0xE1 where exif == nil && data.starts(with: exifSignature): exif = data
      case 0xE1 where xmp == nil && data.starts(with: xmpSignature): xmp = data.dropFirst(xmpSignature.count)
      case 0xED where iptc == nil && data.starts(with: photoshopSignature): iptc = data
      case 0xE2 where data.starts(with: iccSignature): iccChunks.add(data.dropFirst(iccSignature.count))
      case 0xEE where data.starts(with: Array("Adobe".utf8)): adobe = true
      default: break
      }
      offset = end
    }
  }
}

/// What TurboJPEG cannot tell the decoder that the frame header and markers do.
package struct JPEGFrame: Hashable, Sendable {
  /// 1 grey, 3 YCbCr or RGB, 4 CMYK or YCCK.
  package var components: Int
  package var progressive: Bool
  /// An Adobe APP14 segment is present: CMYK samples are stored inverted (Photoshop's habit).
  package var adobe: Bool
  /// Samples stored per pixel, over all components with their subsampling (3 for 4:4:4, 1.5
  /// for 4:2:0): what a progressive decode holds as coefficients, 2 bytes each.
  package var samplesPerPixel: Double

  /// The samples per pixel of a frame header's component list (`specs`, 3 bytes a component:
  /// id, sampling factors, table); `components` when the list is short or a factor is 0.
  package static func samplesPerPixel(_ specs: ArraySlice<UInt8>, components: Int) -> Double {
    let factors = stride(from: specs.startIndex, to: specs.startIndex + 3 * components, by: 3).compactMap {
      index -> (Int, Int)? in
      guard index + 1 < specs.endIndex else { return nil }
      let byte = specs[index + 1]
      return (Int(byte >> 4), Int(byte & 15))
    }
    guard factors.count == components, components > 0, factors.allSatisfy({ $0.0 > 0 && $0.1 > 0 }) else {
      return Double(max(components, 1))
    }
    let largest = Double(factors.map(\.0).max()! * factors.map(\.1).max()!)
    return factors.reduce(0) { $0 + Double($1.0 * $1.1) / largest }
  }
}

/// The pieces of an ICC profile split over APP2 segments, each numbered `n` of `count`.
private struct ICCChunks {
  private var chunks: [(sequence: Int, count: Int, data: ArraySlice<UInt8>)] = []

  mutating func add(_ chunk: ArraySlice<UInt8>) {
    guard chunk.count > 2 else { return }
    chunks.append((Int(chunk[chunk.startIndex]), Int(chunk[chunk.startIndex + 1]), chunk.dropFirst(2)))
  }

  /// The profile, when the pieces are numbered 1 … count, each once, with the same count.
  func joined() -> [UInt8]? {
    guard let count = chunks.first?.count, count == chunks.count else { return nil }
    let ordered = chunks.sorted { $0.sequence < $1.sequence }
    guard ordered.enumerated().allSatisfy({ $1.sequence == $0 + 1 && $1.count == count }) else { return nil }
    return ordered.flatMap(\.data)
  }
}
