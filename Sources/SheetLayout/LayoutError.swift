/// Why a layout could not be made: the setting at fault, when one is, and a message saying
/// what is wrong and what would work. Settings are named by the caller (`spelling`): a style
/// file's key (`gutter`), the command's flag (`--gutter`), a Swift property.
public struct LayoutError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The setting at fault, when one is.
  public var setting: LayoutSetting?
  /// What is wrong and what would work, with the settings it names kept apart from its words.
  public var text: LayoutMessage

  /// An error that is not about one setting.
  public init(_ text: LayoutMessage) {
    self.setting = nil
    self.text = text
  }

  /// An error about `setting`, with `text` saying what is wrong and what would work.
  public init(_ setting: LayoutSetting, _ text: LayoutMessage) {
    self.setting = setting
    self.text = text
  }

  /// An error about the command-line option `option` (`--columns`), as earlier versions made it.
  @available(*, deprecated, message: "use init(_:_:) with a LayoutSetting")
  public init(option: String, _ message: String) {
    let name = option.hasPrefix("--") ? String(option.dropFirst(2)) : option
    self.setting = LayoutSetting(rawValue: name)
    self.text = LayoutMessage(setting == nil ? "\(option): \(message)" : message)
  }

  /// What is wrong and what would work, each setting spelt by `spelling`.
  public func message(spelling: (LayoutSetting) -> String) -> String { text.spelt(spelling) }

  /// What is wrong and what would work, each setting spelt as a style key (`caption-lines`).
  public var message: String { text.spelt(\.rawValue) }

  /// The message, prefixed with the setting at fault and a colon when there is one, every
  /// setting spelt by `spelling`.
  public func description(spelling: (LayoutSetting) -> String) -> String {
    (setting.map { "\(spelling($0)): " } ?? "") + message(spelling: spelling)
  }

  /// The message, prefixed with the setting at fault as a style key (`gutter: …`).
  public var description: String { description(spelling: \.rawValue) }

  /// The command-line option at fault, as `--columns`.
  @available(*, deprecated, message: "use setting; the command line spells it as --\\(setting.rawValue)")
  public var option: String? { setting.map { "--\($0.rawValue)" } }
}

/// A layout setting an error can be about, named (`rawValue`) as style files and presets name
/// it; the command's flags are the same names after `--`.
public enum LayoutSetting: String, Hashable, Sendable, CaseIterable {
  case page
  case columns
  case columnWidth = "column-width"
  case margin
  case gutter
  case rowGap = "row-gap"
  case padding
  case captionGap = "caption-gap"
  case captionLines = "caption-lines"
  case imageAspect = "image-aspect"
  case maxImageHeight = "max-image-height"
  case qrSize = "qr-size"
  case indexColumns = "index-columns"
  case bannerEvery = "banner-every"
  case balance
  case stagger
  case rowHeight = "row-height"
  case rowHeightTolerance = "row-height-tolerance"
  case fullWidthEvery = "full-width-every"
  case cover
  case coverImage = "cover-image"
  /// The padding around a banner's text (set by a style's banner band, not directly).
  case bannerPadding = "banner-padding"
}

/// A layout error's message: words, with the layout settings it names kept apart.
public typealias LayoutMessage = SettingMessage<LayoutSetting>

/// A message that names settings: written as a string, with `\(setting: .page)` where a
/// setting is named, and spelt when it is shown (a style key in the library, a flag on the
/// command line).
public struct SettingMessage<Setting: Hashable & Sendable>: Hashable, Sendable,
  ExpressibleByStringInterpolation,
  CustomStringConvertible
where Setting: RawRepresentable, Setting.RawValue == String {
  enum Part: Hashable, Sendable {
    case text(String)
    case setting(Setting)
  }

  /// Words and settings, words never empty nor two pieces in a row: messages that read the
  /// same compare equal however they were built.
  private(set) var parts: [Part] = []

  /// Adds `part`, joining words to words.
  mutating func append(_ part: Part) {
    switch (parts.last, part) {
    case (_, .text(let text)) where text.isEmpty: return
    case (.text(let last)?, .text(let text)): parts[parts.count - 1] = .text(last + text)
    default: parts.append(part)
    }
  }

  /// A message of plain words.
  public init(stringLiteral value: String) { append(.text(value)) }

  /// A message of the words in `text` (a string made elsewhere), naming no setting.
  public init(_ text: String) { append(.text(text)) }

  /// A message built by interpolation.
  public init(stringInterpolation: StringInterpolation) { self = stringInterpolation.message }

  /// The message with each setting spelt by `spelling`.
  public func spelt(_ spelling: (Setting) -> String) -> String {
    parts.map { part in
      switch part {
      case .text(let text): text
      case .setting(let setting): spelling(setting)
      }
    }.joined()
  }

  /// The message with each setting spelt by its name (`rawValue`: a style key, or a long
  /// option's name without its dashes).
  public var description: String { spelt(\.rawValue) }

  /// The pieces of an interpolated message.
  public struct StringInterpolation: StringInterpolationProtocol {
    var message = SettingMessage("")

    /// Room for `literalCapacity` characters and `interpolationCount` values.
    public init(literalCapacity: Int, interpolationCount: Int) {}

    /// Words of the message.
    public mutating func appendLiteral(_ literal: String) { message.append(.text(literal)) }

    /// A value shown as text (a size, a count).
    public mutating func appendInterpolation<Value>(_ value: Value) { message.append(.text("\(value)")) }

    /// A setting, spelt when the message is shown.
    public mutating func appendInterpolation(setting: Setting) { message.append(.setting(setting)) }

    /// Another message, its settings kept apart.
    public mutating func appendInterpolation(_ other: SettingMessage) {
      for part in other.parts { message.append(part) }
    }
  }
}

extension Sequence {
  /// The messages one after another, `separator` between each two, their settings kept apart.
  public func joined<Setting>(separator: String) -> SettingMessage<Setting>
  where Element == SettingMessage<Setting> {
    var joined = SettingMessage<Setting>("")
    for (index, message) in enumerated() {
      if index > 0 { joined.append(.text(separator)) }
      for part in message.parts { joined.append(part) }
    }
    return joined
  }
}
