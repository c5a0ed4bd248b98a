/// The style layers merged as data: for each key, the setting of the last layer that sets it.
package struct MergedStyle {
  private var settings: [String: StyleSetting] = [:]

  /// Merges `layers`, first to last; later layers win.
  package init(_ layers: [StyleLayer]) {
    for layer in layers {
      for setting in layer.settings { settings[setting.key] = setting }
    }
  }

  /// The winning setting of `key`, if any layer sets it.
  package subscript(key: String) -> StyleSetting? {
    settings[key]
  }
}
