import Foundation

/// A fixed number of result slots that worker threads fill, each index by exactly one thread, and
/// that the caller reads after the workers have finished (for example after
/// `DispatchQueue.concurrentPerform` returns). Writes to distinct indices need no lock: each slot
/// is its own memory location.
package final class ConcurrentSlots<Value>: @unchecked Sendable {
  private let values: UnsafeMutableBufferPointer<Value?>

  /// `count` empty slots.
  package init(count: Int) {
    values = .allocate(capacity: max(count, 1))
    values.initialize(repeating: nil)
  }

  deinit {
    values.deinitialize()
    values.deallocate()
  }

  /// Fills slot `index`; call at most once per index, from one thread.
  package func set(_ index: Int, _ value: Value) { values[index] = value }

  /// The value in slot `index`, or nil when it was never filled; call after the writers finish.
  package func get(_ index: Int) -> Value? { values[index] }
}

/// A counter that threads increment together.
package final class ConcurrentCounter: @unchecked Sendable {
  private var value = 0
  private let lock = NSLock()

  package init() {}

  /// Adds `amount` and returns the new value.
  package func add(_ amount: Int) -> Int {
    lock.withLock {
      value += amount
      return value
    }
  }
}
