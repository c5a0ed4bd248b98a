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
package enum ManifestReader {
  package static let topLevelKeys: Set<String> = [
    "title", "author", "subject", "keywords", "style", "caption", "items", "sections",
  ]

  /// The manifest at `path`. A JSON manifest's top-level items and sections become entries as
  /// they are read (``StreamedItems``), so no tree of them is held; more than `itemBudget`
  /// entries (what the run has left of ``InputLimits/items``) are refused as they come.
  package static func read(_ path: String, itemBudget: Int = InputLimits.items) throws -> Manifest {
    var reader = ManifestEntryReader(path: path, folder: PathText.folder(of: path))
    let items = StreamedItems { element, entries in
      guard entries.count < itemBudget else { throw InputError(InputLimits.tooManyItems(path)) }
      entries.append(try reader.entry(element, section: nil))
    }
    // A section's items come before the section that holds them, and wait for it here.
    var sectionItems: [StreamedElement] = []
    let sections = StreamedItems { element, entries in
      // Sections come as nodes: their items are streamed inside them.
      guard case .node(let node) = element else {
        preconditionFailure("a section read as an object of scalars")
      }
      entries += try reader.section(node, items: sectionItems, after: entries.count, budget: itemBudget)
    }
    let root = try DataDocument.read(path, streaming: ["items", "sections", "sections.items"]) {
      member, element in
      switch member {
      case "items": items.add(element)
      case "sections.items": sectionItems.append(element)
      default:
        sections.add(element)
        sectionItems.removeAll(keepingCapacity: true)
      }
    }
    guard let root else {
      throw InputError("\(path): the manifest is empty; it needs at least an `items` list")
    }
    var manifest = try manifest(root, path: path, streamed: (items, sections), itemBudget: itemBudget)
    // What the streamed sections held that means nothing, after the manifest's own keys.
    manifest.warnings = capped(manifest.warnings + reader.warnings, path: path)
    return manifest
  }

  /// The manifests among `inputs` (by extension), each read once, by path.
  /// The first ten of `warnings` about keys that mean nothing, and a count of the others: a
  /// product API's export may carry the same key in every one of 100,000 sections.
  static func capped(_ warnings: [JobMessage], path: String) -> [JobMessage] {
    guard warnings.count > 10 else { return warnings }
    return Array(warnings.prefix(10)) + [
      "\(path): \(warnings.count - 10) more keys that mean nothing here were ignored"
    ]
  }

  package static func readAll(_ inputs: [String]) throws -> [String: Manifest] {
    var manifests: [String: Manifest] = [:]
    // The run's item limit is shared: each manifest may take what the ones before it left.
    var held = 0
    for input in inputs where isManifest(input) && manifests[input] == nil {
      let manifest = try read(input, itemBudget: InputLimits.items - held)
      held += manifest.entries.count
      manifests[input] = manifest
    }
    return manifests
  }

  /// Whether an input is read as a manifest.
  package static func isManifest(_ path: String) -> Bool {
    InputCollector.manifestExtensions.contains((path as NSString).pathExtension.lowercased())
  }

  /// The manifest that the document `root`, read from `path`, describes.
  package static func manifest(
    _ root: DataNode, path: String, streamed: (items: StreamedItems, sections: StreamedItems)? = nil,
    itemBudget: Int = InputLimits.items
  ) throws -> Manifest {
    guard let pairs = root.pairs else {
      throw InputError(
        "\(root.origin(in: path)): a manifest is a mapping with `items` (and optionally title, author, style, sections)"
      )
    }
    var manifest = Manifest(path: path)
    var read: [CatalogEntry] = []
    var entries = ManifestEntryReader(path: path, folder: PathText.folder(of: path))
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
      case "items":
        // A streamed list is empty in the tree: its entries were made while it was read.
        read += try entries.entries(value, section: nil)
        if let streamed { read.appendTaking(try streamed.items.take()) }
      case "sections":
        read += try entries.sections(value)
        if let streamed { read.appendTaking(try streamed.sections.take()) }
      default:
        // A product API's export carries keys of its own: what is understood is read.
        entries.warnings.append(
          "\(pair.key.origin(in: path)): unknown key '\(key)', ignored; a manifest may have \(topLevelKeys.sorted().joined(separator: ", "))"
        )
      }
      guard read.count <= itemBudget else { throw InputError(InputLimits.tooManyItems(path)) }
    }
    manifest.entries = read
    manifest.warnings = entries.warnings
    return manifest
  }
}

/// The elements of a manifest's top-level `items` or `sections` list turned into entries one at
/// a time, as the JSON reader hands them over, on the reading thread: an item read as a
/// ``ScalarObject`` is made from its bytes at once, so no node of it is kept, nor freed on
/// another thread. The first problem is kept (and the rest of the list only read) until the
/// manifest's keys come to the list, so messages come in the same order as from a tree.
package final class StreamedItems {
  private var entries: [CatalogEntry] = []
  private var problem: (any Error)?
  private let convert: (StreamedElement, inout [CatalogEntry]) throws -> Void

  /// Items made by `convert`, which appends the entries of one element to the list's entries
  /// so far.
  package init(convert: @escaping (StreamedElement, inout [CatalogEntry]) throws -> Void) {
    self.convert = convert
  }

  /// Makes the entries for one element of the list.
  package func add(_ element: StreamedElement) {
    guard problem == nil else { return }
    do {
      try convert(element, &entries)
    } catch {
      problem = error
      entries = []
    }
  }

  /// The entries made, which this no longer holds; throws the first problem instead.
  package func take() throws -> [CatalogEntry] {
    if let problem { throw problem }
    defer { entries = [] }
    return entries
  }
}

extension [CatalogEntry] {
  /// Appends `more`, taking its storage when this is empty rather than copying it.
  package mutating func appendTaking(_ more: [CatalogEntry]) {
    if isEmpty { self = more } else { self += more }
  }
}
