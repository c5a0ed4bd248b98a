/// One source of style settings: a preset, a manifest's `style`, or a style file. Layers are
/// checked one by one, so a message names where the key was written (each setting's origin),
/// and then merged, later layers winning.
package struct StyleLayer: Sendable {
  /// The settings in the order written, each with its origin (`look.yaml:3:1`, `preset proof`).
  package var settings: [StyleSetting]

  package init(settings: [StyleSetting]) {
    self.settings = settings
  }

  /// The settings a style mapping stands for, in the order written. Nested mappings join their
  /// keys with a dash (`shadow: {blur: 8pt}` is `shadow-blur`), `_` reads as `-`, lists repeat
  /// an option, and only plain (unquoted) `true` and `false` are booleans.
  package static func settings(from node: DataNode, path: String) throws -> [StyleSetting] {
    guard let pairs = node.pairs else {
      throw InputError(
        "\(node.origin(in: path)): a style is a mapping of option names to values, e.g. `columns: 3`")
    }
    var settings: [StyleSetting] = []
    try flatten(pairs, prefix: "", path: path, into: &settings)
    return settings
  }

  private static func flatten(
    _ pairs: [DataNode.Pair], prefix: String, path: String, into settings: inout [StyleSetting]
  ) throws {
    for pair in pairs {
      guard let rawKey = pair.key.text else { continue }
      let key = prefix + rawKey.replacingOccurrences(of: "_", with: "-")
      let origin = pair.key.origin(in: path)
      switch pair.value.content {
      case .mapping(let nested):
        try flatten(nested, prefix: key + "-", path: path, into: &settings)
      case .list(let elements):
        let values = try elements.map { element in
          guard let text = element.text else {
            throw InputError("\(element.origin(in: path)): '\(key)' lists must hold single values")
          }
          return text
        }
        settings.append(StyleSetting(key: key, value: .list(values), origin: origin))
      case .scalar(let text, let isPlain):
        // Only plain `true` and `false` are booleans; `title: Off` or `caption: "no"` are text.
        let value: StyleValue =
          isPlain && (text == "true" || text == "false") ? .boolean(text == "true") : .text(text)
        settings.append(StyleSetting(key: key, value: value, origin: origin))
      }
    }
  }
}
