import SheetSupport

/// Picks for random cases, on the package's seeded generator.
extension SeededRandom {
  /// True `percent` times in 100.
  package mutating func chance(_ percent: Int) -> Bool { int(1...100) <= percent }

  /// One of `values`, which must not be empty.
  package mutating func pick<T>(_ values: [T]) -> T { values[int(0...values.count - 1)] }
}
