extension String {
  /// Whether the UTF-8 bytes of the text hold any of `first`, `second` and `third`: read from
  /// the contiguous bytes (a native string's) in one tight loop, since captions are checked
  /// this way several times each.
  package func containsByte(_ first: UInt8, _ second: UInt8, _ third: UInt8) -> Bool {
    if let found = utf8.withContiguousStorageIfAvailable({ bytes in
      bytes.contains { $0 == first || $0 == second || $0 == third }
    }) {
      return found
    }
    return utf8.contains { $0 == first || $0 == second || $0 == third }
  }
}
