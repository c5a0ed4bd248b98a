import ArgumentParser
import ContactSheet

/// A subcommand whose look can come from presets, manifests and style files as well as flags.
protocol StyledCommand: ParsableCommand {
  var inputFlags: InputFlags { get set }
  var layoutFlags: LayoutFlags { get set }
  var renderFlags: RenderFlags { get set }
  var fontFlags: FontFlags { get set }
}

extension StyledCommand {
  /// Reads the manifests among the inputs (once: the catalog is built from the same values),
  /// checks each style layer, merges them — preset, then each manifest's `style`, then
  /// `--style`, later winning — and fills every style option the command line left unset, so
  /// the flags typed win over all of them.
  mutating func applyStyles() throws {
    inputFlags.manifests = try ManifestReader.readAll(inputFlags.inputs)
    let layers = try styleLayers()
    for layer in layers { try layer.validate() }
    let style = MergedStyle(layers)
    try inputFlags.adopt(style)
    try layoutFlags.adopt(style)
    try renderFlags.adopt(style)
    try fontFlags.adopt(style)
  }

  /// The style layers the inputs name, in the order they apply.
  private func styleLayers() throws -> [StyleLayer] {
    var layers: [StyleLayer] = []
    if let name = inputFlags.preset {
      guard let preset = Preset(rawValue: name.lowercased()) else {
        throw InputError(
          "--preset \(name) is not a preset; use one of: \(Preset.allCases.map(\.rawValue).joined(separator: ", "))"
        )
      }
      layers.append(preset.layer)
    }
    for input in inputFlags.inputs {
      if let manifest = inputFlags.manifests[input], !manifest.style.isEmpty {
        layers.append(StyleLayer(settings: manifest.style))
      }
    }
    if let path = inputFlags.style { layers.append(try StyleFile.layer(path: path)) }
    return layers
  }
}
