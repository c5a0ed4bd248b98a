/// Everything one manifest file says, read once: the style layer it adds and the catalog
/// entries it holds come from this one value.
struct Manifest {
  /// The manifest file, as given.
  var path: String
  var title: String?
  var author: String?
  var subject: String?
  var keywords: String?
  /// The caption template for items without their own, and where it was written.
  var caption: (text: String, location: SourceLocation)?
  /// The `style` mapping, flattened to settings in the order written (a style layer).
  var style: [StyleSetting] = []
  /// Items and banners in reading order; each item knows the `file:line:column` it came from.
  var entries: [CatalogEntry] = []

  init(path: String) {
    self.path = path
  }
}

extension Catalog {
  /// Adds a manifest's entries, and its metadata where it gives any.
  mutating func add(_ manifest: Manifest) {
    if let title = manifest.title { self.title = title }
    if let author = manifest.author { self.author = author }
    if let subject = manifest.subject { self.subject = subject }
    if let keywords = manifest.keywords { self.keywords = keywords }
    if let caption = manifest.caption {
      captionTemplate = caption.text
      captionSource = "\(manifest.path):\(caption.location): caption"
    }
    entries += manifest.entries
    inputFiles.append(manifest.path)
  }
}
