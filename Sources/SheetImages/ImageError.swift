/// Why an image could not be read; `reason` is written for the person who owns the file.
public struct ImageError: Error, Hashable, Sendable, CustomStringConvertible {
  public var path: String
  public var reason: String

  public init(path: String, reason: String) {
    self.path = path
    self.reason = reason
  }

  public var description: String { "\(path): \(reason)" }
}
