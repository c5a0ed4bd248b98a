/// The bytes a C library reads through a callback (libtiff, FFmpeg): it asks for `count` bytes
/// at an offset, and gets what lies there, cut short at the file's end. Passed to the library
/// as an unretained pointer, so its owner keeps it alive while the library may call.
final class CallbackReader {
  /// Bytes at an offset, nil past the end.
  typealias Read = (_ offset: Int, _ count: Int) throws -> ArraySlice<UInt8>?

  private let read: Read
  private let size: Int

  /// A reader of the `size` bytes `read` gives.
  init(_ read: @escaping Read, size: Int) {
    self.read = read
    self.size = size
  }

  /// Copies up to `count` bytes at `offset` into `buffer`: how many it copied, 0 at the end,
  /// -1 when the read failed.
  func read(offset: UInt64, into buffer: UnsafeMutableRawPointer, count: UInt64) -> Int64 {
    guard offset <= UInt64(size) else { return 0 }
    let wanted = Int(min(count, UInt64(size) - offset))
    guard wanted > 0, let bytes = try? read(Int(offset), wanted) else { return wanted == 0 ? 0 : -1 }
    bytes.withUnsafeBytes { buffer.copyMemory(from: $0.baseAddress!, byteCount: bytes.count) }
    return Int64(bytes.count)
  }

  /// The reader behind a library's `context` pointer.
  static func from(_ context: UnsafeMutableRawPointer?) -> CallbackReader {
    Unmanaged<CallbackReader>.fromOpaque(context!).takeUnretainedValue()
  }

  /// The pointer a library is given to call back with.
  var context: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }
}
