/// The machine-checkable rules of PDF/UA-1 (ISO 14289-1) that a tagged catalog or contact sheet
/// must keep, each finding named by its rule: the tags, the language, the title, alternative
/// text for figures, and descriptions for links.
struct PDFUARules {
  let document: PDFDocument
  private var found: [PreflightFinding] = []

  init(document: PDFDocument) { self.document = document }

  private mutating func add(_ rule: String, page: Int? = nil, object: String? = nil, _ message: String) {
    found.append(PreflightFinding(standard: .pdfua, rule: rule, page: page, object: object, message: message))
  }

  func findings() -> [PreflightFinding] {
    var rules = self
    rules.checkCatalog()
    rules.checkStructure()
    rules.checkAnnotations()
    return rules.found
  }

  private mutating func checkCatalog() {
    let root = document.root
    if root["MarkInfo"]?["Marked"]?.bool != true {
      add("tagged", "the catalog's /MarkInfo does not say /Marked true")
    }
    if (root["Lang"]?.text ?? "").isEmpty {
      add("language", "the catalog has no /Lang naming the text's language")
    }
    if root["ViewerPreferences"]?["DisplayDocTitle"]?.bool != true {
      add("title", "/ViewerPreferences does not set /DisplayDocTitle true: viewers show the file name")
    }
    let xmp = XMPPacket(document)
    if (xmp?.value("dc:title") ?? "").isEmpty { add("title", "XMP metadata has no dc:title") }
    if xmp?.value("pdfuaid:part") != "1" { add("identification", "XMP metadata has no pdfuaid:part 1") }
  }

  /// Walks the structure tree: it must exist, and each Figure needs alternative text.
  private mutating func checkStructure() {
    guard let tree = document.root["StructTreeRoot"] else {
      add("tagged", "the catalog has no /StructTreeRoot: the document is not tagged")
      return
    }
    var pending: [PDFObject] = tree["K"].map { $0.isArray ? $0.items : [$0] } ?? []
    var visited = 0
    var figuresWithoutAlt: [String?] = []
    while let element = pending.popLast(), visited < 2_000_000 {
      visited += 1
      guard element.isDictionary else { continue }
      if element["S"]?.name == "Figure", (element["Alt"]?.text ?? "").isEmpty,
        (element["ActualText"]?.text ?? "").isEmpty
      {
        figuresWithoutAlt.append(element.reference)
      }
      if let kids = element["K"] { pending += kids.isArray ? kids.items : [kids] }
    }
    if visited == 0 { add("tagged", object: tree.reference, "the structure tree is empty") }
    for reference in figuresWithoutAlt.prefix(50) {
      add("alt-text", object: reference, "a Figure has no /Alt text")
    }
    if figuresWithoutAlt.count > 50 {
      add("alt-text", "\(figuresWithoutAlt.count - 50) more Figures have no /Alt text")
    }
  }

  /// Links need a description (`/Contents`) and, in a tagged document, a place in the
  /// structure tree: a `/StructParent` key whose parent-tree entry is a Link element holding
  /// the annotation (an `OBJR`); pages with annotations a tab order following the structure
  /// (`/Tabs /S`).
  private mutating func checkAnnotations() {
    let tree = document.root["StructTreeRoot"]
    var parents: [Int: PDFObject]?
    for (index, page) in document.pages().enumerated() {
      let annotations = page["Annots"]?.items ?? []
      guard !annotations.isEmpty else { continue }
      if page["Tabs"]?.name != "S" {
        add("tab-order", page: index + 1, object: page.reference, "the page has annotations but no /Tabs /S")
      }
      for annotation in annotations where annotation["Subtype"]?.name == "Link" {
        if (annotation["Contents"]?.text ?? "").isEmpty {
          add(
            "link-description", page: index + 1, object: annotation.reference,
            "a link has no /Contents describing it")
        }
        guard let tree else { continue }
        if parents == nil { parents = Self.parentTree(tree["ParentTree"]) }
        guard let key = annotation["StructParent"]?.number.flatMap({ Int(exactly: $0) }) else {
          add(
            "link-structure", page: index + 1, object: annotation.reference,
            "a link is not in the structure tree (no /StructParent, no Link element)")
          continue
        }
        guard let element = parents?[key], element["S"]?.name == "Link",
          let kids = element["K"],
          (kids.isArray ? kids.items : [kids]).contains(where: {
            $0["Type"]?.name == "OBJR" && $0["Obj"]?.reference == annotation.reference
          })
        else {
          add(
            "link-structure", page: index + 1, object: annotation.reference,
            "a link's /StructParent \(key) does not lead to a Link element holding it")
          continue
        }
      }
    }
  }

  /// The entries of a parent tree (a number tree: `/Nums` pairs, `/Kids` below), by key; no
  /// node is read twice, and no node after a million entries (one flat node is read whole).
  private static func parentTree(_ root: PDFObject?) -> [Int: PDFObject] {
    var entries: [Int: PDFObject] = [:]
    var pending = root.map { [$0] } ?? []
    var seen: Set<String> = []
    while let node = pending.popLast(), entries.count < 1_000_000 {
      if let reference = node.reference, !seen.insert(reference).inserted { continue }
      let nums = node["Nums"]?.items ?? []
      for pair in stride(from: 0, to: nums.count - 1, by: 2) {
        if let key = nums[pair].number.flatMap({ Int(exactly: $0) }) { entries[key] = nums[pair + 1] }
      }
      pending += node["Kids"]?.items ?? []
    }
    return entries
  }
}
