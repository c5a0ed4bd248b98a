/// What ``PDFFinisher`` completes in the structure tree Cairo 1.16 writes for a tagged PDF:
/// the Figure elements (which gain `/Alt`), the link placeholders (which become `Link` elements
/// holding their annotation), the tree's root and its children (Cairo may leave the Document
/// element out), and the parent tree (which gains an entry per link annotation).
struct PDFStructureTree {
  /// An indirect object of the file.
  typealias Reference = (id: Int, generation: Int)

  /// The `/StructTreeRoot` dictionary; nil when the file has no structure tree.
  var root: Reference?
  /// The root's children (`/K`), as written.
  var rootChildren: [PDFValue] = []
  /// Whether the root's one child is a Document element.
  var hasDocument = true
  /// The Figure elements, in document order (depth first through `/K`).
  var figures: [Reference] = []
  /// The elements ``StructureTags`` wrote for links (``StructureTags/linkPlaceholder``), in
  /// document order, with their children (`/K`) as written.
  var links: [(element: Reference, children: [PDFValue])] = []
  /// The parent tree (`/ParentTree`, a number tree Cairo writes flat, as `/Nums`) with its
  /// entries, and the first key after them.
  var parentTree: (object: Reference, entries: [PDFValue], nextKey: Int)?

  /// Reads the structure tree of the file `reader` reads.
  init(_ reader: PDFFileReader) throws {
    guard case .reference(let rootID, _)? = reader.trailer["Root"],
      case .reference(let treeID, let treeGeneration)? = try reader.object(rootID)["StructTreeRoot"]
    else { return }
    root = (treeID, treeGeneration)
    let tree = try reader.object(treeID)
    var visited: Set<Int> = []
    func visit(_ value: PDFValue?) throws {
      switch value {
      case .array(let items)?:
        for item in items { try visit(item) }
      case .reference(let id, let generation)?:
        guard visited.insert(id).inserted else { return }
        let element = try reader.object(id)
        guard case .dictionary = element, element["Type"].map({ $0 == .name("StructElem") }) ?? true,
          element["S"] != nil || element["K"] != nil
        else { return }
        switch element["S"] {
        case .name("Figure")?: figures.append((id, generation))
        case .name(StructureTags.linkPlaceholder)?: links.append(((id, generation), Self.items(element["K"])))
        default: break
        }
        try visit(element["K"])
      case .dictionary?:
        if value?["Type"] == .name("StructElem") || value?["S"] != nil {
          throw RenderError(
            "a structure element is written in place; ContactSheet reads Cairo's indirect ones")
        }
      default: return
      }
    }
    try visit(tree["K"])
    rootChildren = Self.items(tree["K"])
    hasDocument = false
    if rootChildren.count == 1, case .reference(let id, _) = rootChildren[0] {
      hasDocument = try reader.object(id)["S"] == .name("Document")
    }
    if case .reference(let id, let generation)? = tree["ParentTree"] {
      let parentTree = try reader.object(id)
      guard case .array(let entries)? = parentTree["Nums"], parentTree["Kids"] == nil else {
        throw RenderError("the parent tree is not one flat number tree, as Cairo writes it")
      }
      var nextKey = 0
      for case .integer(let key) in stride(from: 0, to: entries.count, by: 2).map({ entries[$0] }) {
        nextKey = max(nextKey, key + 1)
      }
      self.parentTree = ((id, generation), entries, nextKey)
    }
  }

  /// A `/K` value as a list of children.
  private static func items(_ value: PDFValue?) -> [PDFValue] {
    switch value {
    case .array(let items)?: items
    case let child?: [child]
    case nil: []
    }
  }
}
