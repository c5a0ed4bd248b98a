import Foundation

/// A fixed number of result slots that worker threads fill, each at its own index, and that the
/// caller reads once the workers are done (or at any time: reads and writes take a lock).
package final class ConcurrentSlots<Value>: @unchecked Sendable {
  private var values: [Value?]
  private let lock = NSLock()

  /// `count` empty slots.
  package init(count: Int) { values = Array(repeating: nil, count: count) }

  /// Fills slot `index`.
  package func set(_ index: Int, _ value: Value) { lock.withLock { values[index] = value } }

  /// The value in slot `index`, or nil while it is empty.
  package func get(_ index: Int) -> Value? { lock.withLock { values[index] } }
}

/// A counter that threads increment together.
package final class ConcurrentCounter: @unchecked Sendable {
  private var value = 0
  private let lock = NSLock()

  package init() {}

  /// Adds one and returns the new value.
  package func increment() -> Int {
    lock.withLock {
      value += 1
      return value
    }
  }
}
