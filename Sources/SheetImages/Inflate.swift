import CZlib

/// zlib's `inflate` for the one compressed block a header keeps: PNG's `iCCP` profile.
package enum Inflate {
  /// The inflated bytes of the zlib stream `compressed`, or nil when it is malformed or would
  /// inflate to more than `limit` bytes (checked while inflating, so a zip bomb costs nothing).
  package static func zlib(_ compressed: ArraySlice<UInt8>, limit: Int) -> [UInt8]? {
    var stream = z_stream()
    guard inflateInit_(&stream, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
    defer { inflateEnd(&stream) }
    var output = [UInt8]()
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    var input = Array(compressed)
    var status = Z_OK
    input.withUnsafeMutableBufferPointer { source in
      stream.next_in = source.baseAddress
      stream.avail_in = UInt32(source.count)
      while status == Z_OK {
        chunk.withUnsafeMutableBufferPointer { target in
          stream.next_out = target.baseAddress
          stream.avail_out = UInt32(target.count)
          status = inflate(&stream, Z_NO_FLUSH)
          output += target.prefix(target.count - Int(stream.avail_out))
        }
        if output.count > limit { status = Z_MEM_ERROR }
        if status == Z_BUF_ERROR && stream.avail_in == 0 { break }
      }
    }
    return status == Z_STREAM_END ? output : nil
  }
}
