import CZlib
import SheetImages

/// The file format of one cache entry: a fixed header, the decode's warnings (UTF-8, one per
/// line), then the pixels, B G R for opaque images (alpha is always 255 there) or B G R A.
///
/// Header, little-endian: magic `CSTHUMB\0`; format version (UInt32); width, height (UInt32);
/// channels (UInt8: 3 or 4), has-alpha (UInt8), two zero bytes; warnings length (UInt32);
/// four zero bytes; pixel bytes (UInt64); the entry's key (32 bytes); then the CRC-32 of the
/// header's first 72 bytes, the warnings and the pixels (UInt32) and 28 zero bytes.
///
/// The checksum catches damage (a disk error, a file overwritten in place); the length, the
/// header's limits and the key catch the rest. It is a CRC-32 (zlib's, several times faster
/// than SHA-256 over the 2-4 MB of pixels a hit reads) because nothing stronger would help:
/// anyone who can write to the cache folder can write a whole valid entry.
enum CacheEntry {
  static let magic: [UInt8] = Array("CSTHUMB\0".utf8)
  static let headerSize = 104
  /// Entries larger than this many pixels are neither written nor read.
  static let maxPixels = 1 << 28
  static let maxWarningBytes = 1 << 16

  /// The bytes of an entry holding `image` under `key`.
  static func encode(_ image: DecodedImage, key: CacheKey) -> [UInt8] {
    let raster = image.image
    let opaque = !raster.hasAlpha && raster.pixels.withUnsafeBufferPointer(Self.alphaIsOpaque)
    let channels = opaque ? 3 : 4
    let warnings = Array(image.warnings.joined(separator: "\n").utf8.prefix(maxWarningBytes))
    let pixelBytes = raster.width * raster.height * channels
    var bytes = [UInt8]()
    bytes.reserveCapacity(headerSize + warnings.count + pixelBytes)
    bytes += magic
    LittleEndian.append(UInt32(CacheKey.formatVersion), to: &bytes)
    LittleEndian.append(UInt32(raster.width), to: &bytes)
    LittleEndian.append(UInt32(raster.height), to: &bytes)
    bytes += [UInt8(channels), raster.hasAlpha ? 1 : 0, 0, 0]
    LittleEndian.append(UInt32(warnings.count), to: &bytes)
    LittleEndian.append(UInt32(0), to: &bytes)
    LittleEndian.append(UInt64(pixelBytes), to: &bytes)
    bytes += key.digest
    let checksumOffset = bytes.count
    bytes += [UInt8](repeating: 0, count: 32)
    bytes += warnings
    if opaque {
      let count = raster.width * raster.height
      bytes += [UInt8](unsafeUninitializedCapacity: count * 3) { target, done in
        raster.pixels.withUnsafeBufferPointer { source in
          for index in 0..<count {
            target[index * 3] = source[index * 4]
            target[index * 3 + 1] = source[index * 4 + 1]
            target[index * 3 + 2] = source[index * 4 + 2]
          }
        }
        done = count * 3
      }
    } else {
      bytes += raster.pixels
    }
    let checksum = bytes.withUnsafeBytes { buffer in
      Self.checksum([
        UnsafeRawBufferPointer(rebasing: buffer[0..<checksumOffset]),
        UnsafeRawBufferPointer(rebasing: buffer[(checksumOffset + 32)...]),
      ])
    }
    bytes.replaceSubrange(checksumOffset..<checksumOffset + 32, with: checksum)
    return bytes
  }

  /// What a header promises, checked against the limits and the file's size before anything
  /// is allocated.
  struct Header {
    var width: Int
    var height: Int
    var channels: Int
    var hasAlpha: Bool
    var warningBytes: Int
    var pixelBytes: Int

    var totalSize: Int { headerSize + warningBytes + pixelBytes }
  }

  /// The header of an entry whose first ``headerSize`` bytes are `bytes`, if it is one of
  /// ours, for `key`, within the limits and `fileSize` bytes long; nil otherwise, with why.
  static func header(_ bytes: [UInt8], key: CacheKey, fileSize: Int, maxPixels: Int) -> Result<
    Header, Rejection
  > {
    guard bytes.count == headerSize, Array(bytes[0..<8]) == magic else { return .failure(.notAnEntry) }
    guard LittleEndian.read(UInt32.self, from: bytes, at: 8) == CacheKey.formatVersion else {
      return .failure(.otherVersion)
    }
    guard Array(bytes[40..<72]) == key.digest else { return .failure(.otherKey) }
    let width = Int(LittleEndian.read(UInt32.self, from: bytes, at: 12))
    let height = Int(LittleEndian.read(UInt32.self, from: bytes, at: 16))
    let channels = Int(bytes[20])
    let warningBytes = Int(LittleEndian.read(UInt32.self, from: bytes, at: 24))
    let pixelBytes = LittleEndian.read(UInt64.self, from: bytes, at: 32)
    guard (1...65_535).contains(width), (1...65_535).contains(height), channels == 3 || channels == 4,
      width * height <= min(maxPixels, Self.maxPixels), warningBytes <= maxWarningBytes,
      pixelBytes == UInt64(width * height * channels)
    else { return .failure(.badHeader) }
    let header = Header(
      width: width, height: height, channels: channels, hasAlpha: bytes[21] != 0, warningBytes: warningBytes,
      pixelBytes: Int(pixelBytes))
    guard header.totalSize == fileSize else { return .failure(.wrongLength) }
    return .success(header)
  }

