/// A failure to set up text drawing.
public struct TextError: Error, CustomStringConvertible, Sendable {
  /// What failed, such as `could not create a Pango context`.
  public var description: String

  /// An error whose message is `description`.
  public init(_ description: String) {
    self.description = description
  }
}
