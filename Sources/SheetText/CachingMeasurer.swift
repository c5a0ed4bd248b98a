import SheetLayout

/// A measurer that remembers what it measured: the same text, style and width is measured
/// once. Wraps any measurer; like it, not thread-safe.
///
/// Can start from a table measured ahead, e.g. by ``ParallelMeasurer``.
public final class CachingMeasurer<Base: TextMeasuring>: TextMeasuring {
  private let base: Base
  private var table: [TextRequest: TextMeasurement]
  /// Measurements served from the table.
  public private(set) var hits = 0
  /// Measurements passed to the base measurer.
  public private(set) var misses = 0

  /// A cache in front of `base`, starting from `table` (empty by default): requests found in
  /// the table are answered from it, all others are measured by `base` and added.
  public init(_ base: Base, table: [TextRequest: TextMeasurement] = [:]) {
    self.base = base
    self.table = table
  }

  /// The base measurer's fonts (a table measured ahead must come from the same fonts).
  public var fonts: FontSet { base.fonts }

  /// The size of `text` set in `style` and wrapped at `width` points: from the table when the
  /// same request was seen (compared by UTF-8 bytes), else from the base measurer.
  public func measure(_ text: String, style: TextStyle, width: Double) -> TextMeasurement {
    let request = TextRequest(text: text, style: style, width: width)
    if let known = table[request] {
      hits += 1
      return known
    }
    misses += 1
    let measured = base.measure(text, style: style, width: width)
    table[request] = measured
    return measured
  }
}