  /// The image of an entry whose first ``headerSize`` bytes are `head` (with `header` checked
  /// from them) and whose warnings are `warnings`; `readPixels` fills the buffer it is given
  /// with the entry's pixel bytes (false when it cannot). Opaque pixels are read into the tail
  /// of the image's own buffer and spread to four channels in place, so a hit allocates the
  /// image once (from `spare` when given) and copies nothing more.
  static func decode(
    head: [UInt8], warnings: [UInt8], header: Header, spare: SpareStorage? = nil,
    readPixels: (UnsafeMutableRawBufferPointer) -> Bool
  ) -> Result<DecodedImage, Rejection> {
    guard head.count == headerSize, warnings.count == header.warningBytes else {
      return .failure(.wrongLength)
    }
    let count = header.width * header.height
    var rejection: Rejection?
    var pixels = (spare ?? SpareStorage()).take(count: count * 4)
    pixels.withUnsafeMutableBufferPointer { buffer in
      let whole = UnsafeMutableRawBufferPointer(buffer)
      let stored = UnsafeMutableRawBufferPointer(rebasing: whole[(count * 4 - header.pixelBytes)...])
      guard readPixels(stored) else {
        rejection = .wrongLength
        return
      }
      let checksum = head.withUnsafeBytes { head in
        warnings.withUnsafeBytes { warnings in
          Self.checksum([
            UnsafeRawBufferPointer(rebasing: head[0..<72]), warnings, UnsafeRawBufferPointer(stored),
          ])
        }
      }
      guard checksum == Array(head[72..<104]) else {
        rejection = .checksum
        return
      }
      if header.channels == 3 {
        // Pixel i is read from bytes count + 3i ..< count + 3i + 4 (its three and the next
        // pixel's first) before 4i..4i+3 are written, which are below every byte still
        // unread; the last pixel, whose fourth byte would lie past the buffer, goes alone.
        let raw = UnsafeMutableRawPointer(buffer.baseAddress!)
        var from = count
        for index in 0..<(count - 1) {
          let pixel = raw.loadUnaligned(fromByteOffset: from, as: UInt32.self) | 0xFF00_0000
          raw.storeBytes(of: pixel, toByteOffset: index * 4, as: UInt32.self)
          from += 3
        }
        let last = count - 1
        buffer[last * 4] = buffer[from]
        buffer[last * 4 + 1] = buffer[from + 1]
        buffer[last * 4 + 2] = buffer[from + 2]
        buffer[last * 4 + 3] = 255
      }
    }
    if let rejection {
      spare?.give(pixels)
      return .failure(rejection)
    }
    let warningText = String(decoding: warnings, as: UTF8.self)
    let image = RasterImage(
      width: header.width, height: header.height, pixels: pixels, hasAlpha: header.hasAlpha)
    return .success(
      DecodedImage(
        image: image, warnings: warningText.isEmpty ? [] : warningText.split(separator: "\n").map(String.init)
      )
    )
  }

  /// Why an entry was not used.
  enum Rejection: String, Error {
    case absent = "no entry"
    case notAnEntry = "not a cache entry"
    case otherVersion = "written by another format version"
    case otherKey = "holds another key"
    case badHeader = "its header is out of range"
    case wrongLength = "truncated or overlong"
    case checksum = "checksum mismatch"
  }

  /// The 32-byte checksum field of an entry whose checked bytes are `parts`, in order: their
  /// CRC-32, little-endian, then 28 zero bytes.
  static func checksum(_ parts: [UnsafeRawBufferPointer]) -> [UInt8] {
    var crc = crc32_z(0, nil, 0)
    for part in parts where part.count > 0 {
      crc = crc32_z(crc, part.baseAddress!.assumingMemoryBound(to: UInt8.self), part.count)
    }
    var field: [UInt8] = []
    LittleEndian.append(UInt32(truncatingIfNeeded: crc), to: &field)
    return field + [UInt8](repeating: 0, count: 28)
  }

  private static func alphaIsOpaque(_ pixels: UnsafeBufferPointer<UInt8>) -> Bool {
    var index = 3
    while index < pixels.count {
      if pixels[index] != 255 { return false }
      index += 4
    }
    return true
  }
}
