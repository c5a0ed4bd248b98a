/// Serves small reads of a file from 64 KB blocks: libtiff asks for each strip apart, and a TIFF
/// of one-row strips (a scanner's, or a hostile file declaring 786,433 of them) would otherwise
/// cost a `pread` per strip (1.57 million calls, 1.7 s, for a 232-byte file). Reads of a block
/// or more go to the file directly. Not thread-safe: one reader per decode.
final class BlockReader {
  /// The size of a block.
  static let blockSize = 64 << 10

  private let file: ImageFile
  /// Where `block` starts in the file.
  private var start = 0
  private var block: [UInt8] = []

  init(_ file: ImageFile) {
    self.file = file
  }

  /// The `count` bytes at `offset`, or nil when the file ends before them.
  func read(at offset: Int, count: Int) throws -> ArraySlice<UInt8>? {
    guard offset >= 0, count >= 0, case (let end, false) = offset.addingReportingOverflow(count) else {
      return nil
    }
    if offset >= start, end <= start + block.count { return block[(offset - start)..<(end - start)] }
    if count >= Self.blockSize {
      let piece = try file.read(at: offset, count: count)
      return piece.count == count ? piece[...] : nil
    }
    block = try file.read(at: offset, count: Self.blockSize)
    start = offset
    return block.count >= count ? block[0..<count] : nil
  }
}
