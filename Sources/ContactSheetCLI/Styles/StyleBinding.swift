import ArgumentParser
import ContactSheet

/// How one style key reaches a property of a flag group: a typed flag becomes the key's
/// setting in the command line's style layer, the last and winning one.
struct StyleBinding<Flags> {
  let key: StyleKey
  /// The kind of property bound, which must be the key's kind (a test checks).
  let kind: StyleKey.Kind
  /// The type of the property's value, which must be the key's value type (a test checks).
  let valueType: Any.Type
  /// The setting the flag gives, nil when it was not typed.
  let setting: (Flags) -> StyleSetting?

  /// An option with one value, nil until typed.
  init<Value: ExpressibleByArgument & StyleValueType>(_ key: StyleKey, _ property: KeyPath<Flags, Value?>) {
    self.key = key
    kind = .option
    valueType = Value.self
    setting = { flags in
      flags[keyPath: property].map {
        StyleSetting(key: key.name, value: .text($0.styleText), origin: "--\(key.name)")
      }
    }
  }

  /// A flag, false until typed.
  init(_ key: StyleKey, _ property: KeyPath<Flags, Bool>) {
    self.key = key
    kind = .flag
    valueType = Bool.self
    setting = { flags in
      flags[keyPath: property]
        ? StyleSetting(key: key.name, value: .boolean(true), origin: "--\(key.name)") : nil
    }
  }

  /// A repeatable option, empty until typed.
  init(_ key: StyleKey, _ property: KeyPath<Flags, [String]>) {
    self.key = key
    kind = .repeatable
    valueType = [String].self
    setting = { flags in
      let values = flags[keyPath: property]
      return values.isEmpty ? nil : StyleSetting(key: key.name, value: .list(values), origin: "--\(key.name)")
    }
  }
}

/// A group of flags that set style keys.
protocol StyleAdopting {
  /// One binding per style key the group declares.
  static var styleBindings: [StyleBinding<Self>] { get }
}

extension StyleAdopting {
  /// The settings of the style options typed on the command line.
  var styleSettings: [StyleSetting] {
    Self.styleBindings.compactMap { $0.setting(self) }
  }
}

/// Every flag group's bindings together.
enum StyleBindings {
  /// The name, kind and value type of every binding, in declaration order.
  static var declared: [(name: String, kind: StyleKey.Kind, valueType: Any.Type)] {
    func entries<Flags>(_ bindings: [StyleBinding<Flags>]) -> [(
      name: String, kind: StyleKey.Kind, valueType: Any.Type
    )] {
      bindings.map { ($0.key.name, $0.kind, $0.valueType) }
    }
    return entries(InputFlags.styleBindings) + entries(LayoutFlags.styleBindings)
      + entries(RenderFlags.styleBindings) + entries(FontFlags.styleBindings)
  }
}
