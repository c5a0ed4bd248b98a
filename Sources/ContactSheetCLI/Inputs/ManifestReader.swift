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

  /// The manifest at `path`. A JSON manifest's top-level items and sections become entries as
  /// they are read (``StreamedItems``), so no tree of them is held; more than `itemBudget`
  /// entries (what the run has left of ``InputLimits/items``) are refused as they come.
  static func read(_ path: String, itemBudget: Int = InputLimits.items) throws -> Manifest {
    let reader = ManifestEntryReader(path: path, folder: PathText.folder(of: path))
    let items = StreamedItems { node, entries in
      guard entries.count < itemBudget else { throw InputError(InputLimits.tooManyItems(path)) }
      entries.append(try reader.entry(node, section: nil))
    }
    // A section is a whole tree of items: each is handed over as soon as it is read, so no
    // tree of them waits for a batch to fill.
    let sections = StreamedItems(batchSize: 1) { node, entries in
      let section = try reader.section(node, after: entries.count, budget: itemBudget)
      entries += section
    }
    let root = try DataDocument.read(path, streaming: ["items", "sections"]) { member, node in
      (member == "items" ? items : sections).add(node)
    }
    guard let root else {
      throw InputError("\(path): the manifest is empty; it needs at least an `items` list")
    }
    return try manifest(root, path: path, streamed: (items, sections), itemBudget: itemBudget)
  }

  /// The manifests among `inputs` (by extension), each read once, by path.
  static func readAll(_ inputs: [String]) throws -> [String: Manifest] {
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
  static func isManifest(_ path: String) -> Bool {
    InputCollector.manifestExtensions.contains((path as NSString).pathExtension.lowercased())
  }

  /// The manifest that the document `root`, read from `path`, describes.
  static func manifest(
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
      case "items":
        // A streamed list is empty in the tree: its entries were made while it was read.
        read += try entries.entries(value, section: nil)
        if let streamed { read.appendTaking(try streamed.items.take()) }
      case "sections":
        read += try entries.sections(value)
        if let streamed { read.appendTaking(try streamed.sections.take()) }
      default:
        throw InputError(
          "\(pair.key.origin(in: path)): unknown key '\(key)'; a manifest may have \(topLevelKeys.sorted().joined(separator: ", "))"
        )
      }
      guard read.count <= itemBudget else { throw InputError(InputLimits.tooManyItems(path)) }
    }
    manifest.entries = read
    return manifest
  }
}

/// The elements of a manifest's top-level `items` or `sections` list turned into entries one at
/// a time, as the JSON reader hands them over: on a second thread, in order, while the reader
/// goes on (``BackgroundBatches``). The first problem is kept (and the rest of the list only
/// read) until the manifest's keys come to the list, so messages come in the same order as
/// from a tree.
final class StreamedItems {
  /// What the background work makes: changed by it only, and read once it is finished.
  private final class Made {
    var entries: [CatalogEntry] = []
    var problem: (any Error)?
  }

  private let made = Made()
  private let batches: BackgroundBatches<DataNode>

  /// Items made by `convert`, which appends the entries of one element to the list's entries
  /// so far; elements are handed over `batchSize` at a time.
  init(batchSize: Int = 2048, convert: @escaping (DataNode, inout [CatalogEntry]) throws -> Void) {
    batches = BackgroundBatches(batchSize: batchSize) { [made] node in
      guard made.problem == nil else { return }
      do {
        try convert(node, &made.entries)
      } catch {
        made.problem = error
        made.entries = []
      }
    }
  }

  /// Waits for the work still queued, when reading stopped at an error before ``take()``: none
  /// may run on while the process reports the error and exits.
  deinit {
    batches.finish()
  }

  /// Makes the entries for one element of the list.
  func add(_ node: DataNode) {
    batches.add(node)
  }

  /// The entries made, which this no longer holds; throws the first problem instead.
  func take() throws -> [CatalogEntry] {
    batches.finish()
    if let problem = made.problem { throw problem }
    defer { made.entries = [] }
    return made.entries
  }
}

extension [CatalogEntry] {
  /// Appends `more`, taking its storage when this is empty rather than copying it.
  mutating func appendTaking(_ more: [CatalogEntry]) {
    if isEmpty { self = more } else { self += more }
  }
}
