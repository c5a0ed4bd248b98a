/// A file that could not be compared: missing, unreadable, or not an image or PDF.
public struct ComparisonError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The file at fault.
  public var path: String
  /// What is wrong with it, such as `file not found`.
  public var reason: String

  public init(path: String, reason: String) {
    self.path = path
    self.reason = reason
  }

  public var description: String { "\(path): \(reason)" }
}
