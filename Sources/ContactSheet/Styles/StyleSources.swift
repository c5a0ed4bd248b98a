/// Where a job's style comes from, in the order the layers apply, later ones winning: a
/// preset, then each manifest's `style` (read from the inputs), then a style file, then a job
/// file's style keys, then the settings given last (the command line's flags).
public struct StyleSources {
  /// A built-in style.
  public var preset: Preset?
  /// A YAML or JSON style file.
  public var file: String?
  /// A job file (``JobFile``), whose style keys apply after `file`'s.
  public var job: String?
  /// Settings that win over every other layer, each with its origin.
  package var settings: [StyleSetting] = []

  /// The sources named; none gives the default style.
  public init(preset: Preset? = nil, file: String? = nil) {
    self.preset = preset
    self.file = file
  }

  /// The layers, each checked: the preset, the style of each manifest among `inputs` (read
  /// into `manifests`, whose catalogs are then built from the same values), the file, the job
  /// file, the settings.
  func layers(inputs: [String], manifests: [String: Manifest]) throws -> [StyleLayer] {
    var layers: [StyleLayer] = []
    if let preset { layers.append(preset.layer) }
    for input in inputs {
      if let manifest = manifests[input], !manifest.style.isEmpty {
        layers.append(StyleLayer(settings: manifest.style))
      }
    }
    if let file { layers.append(try StyleFile.layer(path: file)) }
    if let job { layers.append(try JobFile.styleLayer(path: job)) }
    if !settings.isEmpty { layers.append(StyleLayer(settings: settings)) }
    for layer in layers { try layer.validate() }
    return layers
  }
}
