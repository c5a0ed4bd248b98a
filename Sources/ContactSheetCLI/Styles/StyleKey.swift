import ArgumentParser

/// One style key: a `render` option that presets, manifests and style files may set too.
struct StyleKey: Sendable, Equatable {
  /// How the option takes its value.
  enum Kind: String, Sendable {
    /// One value (`--columns 3`); a style gives it as text.
    case option
    /// On or off (`--no-shadow`); a style gives plain `true` or `false`.
    case flag
    /// Any number of values (`--font-file A --font-file B`); a style gives one or a list.
    case repeatable
  }

  /// The option's long name, which is also the key in a style (`corner-radius`).
  let name: String
  let kind: Kind
  /// What the option does, one sentence or two.
  let help: String
  /// The value used when no layer sets the key, as typed on a command line; nil for none.
  let defaultText: String?
  /// The value's name in `--help` (`<template>`); nil for the name's own.
  let valueName: String?

  init(
    _ name: String, _ kind: Kind = .option, help: String, default defaultText: String? = nil,
    valueName: String? = nil
  ) {
    self.name = name
    self.kind = kind
    self.help = help
    self.defaultText = defaultText
    self.valueName = valueName
  }

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
