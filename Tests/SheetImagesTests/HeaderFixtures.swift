import Foundation
import TestSupport

/// Image files built byte by byte around real fixtures, with the metadata a header test needs.
enum HeaderFixtures {
  /// A small ICC-like payload: the header keeps the bytes, it does not interpret them.
  static let profile: [UInt8] = (0..<600).map { UInt8($0 % 251) }
  static let xmp: [UInt8] = Array(
    "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"><rdf:RDF/></x:xmpmeta>".utf8)

  static func bytes(_ path: String) throws -> [UInt8] {
    try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
  }

  /// Writes `bytes` to a new file named `name` in a folder of its own.
  static func write(_ bytes: [UInt8], name: String, test: String = #function) throws -> String {
    let path = try FixturePaths.temporaryFolder(test).appendingPathComponent(name).path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
  }

  // MARK: JPEG

  /// A JPEG segment: marker, big-endian length (including itself), payload.
  static func segment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] {
    let length = payload.count + 2
    return [0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
  }

  /// `jpeg` with `segments` inserted right after its SOI marker.
  static func jpeg(_ jpeg: [UInt8], inserting segments: [[UInt8]]) -> [UInt8] {
    Array(jpeg[0..<2]) + segments.flatMap { $0 } + jpeg[2...]
  }

  /// APP2 segments carrying `profile` in `count` pieces, numbered in `order`.
  static func iccSegments(_ profile: [UInt8], count: Int, order: [Int]) -> [[UInt8]] {
    let size = (profile.count + count - 1) / count
    return order.map { number in
      let piece = profile[min(profile.count, (number - 1) * size)..<min(profile.count, number * size)]
      return segment(0xE2, Array("ICC_PROFILE\0".utf8) + [UInt8(number), UInt8(count)] + piece)
    }
  }

  static func xmpSegment(_ packet: [UInt8]) -> [UInt8] {
    segment(0xE1, Array("http://ns.adobe.com/xap/1.0/\0".utf8) + packet)
  }

  /// The payload of the first APP1 "Exif" segment of `jpeg` (starting "Exif\0\0").
  static func exifPayload(_ jpeg: [UInt8]) -> [UInt8]? {
    var offset = 2
    while offset + 4 <= jpeg.count, jpeg[offset] == 0xFF {
      let length = Int(jpeg[offset + 2]) << 8 | Int(jpeg[offset + 3])
      let payload = Array(jpeg[(offset + 4)..<(offset + 2 + length)])
      if jpeg[offset + 1] == 0xE1, payload.starts(with: Array("Exif\0\0".utf8)) { return payload }
      offset += 2 + length
    }
    return nil
  }

  // MARK: PNG

  /// A PNG chunk with its CRC, so libpng reads the file too.
  static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    let typed = Array(type.utf8) + data
    return bigEndian(UInt32(data.count)) + typed + bigEndian(crc32(typed))
  }

  /// `png` with `chunks` inserted right after IHDR.
  static func png(_ png: [UInt8], inserting chunks: [[UInt8]]) -> [UInt8] {
    Array(png[0..<33]) + chunks.flatMap { $0 } + png[33...]
  }

  static func bigEndian(_ value: UInt32) -> [UInt8] {
    [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
  }

  static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
  }

  // MARK: WebP

  /// A WebP chunk: fourcc, little-endian size, data padded to an even length.
  static func riffChunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    let size = UInt32(data.count)
    return Array(type.utf8) + littleEndian(size) + data + (data.count % 2 == 1 ? [0] : [])
  }

  /// A simple (VP8) WebP rewritten in the extended format with ICC, EXIF and XMP chunks, and
  /// `padding` bytes of an unknown chunk between the image data and the EXIF chunk.
  static func extendedWebP(
    _ simple: [UInt8], width: Int, height: Int, exif: [UInt8], padding: Int = 0
  ) -> [UInt8] {
    let image = Array(simple[12...])  // The VP8 chunk, as it is.
    let flags: UInt8 = 0x20 | 0x08 | 0x04
    let canvas = littleEndian24(width - 1) + littleEndian24(height - 1)
    var body = Array("WEBP".utf8) + riffChunk("VP8X", [flags, 0, 0, 0] + canvas)
    body += riffChunk("ICCP", profile) + image
    if padding > 0 { body += riffChunk("JUNK", [UInt8](repeating: 0x5A, count: padding)) }
    body += riffChunk("EXIF", exif) + riffChunk("XMP ", xmp)
    return Array("RIFF".utf8) + littleEndian(UInt32(body.count)) + body
  }

  static func littleEndian(_ value: UInt32) -> [UInt8] {
    [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 24)]
  }

  static func littleEndian24(_ value: Int) -> [UInt8] {
    [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF)]
  }
}

extension HeaderFixtures {
  /// `bytes` as a zlib stream of stored (uncompressed) deflate blocks, which any inflater reads.
  static func zlibStored(_ bytes: [UInt8]) -> [UInt8] {
    var stream: [UInt8] = [0x78, 0x01]
    var start = 0
    repeat {
      let end = min(bytes.count, start + 65_535)
      let length = UInt16(end - start)
      stream.append(end == bytes.count ? 1 : 0)
      stream += [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)]
      stream += bytes[start..<end]
      start = end
    } while start < bytes.count
    var a: UInt32 = 1
    var b: UInt32 = 0
    for byte in bytes {
      a = (a + UInt32(byte)) % 65_521
      b = (b + a) % 65_521
    }
    return stream + bigEndian(b << 16 | a)
  }
}
