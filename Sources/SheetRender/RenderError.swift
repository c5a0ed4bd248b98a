/// A failure to draw or write output.
public struct RenderError: Error, CustomStringConvertible, Sendable {
  /// What failed, naming the file or setting involved.
  public var description: String

  /// An error whose message is `description`.
  public init(_ description: String) {
    self.description = description
  }
}
