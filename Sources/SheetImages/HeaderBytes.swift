/// The start of an image file, read as far as its header needs: a first chunk, more only when
/// the header's segments run past it, and single pieces further on (a WebP's metadata chunks
/// after the image data) read where they lie. Backed by one open file, or by bytes in memory.
final class HeaderBytes {
  /// The largest metadata block (ICC profile, EXIF, XMP) a header keeps; larger ones are
  /// skipped before anything is allocated for them.
  static let maxMetadataBytes = 16 << 20

  /// The bytes read so far, from the start of the file.
  private(set) var prefix: [UInt8]
  /// The file's size.
  let totalSize: Int
  /// The open file, nil for bytes in memory.
  let file: ImageFile?

  /// Reads the first `firstRead` bytes of `file`.
  init(file: ImageFile, firstRead: Int) throws {
    self.file = file
    totalSize = file.size
    prefix = try file.read(at: 0, count: firstRead)
  }

  /// `file`, whose first bytes `prefix` were read already.
  init(file: ImageFile, prefix: [UInt8]) {
    self.file = file
    totalSize = file.size
    self.prefix = prefix
  }

  /// A whole file already in memory.
  init(bytes: [UInt8]) {
    file = nil
    totalSize = bytes.count
    prefix = bytes
  }

  /// Reads on until `prefix` holds at least `count` bytes (growing at least twofold, so a long
  /// run of segments costs few reads). False when the file has no more bytes to give.
  func extend(toAtLeast count: Int) throws -> Bool {
    guard let file, prefix.count < totalSize, count > prefix.count else { return false }
    let target = min(totalSize, max(count, prefix.count * 2))
    prefix += try file.read(at: prefix.count, count: target - prefix.count)
    return true
  }

  /// `count` bytes from `offset`, from the prefix when it holds them, else read from the file;
  /// nil when the file ends first.
  func bytes(at offset: Int, count: Int) throws -> ArraySlice<UInt8>? {
    guard offset >= 0, count >= 0, offset <= totalSize, count <= totalSize - offset else { return nil }
    if offset + count <= prefix.count { return prefix[offset..<offset + count] }
    guard let file else { return nil }
    let piece = try file.read(at: offset, count: count)
    return piece.count == count ? piece[...] : nil
  }
}
