import Synchronization

/// Everything one manifest file says, read once: the style layer it adds and the catalog
/// entries it holds come from this one value.
package struct Manifest {
  /// The manifest file, as given.
  package var path: String
  package var title: String?
  package var author: String?
  package var subject: String?
  package var keywords: String?
  /// The caption template for items without their own, and where it was written.
  package var caption: (text: String, location: SourceLocation)?
  /// The `style` mapping, flattened to settings in the order written (a style layer).
  package var style: [StyleSetting] = []
  /// Keys the manifest has that mean nothing here, each named with its line (ignored).
  package var warnings: [JobMessage] = []
  /// Items and banners in reading order, handed to the catalog once (``takeEntries()``), so the
  /// manifests kept for their styles do not hold a second copy of every item for the run.
  private let handOff = EntryHandOff()

  package init(path: String) {
    self.path = path
  }

  /// Items and banners in reading order; each item knows the `file:line:column` it came from.
  /// Empty once the entries were taken.
  package var entries: [CatalogEntry] {
    get { handOff.entries.withLock { $0 ?? [] } }
    nonmutating set { handOff.entries.withLock { $0 = newValue } }
  }

  /// The entries, which this manifest (and its copies) no longer holds after; nil when they
  /// were taken already.
  package func takeEntries() -> [CatalogEntry]? {
    handOff.entries.withLock { entries in
      defer { entries = nil }
      return entries
    }
  }
}

/// Where a manifest's entries wait for the catalog: nil once taken.
private final class EntryHandOff: Sendable {
  let entries = Mutex<[CatalogEntry]?>([])
}

extension Catalog {
  /// Adds a manifest's entries, and its metadata where it gives any; the entries are taken
  /// from `manifest` (false, and nothing added, when they were taken already).
  package mutating func add(_ manifest: Manifest) -> Bool {
    guard let taken = manifest.takeEntries() else { return false }
    if let title = manifest.title { self.title = title }
    if let author = manifest.author { self.author = author }
    if let subject = manifest.subject { self.subject = subject }
    if let keywords = manifest.keywords { self.keywords = keywords }
    if let caption = manifest.caption {
      captionTemplate = caption.text
      captionSource = "\(manifest.path):\(caption.location): caption"
    }
    if entries.isEmpty {
      entries = taken
    } else {
      entries += taken
    }
    inputFiles.append(manifest.path)
    warnings += manifest.warnings
    return true
  }
}
