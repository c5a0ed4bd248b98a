import ArgumentParser
import ContactSheet

/// How one style key reaches a property of a flag group: how a setting is checked, and how it
/// fills the property when the command line left it unset.
struct StyleBinding<Flags> {
  let key: StyleKey
  /// The kind of property bound, which must be the key's kind (a test checks).
  let kind: StyleKey.Kind
  /// Refuses a setting the option would not take.
  let check: (StyleSetting) throws -> Void
  /// Gives the property the setting's value, unless it was typed.
  let adopt: (inout Flags, StyleSetting) throws -> Void

  /// An option with one value, nil until typed.
  init<Value: ExpressibleByArgument>(_ key: StyleKey, _ property: WritableKeyPath<Flags, Value?>) {
    self.key = key
    kind = .option
    check = { _ = try $0.value(as: Value.self) }
    adopt = { flags, setting in
      if flags[keyPath: property] == nil { flags[keyPath: property] = try setting.value(as: Value.self) }
    }
  }

  /// A flag, false until typed.
  init(_ key: StyleKey, _ property: WritableKeyPath<Flags, Bool>) {
    self.key = key
    kind = .flag
    check = { _ = try $0.flag() }
    adopt = { flags, setting in
      if !flags[keyPath: property] { flags[keyPath: property] = try setting.flag() }
    }
  }

  /// A repeatable option, empty until typed.
  init(_ key: StyleKey, _ property: WritableKeyPath<Flags, [String]>) {
    self.key = key
    kind = .repeatable
    check = { _ = try $0.list() }
    adopt = { flags, setting in
      if flags[keyPath: property].isEmpty { flags[keyPath: property] = try setting.list() }
    }
  }
}

/// A group of flags whose unset style options a merged style can fill.
protocol StyleAdopting {
  /// One binding per style key the group declares.
  static var styleBindings: [StyleBinding<Self>] { get }
}

extension StyleAdopting {
  /// Fills every style option not typed on the command line from `style`.
  mutating func adopt(_ style: MergedStyle) throws {
    for binding in Self.styleBindings {
      if let setting = style[binding.key.name] { try binding.adopt(&self, setting) }
    }
  }
}

/// Every flag group's bindings together.
enum StyleBindings {
  /// The name and kind of every binding, in declaration order.
  static var declared: [(name: String, kind: StyleKey.Kind)] {
    func entries<Flags>(_ bindings: [StyleBinding<Flags>]) -> [(name: String, kind: StyleKey.Kind)] {
      bindings.map { ($0.key.name, $0.kind) }
    }
    return entries(InputFlags.styleBindings) + entries(LayoutFlags.styleBindings)
      + entries(RenderFlags.styleBindings) + entries(FontFlags.styleBindings)
  }

  /// Each key's check, by name.
  static var checks: [String: (StyleSetting) throws -> Void] {
    func entries<Flags>(_ bindings: [StyleBinding<Flags>]) -> [(String, (StyleSetting) throws -> Void)] {
      bindings.map { ($0.key.name, $0.check) }
    }
    let all =
      entries(InputFlags.styleBindings) + entries(LayoutFlags.styleBindings)
      + entries(RenderFlags.styleBindings) + entries(FontFlags.styleBindings)
    return Dictionary(all, uniquingKeysWith: { first, _ in first })
  }
}
