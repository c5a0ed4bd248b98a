/// Unsigned integers as the cache's files store them: little-endian, least significant byte
/// first (entries, ``CacheEntry``, and the digest memo, ``DigestMemo``).
enum LittleEndian {
  /// Appends the bytes of `value` to `bytes`.
  static func append<Value: FixedWidthInteger & UnsignedInteger>(_ value: Value, to bytes: inout [UInt8]) {
    for shift in stride(from: 0, to: Value.bitWidth, by: 8) {
      bytes.append(UInt8(truncatingIfNeeded: value >> shift))
    }
  }

  /// The value whose bytes start at `offset` of `bytes` (the caller checked they are there).
  static func read<Value: FixedWidthInteger & UnsignedInteger>(
    _: Value.Type, from bytes: [UInt8], at offset: Int
  ) -> Value {
    (0..<Value.bitWidth / 8).reduce(0) { $0 | Value(bytes[offset + $1]) << ($1 * 8) }
  }
}
