/// A failure to set up text drawing.
public struct TextError: Error, CustomStringConvertible, Sendable {
  public var description: String

  public init(_ description: String) {
    self.description = description
  }
}
