/// Why a layout could not be made; each message names the option and what would work.
public struct LayoutError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The command-line option at fault (e.g. `--columns`), when one is.
  public var option: String?
  /// What is wrong and what would work.
  public var message: String

  public init(_ description: String) {
    self.option = nil
    self.message = description
  }

  public init(option: String, _ message: String) {
    self.option = option
    self.message = message
  }

  public var description: String {
    option.map { "\($0): \(message)" } ?? message
  }
}
