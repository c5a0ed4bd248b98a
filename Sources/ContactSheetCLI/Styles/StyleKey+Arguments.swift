import ArgumentParser
import ContactSheet

// The style table's keys and values in ArgumentParser's terms: the library holds them as text,
// the command line declares its options and reads their values with these.

extension StyleKey {
  /// The help the option is declared with: the key's help, and its default (options are
  /// optional, so that typed ones can be told apart, and ArgumentParser cannot show it).
  var argumentHelp: ArgumentHelp {
    ArgumentHelp(defaultText.map { "\(help) (default: \($0))" } ?? help, valueName: valueName)
  }

  /// The default as the option's type. Every default is checked against its option's type by
  /// the tests, so a failure here is a mistake in `StyleKeys`.
  func defaultValue<Value: ExpressibleByArgument>(as _: Value.Type = Value.self) -> Value {
    guard let defaultText, let value = Value(argument: defaultText) else {
      preconditionFailure("style key '\(name)' has no default that reads as \(Value.self)")
    }
    return value
  }
}
