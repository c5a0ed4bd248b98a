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

extension StyleSetting {
  /// The value of an option, read as the option's type.
  func value<Value: ExpressibleByArgument>(as _: Value.Type = Value.self) throws -> Value {
    switch value {
    case .text(let text):
      if let converted = Value(argument: text) { return converted }
      throw InputError("\(origin): '\(key)' cannot be '\(text)'; \(Self.expectation(for: Value.self))")
    case .boolean(let flag):
      throw InputError(
        "\(origin): '\(key)' takes a value, not \(flag); write it in quotes (\"\(flag)\") if you mean the text"
      )
    case .list:
      throw InputError("\(origin): '\(key)' takes one value, not a list")
    }
  }

  /// What would work, for a value that does not read as `Value`.
  private static func expectation<Value: ExpressibleByArgument>(for _: Value.Type) -> String {
    let choices = Value.allValueStrings
    if !choices.isEmpty { return "use one of \(choices.joined(separator: ", "))" }
    if Value.self == Int.self { return "give a whole number" }
    if Value.self == Double.self { return "give a number" }
    return "see `contactsheet render --help`"
  }
}

extension StyleLayer {
  /// Refuses keys that are not style keys (suggesting the nearest one), run options such as
  /// `output`, a key set twice (`shadow: {blur: …}` beside `shadow-blur: …`), and values the
  /// key's option would not take.
  func validate() throws {
    let checks = StyleBindings.checks
    var firstOrigin: [String: String] = [:]
    for setting in settings {
      if let first = firstOrigin[setting.key] {
        let place = first.split(separator: ":").suffix(2).joined(separator: ":")
        throw InputError(
          "\(setting.origin): '\(setting.key)' is already set in this style, at \(place); keep one of them")
      }
      firstOrigin[setting.key] = setting.origin
      if StyleKeys.runOnly.contains(setting.key) {
        throw InputError(
          "\(setting.origin): '\(setting.key)' cannot be set in a style; give it on the command line")
      }
      guard let check = checks[setting.key] else {
        let suggestion = KeySuggestion.nearest(to: setting.key, among: StyleKeys.all.map(\.name))
        throw InputError(
          "\(setting.origin): '\(setting.key)' is not a style key (contactsheet has no --\(setting.key) option)"
            + (suggestion.map { "; did you mean '\($0)'?" }
              ?? "; `contactsheet style --default` lists them all"))
      }
      try check(setting)
    }
  }
}
