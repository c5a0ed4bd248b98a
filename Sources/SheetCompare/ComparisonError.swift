/// A file that could not be compared: missing, unreadable, or not an image or PDF.
public struct ComparisonError: Error, Hashable, Sendable, CustomStringConvertible {
  public var path: String
  public var reason: String

  public init(path: String, reason: String) {
    self.path = path
    self.reason = reason
  }

  public var description: String { "\(path): \(reason)" }
}
