/// Style files (`--style FILE`): YAML (or JSON) mappings whose keys are style keys, the
/// `contactsheet render` options without their dashes (`columns: 3`, `corner-radius: 8pt`).
/// Nested mappings join their keys with a dash (`shadow: {blur: 8pt}` is `shadow-blur: 8pt`),
/// lists repeat an option, plain `true` and `false` set a flag.
package enum StyleFile {
  /// The style layer the file at `path` holds.
  package static func layer(path: String) throws -> StyleLayer {
    guard let root = try DataDocument.read(path) else { return StyleLayer(settings: []) }
    return StyleLayer(settings: try StyleLayer.settings(from: root, path: path))
  }
}
