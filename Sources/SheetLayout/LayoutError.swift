/// Why a layout could not be made; each message names the option and what would work.
public struct LayoutError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The command-line option at fault (e.g. `--columns`), when one is.
  public var option: String?
  /// What is wrong and what would work.
  public var message: String

  /// An error that is not about one option; `description` is the whole message.
  public init(_ description: String) {
    self.option = nil
    self.message = description
  }

  /// An error about `option` (spelt as on the command line, e.g. `--columns`), with `message`
  /// saying what is wrong and what would work.
  public init(option: String, _ message: String) {
    self.option = option
    self.message = message
  }

  /// The message, prefixed with `option` and a colon when there is one.
  public var description: String {
    option.map { "\($0): \(message)" } ?? message
  }
}
