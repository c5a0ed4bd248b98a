import Foundation

/// Reads JSON and YAML manifests into `Manifest` values, with line and column in every message.
///
/// ```yaml
/// title: Spring catalog
/// author: Ada
/// style: { columns: 3, page: a4 }
/// caption: "<b>{title}</b>\n{price}"
/// items:
///   - { image: photos/a.jpg, title: Lamp, price: "12 €", width: 640, height: 427 }
///   - banner: Chairs
///     subtitle: Oak and ash
/// sections:
///   - title: Tables
///     items: [ { image: photos/t.jpg } ]
/// ```
enum ManifestReader {
  static let topLevelKeys: Set<String> = [
    "title", "author", "subject", "keywords", "style", "caption", "items", "sections",
  ]

  /// The manifest at `path`.
  static func read(_ path: String) throws -> Manifest {
    guard let root = try DataDocument.read(path) else {
      throw InputError("\(path): the manifest is empty; it needs at least an `items` list")
    }
    return try manifest(root, path: path)
  }

  /// The manifests among `inputs` (by extension), each read once, by path.
  static func readAll(_ inputs: [String]) throws -> [String: Manifest] {
    var manifests: [String: Manifest] = [:]
    for input in inputs where isManifest(input) && manifests[input] == nil {
      manifests[input] = try read(input)
    }
    return manifests
  }

  /// Whether an input is read as a manifest.
  static func isManifest(_ path: String) -> Bool {
    InputCollector.manifestExtensions.contains((path as NSString).pathExtension.lowercased())
  }

  /// The manifest that the document `root`, read from `path`, describes.
  static func manifest(_ root: DataNode, path: String) throws -> Manifest {
    guard let pairs = root.pairs else {
      throw InputError(
        "\(root.origin(in: path)): a manifest is a mapping with `items` (and optionally title, author, style, sections)"
      )
    }
    var manifest = Manifest(path: path)
    let entries = ManifestEntryReader(path: path, folder: PathText.folder(of: path))
    for pair in pairs {
      guard let key = pair.key.text else { continue }
      let value = pair.value
      switch key {
      case "title": manifest.title = try entries.scalar(value, key)
      case "author": manifest.author = try entries.scalar(value, key)
      case "subject": manifest.subject = try entries.scalar(value, key)
      case "keywords": manifest.keywords = try entries.keywords(value)
      case "caption": manifest.caption = (try entries.scalar(value, key), value.location)
      case "style": manifest.style = try StyleLayer.settings(from: value, path: path)
      case "items": manifest.entries += try entries.entries(value, section: nil)
      case "sections": manifest.entries += try entries.sections(value)
      default:
        throw InputError(
          "\(pair.key.origin(in: path)): unknown key '\(key)'; a manifest may have \(topLevelKeys.sorted().joined(separator: ", "))"
        )
      }
    }
    return manifest
  }
}
