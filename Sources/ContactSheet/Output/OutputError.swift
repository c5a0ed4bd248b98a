/// The output could not be written (a folder that is not there, a full disk); the command ends
/// with exit status 3.
public struct OutputError: Error, CustomStringConvertible {
  /// What could not be written, and why.
  public var description: String

  /// An error saying `description`.
  public init(description: String) {
    self.description = description
  }
}
