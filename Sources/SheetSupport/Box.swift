/// An immutable value kept on the heap: a struct that holds a large or rarely set value in a
/// `Box` stores one reference in its place, so arrays of such structs stay small (a million
/// catalog items, most of them without the boxed value).
package final class Box<Value: Sendable>: Sendable {
  /// The value boxed.
  package let value: Value

  /// A box holding `value`.
  package init(_ value: Value) {
    self.value = value
  }
}
