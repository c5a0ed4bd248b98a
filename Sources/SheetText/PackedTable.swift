/// A hash table from nonzero 64-bit keys to integers, for the fast path's caches looked up
/// several times per segment (kerning pairs, character advances): open addressing with linear
/// probing on two flat arrays, which cost a fraction of a `Dictionary` lookup (no hashing of
/// the key through `Hasher`, no copy-on-write check of a nested collection). Not thread-safe.
///
/// Its storage is not checked for exclusive access at run time (three checks per lookup, 3 % of
/// a million-caption layout's CPU): each table belongs to one thread's ``SegmentTable``, and no
/// method calls out while it reads or changes the storage, so no two accesses can overlap.
final class PackedTable {
  @exclusivity(unchecked) private var keys: [UInt64]
  @exclusivity(unchecked) private var values: [Int]
  @exclusivity(unchecked) private var count = 0
  @exclusivity(unchecked) private var shift: UInt64

  /// An empty table.
  init() {
    keys = [UInt64](repeating: 0, count: 1 << 10)
    values = [Int](repeating: 0, count: 1 << 10)
    shift = 64 - 10
  }

  /// The value stored for `key` (never 0), or nil.
  func value(_ key: UInt64) -> Int? {
    var slot = index(key)
    // Probed through one buffer: no bounds check or access check per probe.
    let found = keys.withUnsafeBufferPointer { keys -> Int? in
      let mask = keys.count - 1
      while true {
        let found = keys[slot]
        if found == key { return slot }
        if found == 0 { return nil }
        slot = (slot + 1) & mask
      }
    }
    return found.map { values[$0] }
  }

  /// Stores `value` for `key` (never 0).
  func set(_ key: UInt64, _ value: Int) {
    precondition(key != 0, "PackedTable keys are nonzero")
    if (count + 1) * 2 > keys.count { grow() }
    let mask = keys.count - 1
    var slot = index(key)
    while keys[slot] != 0 && keys[slot] != key { slot = (slot + 1) & mask }
    if keys[slot] == 0 { count += 1 }
    keys[slot] = key
    values[slot] = value
  }

  /// Fibonacci hashing: the top bits of the key times 2⁶⁴/φ.
  private func index(_ key: UInt64) -> Int {
    Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift)
  }

  private func grow() {
    let oldKeys = keys
    let oldValues = values
    keys = [UInt64](repeating: 0, count: oldKeys.count * 2)
    values = [Int](repeating: 0, count: oldKeys.count * 2)
    shift -= 1
    count = 0
    for (key, value) in zip(oldKeys, oldValues) where key != 0 { set(key, value) }
  }
}
