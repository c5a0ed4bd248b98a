import ArgumentParser

/// A value a style gives a key, in the terms every style source shares.
enum StyleValue: Equatable, Sendable, ExpressibleByStringLiteral, ExpressibleByBooleanLiteral {
  /// One value, as it would be typed after the option.
  case text(String)
  /// A plain `true` or `false`, which only flags take.
  case boolean(Bool)
  /// Several values, for options that repeat.
  case list([String])

  init(stringLiteral value: String) {
    self = .text(value)
  }

  init(booleanLiteral value: Bool) {
    self = .boolean(value)
  }
}

/// One key set by one style layer, and where: the value it gives and the place messages name.
struct StyleSetting: Equatable, Sendable {
  /// The key, dashes joined (`shadow-blur`).
  var key: String
  var value: StyleValue
  /// Where the key was written (`look.yaml:3:1`), or the layer's name (`preset proof`).
  var origin: String

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

  /// The value of a flag.
  func flag() throws -> Bool {
    guard case .boolean(let flag) = value else {
      throw InputError("\(origin): '\(key)' is a flag: write true or false (without quotes)")
    }
    return flag
  }

  /// The values of a repeatable option: a list, or one value.
  func list() throws -> [String] {
    switch value {
    case .text(let text): return [text]
    case .list(let values): return values
    case .boolean(let flag):
      throw InputError(
        "\(origin): '\(key)' takes values, not \(flag); write it in quotes (\"\(flag)\") if you mean the text"
      )
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
