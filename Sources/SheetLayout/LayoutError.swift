/// Why a layout could not be made; each message names the option and what would work.
public struct LayoutError: Error, Hashable, Sendable, CustomStringConvertible {
  public var description: String

  public init(_ description: String) {
    self.description = description
  }
}
