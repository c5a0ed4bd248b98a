/// One style key: a `render` option that presets, manifests and style files may set too.
package struct StyleKey: Sendable, Equatable {
  /// How the option takes its value.
  package enum Kind: String, Sendable {
    /// One value (`--columns 3`); a style gives it as text.
    case option
    /// On or off (`--no-shadow`); a style gives plain `true` or `false`.
    case flag
    /// Any number of values (`--font-file A --font-file B`); a style gives one or a list.
    case repeatable
  }

  /// The option's long name, which is also the key in a style (`corner-radius`).
  package let name: String
  package let kind: Kind
  /// What the option does, one sentence or two.
  package let help: String
  /// The value used when no layer sets the key, as typed on a command line; nil for none.
  package let defaultText: String?
  /// The value's name in `--help` (`<template>`); nil for the name's own.
  package let valueName: String?
  /// What an option's value is read as (text for most: lengths, colours and templates are
  /// read by the setting that uses them).
  package let valueType: any StyleValueType.Type

  package init(
    _ name: String, _ kind: Kind = .option, _ valueType: any StyleValueType.Type = String.self, help: String,
    default defaultText: String? = nil, valueName: String? = nil
  ) {
    self.name = name
    self.kind = kind
    self.valueType = valueType
    self.help = help
    self.defaultText = defaultText
    self.valueName = valueName
  }

  /// Keys are told apart by name.
  package static func == (a: StyleKey, b: StyleKey) -> Bool { a.name == b.name }
}
