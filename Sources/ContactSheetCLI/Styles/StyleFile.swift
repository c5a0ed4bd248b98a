import Foundation
import Yams

/// Style files: YAML mappings whose keys are `contactsheet render` options without their
/// dashes (`columns: 3`, `corner-radius: 8pt`). Nested mappings join their keys with a dash
/// (`shadow: {blur: 8pt}` is `shadow-blur: 8pt`), lists repeat an option, `true` turns a flag
/// on. A style is applied as if its options were typed before the command line's own, so
/// the command line always wins.
enum StyleFile {
  /// Options that belong to a run (what to read, where to write, how strictly), not to a style.
  static let excludedKeys: Set<String> = [
    "output", "style", "preset", "quiet", "recursive", "help", "version", "json", "strict", "max-pixels",
    "image-column", "section-column", "sort", "reverse",
  ]

  /// The options a style file at `path` stands for.
  static func arguments(path: String) throws -> [String] {
    let text = try InputText.read(path)
    do {
      guard let root = try Yams.compose(yaml: text) else { return [] }
      return try arguments(from: root, source: path)
    } catch let error as YamlError {
      throw InputError(ManifestReader.describe(error, path: path))
    }
  }

  /// The options a style mapping stands for; `source` names it in messages.
  static func arguments(from node: Node, source: String) throws -> [String] {
    guard let mapping = node.mapping else {
      throw InputError(
        "\(ManifestReader.location(source, node)): a style is a mapping of option names to values, e.g. `columns: 3`"
      )
    }
    var arguments: [String] = []
    try flatten(mapping, prefix: "", source: source, into: &arguments)
    return arguments
  }

  private static func flatten(
    _ mapping: Node.Mapping, prefix: String, source: String, into arguments: inout [String]
  ) throws {
    for (keyNode, value) in mapping {
      guard let rawKey = keyNode.string else { continue }
      let key = prefix + rawKey.replacingOccurrences(of: "_", with: "-")
      if excludedKeys.contains(key) {
        throw InputError(
          "\(ManifestReader.location(source, keyNode)): '\(key)' cannot be set in a style; give it on the command line"
        )
      }
      switch value {
      case .mapping(let nested):
        try flatten(nested, prefix: key + "-", source: source, into: &arguments)
      case .sequence(let list):
        for element in list {
          guard let text = element.string else {
            throw InputError(
              "\(ManifestReader.location(source, element)): '\(key)' lists must hold single values")
          }
          arguments.append("--\(key)=\(text)")
        }
      case .scalar(let scalar):
        // Only plain `true` and `false` are booleans; `title: Off` or `caption: "no"` are text.
        switch (scalar.style == .plain, scalar.string) {
        case (true, "true"):
          arguments.append("--\(key)")
        case (true, "false"):
          // A flag left off; `no-shadow: false` means shadows, which is the default.
          break
        default:
          arguments.append("--\(key)=\(scalar.string)")
        }
      case .alias:
        throw InputError("\(ManifestReader.location(source, value)): aliases are not supported in styles")
      }
    }
  }
}
