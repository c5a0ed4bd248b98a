import SheetLayout

/// Turns a manifest's `items` and `sections` into catalog entries, resolving image paths
/// against the manifest's folder and remembering where each item was written.
package struct ManifestEntryReader {
  /// The manifest file, for messages.
  package let path: String
  /// The folder image paths are relative to.
  package let folder: String
  /// Whether `folder` is normal (``PathText/isNormal(_:)``), found once for all its items.
  private let folderIsNormal: Bool
  /// Whether the manifest is JSON, whose reader refuses a mapping that names a key twice.
  private let keysAreUnique: Bool
  /// The section of the item read last, which the next one most often shares.
  private var lastSection: String?
  /// Keys that mean nothing where they are written, each named with its line (ignored).
  package var warnings: [JobMessage] = []

  /// The keys a section may have.
  static let sectionKeys = ["items", "sections", "subtitle", "title"]

  /// A reader of the manifest at `path`, whose image paths are relative to `folder`.
  package init(path: String, folder: String) {
    self.path = path
    self.folder = folder
    folderIsNormal = PathText.isNormal(folder)
    keysAreUnique = DataDocument.isJSON(path)
  }

  package func scalar(_ node: DataNode, _ key: String) throws -> String {
    guard let text = node.text else {
      throw InputError("\(node.origin(in: path)): '\(key)' must be a single value, not a list or mapping")
    }
    return text
  }

  package func keywords(_ node: DataNode) throws -> String {
    if let list = node.list { return list.compactMap(\.text).joined(separator: ", ") }
    return try scalar(node, "keywords")
  }

  package mutating func sections(_ node: DataNode) throws -> [CatalogEntry] {
    guard let list = node.list else {
      throw InputError("\(node.origin(in: path)): 'sections' must be a list of {title, items}")
    }
    var entries: [CatalogEntry] = []
    for section in list { entries += try self.section(section, after: entries.count) }
    return entries
  }

  /// The entries of one element of a `sections` list (its banner, then its items), after
  /// `made` entries of the list before it; refused before they are made when all of them
  /// would be more than `budget` (what the run has left of ``InputLimits/items``). The
  /// section's `items` are in its tree, or were streamed (`streamed`, the tree's list empty).
  ///
  /// A section may hold `sections` of its own, to any depth (a tree of categories): each
  /// section with items is one banner titled by its path (`Furniture › Tables`); one with only
  /// sections adds its title to theirs.
  package mutating func section(
    _ section: DataNode, items streamed: [StreamedElement] = [], after made: Int,
    budget: Int = InputLimits.items, within parents: [String] = []
  ) throws -> [CatalogEntry] {
    guard let pairs = section.pairs, let own = section["title"]?.text else {
      throw InputError(
        "\(section.origin(in: path)): each section needs a 'title' and 'items' (or 'sections')")
    }
    for pair in pairs {
      guard let key = pair.key.text, !Self.sectionKeys.contains(key) else { continue }
      warnings.append(
        "\(pair.key.origin(in: path)): unknown key '\(key)' in a section, ignored; a section may have \(Self.sectionKeys.joined(separator: ", "))"
      )
    }
    guard parents.count < Self.deepestSection else {
      throw InputError("\(section.origin(in: path)): sections nest at most \(Self.deepestSection) deep")
    }
    guard made + 1 + (section["items"]?.list?.count ?? 0) + streamed.count <= budget else {
      throw InputError(InputLimits.tooManyItems(path))
    }
    let title = (parents + [own]).joined(separator: " › ")
    var entries: [CatalogEntry] = []
    let items = section["items"]
    if items != nil || !streamed.isEmpty || section["sections"] == nil {
      entries.append(.banner(BannerContent(title: title, subtitle: section["subtitle"]?.text)))
    }
    if let items { entries += try self.entries(items, section: title) }
    entries.reserveCapacity(entries.count + streamed.count)
    for element in streamed { entries.append(try entry(element, section: title)) }
    if let children = section["sections"] {
      guard let list = children.list else {
        throw InputError("\(children.origin(in: path)): 'sections' must be a list of {title, items}")
      }
      for child in list {
        entries += try self.section(
          child, after: made + entries.count, budget: budget, within: parents + [own])
      }
    }
    return entries
  }

  /// How deep sections may nest: far more than any catalog's categories, and little enough
  /// that a hostile manifest cannot exhaust the stack.
  static let deepestSection = 32

  package mutating func entries(_ node: DataNode, section: String?) throws -> [CatalogEntry] {
    guard let list = node.list else {
      throw InputError("\(node.origin(in: path)): 'items' must be a list")
    }
    guard list.count <= InputLimits.items else { throw InputError(InputLimits.tooManyItems(path)) }
    var entries: [CatalogEntry] = []
    entries.reserveCapacity(list.count)
    for element in list { entries.append(try entry(element, section: section)) }
    return entries
  }

  /// The entry one element of a streamed `items` list stands for.
  package mutating func entry(_ element: StreamedElement, section: String?) throws -> CatalogEntry {
    switch element {
    case .scalarObject(let object): try entry(object, section: section)
    case .node(let node): try entry(node, section: section)
    }
  }

  /// The entry one element of an `items` list stands for.
  package mutating func entry(_ node: DataNode, section: String?) throws -> CatalogEntry {
    if let image = node.text { return .item(item(image: image, at: node.location, section: section)) }
    guard let pairs = node.pairs else {
      throw InputError("\(node.origin(in: path)): an item is an image path or a mapping with 'image'")
    }
    for pair in pairs where pair.key.isScalar && !pair.value.isScalar {
      let name = pair.key.text ?? ""
      throw InputError("\(pair.value.origin(in: path)): field '\(name)' must be a single value")
    }
    return try entry(ScalarObject(pairs, at: node.location), section: section)
  }

  /// The entry an item's mapping of scalars stands for.
  private mutating func entry(_ object: ScalarObject, section: String?) throws -> CatalogEntry {
    let fields = FieldList(object, namesAreUnique: keysAreUnique)
    if let banner = fields.banner {
      return .banner(BannerContent(title: banner, subtitle: fields.subtitle))
    }
    guard let image = fields.image else {
      throw InputError("\(object.location.origin(in: path)): this item has no 'image' (nor 'banner')")
    }
    let own = fields.section(sameAs: lastSection)
    if own != nil { lastSection = own }
    let knownSize: (width: Int, height: Int)?
    do {
      knownSize = try fields.pixelSize(limit: InputLimits.pixelSide)
    } catch {
      throw InputError("\(object.location.origin(in: path)): \(InputLimits.pixelSizeRule)")
    }
    var result = item(image: image, at: object.location, section: own ?? section)
    result.caption = fields.caption
    result.link = fields.link
    result.knownSize = knownSize
    // Every field but the image and the caption, which the item holds apart; and the section
    // the item is in, whether its own or its list's.
    result.fields = fields.itemFields(section: own ?? section)
    return .item(result)
  }

  private func item(image: String, at location: SourceLocation, section: String?) -> CatalogItem {
    var item = CatalogItem(
      path: PathText.join(folder, image, folderIsNormal: folderIsNormal), file: path,
      line: location.line, column: location.column)
    item.section = section
    return item
  }
}
