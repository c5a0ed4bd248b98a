/// A value a style gives a key, in the terms every style source shares.
package enum StyleValue: Equatable, Sendable, ExpressibleByStringLiteral, ExpressibleByBooleanLiteral {
  /// One value, as it would be typed after the option.
  case text(String)
  /// A plain `true` or `false`, which only flags take.
  case boolean(Bool)
  /// Several values, for options that repeat.
  case list([String])

  package init(stringLiteral value: String) {
    self = .text(value)
  }

  package init(booleanLiteral value: Bool) {
    self = .boolean(value)
  }
}

/// One key set by one style layer, and where: the value it gives and the place messages name.
package struct StyleSetting: Equatable, Sendable {
  /// The key, dashes joined (`shadow-blur`).
  package var key: String
  package var value: StyleValue
  /// Where the key was written (`look.yaml:3:1`), or the layer's name (`preset proof`).
  package var origin: String

  package init(key: String, value: StyleValue, origin: String) {
    self.key = key
    self.value = value
    self.origin = origin
  }

  /// The value of a flag.
  package func flag() throws -> Bool {
    guard case .boolean(let flag) = value else {
      throw InputError("\(origin): '\(key)' is a flag: write true or false (without quotes)")
    }
    return flag
  }

  /// The values of a repeatable option: a list, or one value.
  package func list() throws -> [String] {
    switch value {
    case .text(let text): return [text]
    case .list(let values): return values
    case .boolean(let flag):
      throw InputError(
        "\(origin): '\(key)' takes values, not \(flag); write it in quotes (\"\(flag)\") if you mean the text"
      )
    }
  }
}
