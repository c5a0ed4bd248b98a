/// Why an image could not be read; `reason` is written for the person who owns the file.
public struct ImageError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The file the error is about, as the caller named it (not made absolute).
  public var path: String
  /// What is wrong with it, in words for its owner (for example `is a folder`), without the
  /// path; it reads as a sentence after the path.
  public var reason: String

  /// An error about the file at `path`, saying `reason`.
  public init(path: String, reason: String) {
    self.path = path
    self.reason = reason
  }

  /// `PATH: REASON`, the form in which warnings and errors are printed.
  public var description: String { "\(path): \(reason)" }
}
