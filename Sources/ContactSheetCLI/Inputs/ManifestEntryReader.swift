import SheetLayout

/// Turns a manifest's `items` and `sections` into catalog entries, resolving image paths
/// against the manifest's folder and remembering where each item was written.
struct ManifestEntryReader {
  /// The manifest file, for messages.
  let path: String
  /// The folder image paths are relative to.
  let folder: String
  /// Whether `folder` is normal (``PathText/isNormal(_:)``), found once for all its items.
  private let folderIsNormal: Bool
  /// Whether the manifest is JSON, whose reader refuses a mapping that names a key twice.
  private let keysAreUnique: Bool

  /// A reader of the manifest at `path`, whose image paths are relative to `folder`.
  init(path: String, folder: String) {
    self.path = path
    self.folder = folder
    folderIsNormal = PathText.isNormal(folder)
    keysAreUnique = DataDocument.isJSON(path)
  }

  func scalar(_ node: DataNode, _ key: String) throws -> String {
    guard let text = node.text else {
      throw InputError("\(node.origin(in: path)): '\(key)' must be a single value, not a list or mapping")
    }
    return text
  }

  func keywords(_ node: DataNode) throws -> String {
    if let list = node.list { return list.compactMap(\.text).joined(separator: ", ") }
    return try scalar(node, "keywords")
  }

  func sections(_ node: DataNode) throws -> [CatalogEntry] {
    guard let list = node.list else {
      throw InputError("\(node.origin(in: path)): 'sections' must be a list of {title, items}")
    }
    var entries: [CatalogEntry] = []
    for section in list { entries += try self.section(section, after: entries.count) }
    return entries
  }

  /// The entries of one element of a `sections` list (its banner, then its items), after
  /// `made` entries of the list before it; refused before they are made when all of them
  /// would be more than `budget` (what the run has left of ``InputLimits/items``).
  func section(_ section: DataNode, after made: Int, budget: Int = InputLimits.items) throws -> [CatalogEntry]
  {
    guard section.pairs != nil, let title = section["title"]?.text else {
      throw InputError("\(section.origin(in: path)): each section needs a 'title' and 'items'")
    }
    guard made + 1 + (section["items"]?.list?.count ?? 0) <= budget else {
      throw InputError(InputLimits.tooManyItems(path))
    }
    var entries: [CatalogEntry] = [.banner(BannerContent(title: title, subtitle: section["subtitle"]?.text))]
    if let items = section["items"] { entries += try self.entries(items, section: title) }
    return entries
  }

  func entries(_ node: DataNode, section: String?) throws -> [CatalogEntry] {
    guard let list = node.list else {
      throw InputError("\(node.origin(in: path)): 'items' must be a list")
    }
    guard list.count <= InputLimits.items else { throw InputError(InputLimits.tooManyItems(path)) }
    var entries: [CatalogEntry] = []
    entries.reserveCapacity(list.count)
    for element in list { entries.append(try entry(element, section: section)) }
    return entries
  }

  /// The entry one element of an `items` list stands for.
  func entry(_ node: DataNode, section: String?) throws -> CatalogEntry {
    if let image = node.text { return .item(item(image: image, node: node, section: section)) }
    guard let pairs = node.pairs else {
      throw InputError("\(node.origin(in: path)): an item is an image path or a mapping with 'image'")
    }
    for pair in pairs where pair.key.isScalar && !pair.value.isScalar {
      let name = pair.key.text ?? ""
      throw InputError("\(pair.value.origin(in: path)): field '\(name)' must be a single value")
    }
    let fields = FieldList(pairs, namesAreUnique: keysAreUnique)
    if let banner = fields.banner {
      return .banner(BannerContent(title: banner, subtitle: fields.subtitle))
    }
    guard let image = fields.image else {
      throw InputError("\(node.origin(in: path)): this item has no 'image' (nor 'banner')")
    }
    var result = item(image: image, node: node, section: fields.section ?? section)
    result.caption = fields.caption
    result.link = fields.link
    if let width = fields.width, let height = fields.height {
      guard let w = Int(width), let h = Int(height), w > 0, h > 0, w <= 1_000_000, h <= 1_000_000 else {
        throw InputError(
          "\(node.origin(in: path)): width and height must be whole numbers of pixels from 1 to 1000000")
      }
      result.knownSize = (w, h)
    }
    // Every field but the image and the caption, which the item holds apart; and the section
    // the item is in, whether its own or its list's.
    result.fields = fields.itemFields(section: result.section)
    return .item(result)
  }

  private func item(image: String, node: DataNode, section: String?) -> CatalogItem {
    var item = CatalogItem(
      path: PathText.join(folder, image, folderIsNormal: folderIsNormal), file: path,
      line: node.location.line, column: node.location.column)
    item.section = section
    return item
  }
}
