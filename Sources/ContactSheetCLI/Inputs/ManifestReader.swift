import Foundation
import SheetLayout
import Yams

/// Reads JSON and YAML manifests (JSON is read as YAML, so both give line and column).
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

  /// Adds the manifest at `path` to `catalog`.
  static func read(_ path: String, into catalog: inout Catalog) throws {
    let text = try InputText.read(path)
    let root: Node
    do {
      guard let node = try Yams.compose(yaml: text) else {
        throw InputError("\(path): the manifest is empty; it needs at least an `items` list")
      }
      root = node
    } catch let error as YamlError {
      throw InputError(ManifestReader.describe(error, path: path))
    }
    guard let mapping = root.mapping else {
      throw InputError(
        "\(location(path, root)): a manifest is a mapping with `items` (and optionally title, author, style, sections)"
      )
    }
    let folder = PathText.folder(of: path)
    let context = Context(path: path, folder: folder)
    for (keyNode, value) in mapping {
      guard let key = keyNode.string else { continue }
      switch key {
      case "title": catalog.title = try context.scalar(value, key)
      case "author": catalog.author = try context.scalar(value, key)
      case "subject": catalog.subject = try context.scalar(value, key)
      case "keywords": catalog.keywords = try context.keywords(value)
      case "caption":
        catalog.captionTemplate = try context.scalar(value, key)
        catalog.captionSource = "\(location(path, value)): caption"
      case "style": break  // Applied as options before parsing; see StyledParsing.
      case "items": catalog.entries += try context.entries(value, section: nil)
      case "sections": catalog.entries += try context.sections(value)
      default:
        throw InputError(
          "\(location(path, keyNode)): unknown key '\(key)'; a manifest may have \(topLevelKeys.sorted().joined(separator: ", "))"
        )
      }
    }
    catalog.inputFiles.append(path)
  }

  static func location(_ path: String, _ node: Node) -> String {
    guard let mark = node.mark else { return path }
    return "\(path):\(mark.line):\(mark.column)"
  }

  /// `file:line:column: problem` for a syntax error.
  static func describe(_ error: YamlError, path: String) -> String {
    switch error {
    case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _):
      let around = context.map { " (\($0.text) at line \($0.mark.line), column \($0.mark.column))" } ?? ""
      return "\(path):\(mark.line):\(mark.column): syntax error: \(problem)\(around)"
    default:
      return "\(path): \(error)"
    }
  }

  /// Walks the node tree, resolving image paths against the manifest's folder.
  private struct Context {
    let path: String
    let folder: String

    func scalar(_ node: Node, _ key: String) throws -> String {
      guard let text = node.string else {
        throw InputError("\(location(path, node)): '\(key)' must be a single value, not a list or mapping")
      }
      return text
    }

    func keywords(_ node: Node) throws -> String {
      if let list = node.sequence { return list.compactMap(\.string).joined(separator: ", ") }
      return try scalar(node, "keywords")
    }

    func sections(_ node: Node) throws -> [CatalogEntry] {
      guard let list = node.sequence else {
        throw InputError("\(location(path, node)): 'sections' must be a list of {title, items}")
      }
      var entries: [CatalogEntry] = []
      for section in list {
        guard let mapping = section.mapping, let title = mapping["title"]?.string else {
          throw InputError("\(location(path, section)): each section needs a 'title' and 'items'")
        }
        entries.append(.banner(BannerContent(title: title, subtitle: mapping["subtitle"]?.string)))
        if let items = mapping["items"] { entries += try self.entries(items, section: title) }
      }
      return entries
    }

    func entries(_ node: Node, section: String?) throws -> [CatalogEntry] {
      guard let list = node.sequence else {
        throw InputError("\(location(path, node)): 'items' must be a list")
      }
      return try list.map { try entry($0, section: section) }
    }

    private func entry(_ node: Node, section: String?) throws -> CatalogEntry {
      if let image = node.string { return .item(item(image: image, node: node, section: section)) }
      guard let mapping = node.mapping else {
        throw InputError("\(location(path, node)): an item is an image path or a mapping with 'image'")
      }
      var fields: [String: String] = [:]
      for (key, value) in mapping {
        guard let name = key.string else { continue }
        guard let text = value.string else {
          throw InputError("\(location(path, value)): field '\(name)' must be a single value")
        }
        fields[name] = text
      }
      if let banner = fields["banner"] {
        return .banner(BannerContent(title: banner, subtitle: fields["subtitle"]))
      }
      guard let image = fields.removeValue(forKey: "image") else {
        throw InputError("\(location(path, node)): this item has no 'image' (nor 'banner')")
      }
      var result = item(image: image, node: node, section: fields["section"] ?? section)
      result.caption = fields.removeValue(forKey: "caption")
      result.link = fields["link"]
      if let section = result.section { fields["section"] = section }
      if let width = fields["width"], let height = fields["height"] {
        guard let w = Int(width), let h = Int(height), w > 0, h > 0, w <= 1_000_000, h <= 1_000_000 else {
          throw InputError(
            "\(location(path, node)): width and height must be whole numbers of pixels from 1 to 1000000")
        }
        result.knownSize = (w, h)
      }
      result.fields = fields
      return .item(result)
    }

    private func item(image: String, node: Node, section: String?) -> CatalogItem {
      let resolved = PathText.join(folder, image)
      var item = CatalogItem(path: resolved, origin: location(path, node))
      item.section = section
      return item
    }
  }
}
