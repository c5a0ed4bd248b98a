// Reading a setting's value as its key's type, and checking a whole style layer.

extension StyleSetting {
  /// The value of an option, read as the option's type.
  package func value<Value: StyleValueType>(as _: Value.Type = Value.self) throws -> Value {
    switch value {
    case .text(let text):
      if let converted = Value(styleText: text) { return converted }
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
  private static func expectation<Value: StyleValueType>(for _: Value.Type) -> String {
    let choices = Value.styleChoices
    if !choices.isEmpty { return "use one of \(choices.joined(separator: ", "))" }
    if Value.self == Int.self { return "give a whole number" }
    if Value.self == Double.self { return "give a number" }
    return "see `contactsheet render --help`"
  }
}

extension StyleSetting {
  /// Refuses a value `key`'s option would not take.
  package func check(as key: StyleKey) throws {
    switch key.kind {
    case .option: _ = try value(as: key.valueType)
    case .flag: _ = try flag()
    case .repeatable: _ = try list()
    }
  }
}

extension StyleLayer {
  /// Refuses keys that are not style keys (suggesting the nearest one), run options such as
  /// `output`, a key set twice (`shadow: {blur: …}` beside `shadow-blur: …`), and values the
  /// key's option would not take.
  package func validate() throws {
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
      guard let key = StyleKeys.named(setting.key) else {
        let suggestion = KeySuggestion.nearest(to: setting.key, among: StyleKeys.all.map(\.name))
        let hint =
          suggestion.map { "; did you mean '\($0)'?" } ?? "; `contactsheet style --default` lists them all"
        throw InputError(
          "\(setting.origin): '\(setting.key)' is not a style key (contactsheet has no --\(setting.key) option)\(hint)"
        )
      }
      try setting.check(as: key)
    }
  }
}
