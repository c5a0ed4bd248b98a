import CQPDF
import Foundation
import SheetImages
import SheetLayout
import SheetSupport

/// A clickable area on a PDF page.
package struct PDFLink: Codable, Hashable, Sendable {
  /// Where a link goes.
  package enum Target: Codable, Hashable, Sendable {
    /// An external URI (a product page).
    case uri(String)
    /// A point on a page of the same document (page counted from 0 in the whole document,
    /// point in page points from the top left).
    case page(Int, x: Double, y: Double)
  }

  /// The page the link is on, counted from 0 in the whole document.
  package var page: Int
  /// The clickable area, in page points from the top left.
  package var rect: Rect
  /// Where it goes.
  package var target: Target
  /// What it is, for a screen reader (the annotation's `/Contents`): the card's or entry's
  /// text; nil for none.
  package var contents: String? = nil
}

/// An entry of the document's outline (a section's bookmark).
package struct PDFBookmark: Codable, Hashable, Sendable {
  /// The text shown in the outline.
  package var title: String
  /// The page it opens, counted from 0 in the whole document.
  package var page: Int
  /// The point it shows, in page points from the top left (bleed and marks included).
  package var x: Double
  /// See `x`.
  package var y: Double
}

/// What Cairo's PDF surface cannot write correctly (Cairo 1.16's link tags produce a broken
/// cross-reference table) or cannot write at all (trim and bleed boxes, page labels starting
/// anywhere), appended to the PDF Cairo finished (still a temporary file) as an incremental
/// update written by ContactSheet. The update also writes once each name Cairo 1.16 repeats in
/// a page's resources (one for each card drawing a shared image); a file needing nothing is
/// left as Cairo wrote it.
///
/// Pages are named by their index in the whole document; ``documentPages`` says which of them
/// the file holds (all of them, or a shard's), so links to pages elsewhere are left out.
struct PDFFinisher {
  /// The links, in page order (kept on disk until written).
  var links = PDFLinkSpool()
  /// The document page (from 0) each page of the file shows, in file order.
  var documentPages: [Int] = []
  /// Page heights in points, one per page of the file (for turning top-left coordinates into
  /// PDF's).
  var pageHeights: [Double] = []
  /// The distance, in points, from each page's edge to its trim box; 0 sets no boxes.
  var trimInset: Double = 0
  /// How far, in points, the bleed box reaches beyond the trim box.
  var bleed: Double = 0
  /// When set, the PDF's page labels: decimal numbers, each page numbered as in the document.
  var pageLabels = false
  /// With `pageLabels`: the label of the document's first page, a cover ("Cover" in English;
  /// the next page is 2); nil when there is no cover.
  var coverLabel: String?
  /// The language of the document's text (BCP 47), written as the catalog's `/Lang`, with
  /// `/DisplayDocTitle` so that viewers show the title, not the file name; nil writes neither.
  var language: String?
  /// Set for a tagged PDF: it gets XMP metadata identifying it as PDF/UA-1 (``info``).
  var tagged = false
  /// The alternative text of each figure of a tagged PDF, in drawing order: the structure
  /// tree's Figure elements, in document order, get them as `/Alt`.
  var figureTexts: [String] = []
  /// When set, written into the document catalog as the part's facts (see ``PDFPart``).
  var part: PDFPart?
  /// When set, the file is made a PDF/X-4 file printing on this intent.
  var outputIntent: OutputIntent?
  /// The document's metadata, written as XMP (with an Info dictionary agreeing with it) for
  /// PDF/X and tagged files (see ``PDFMetadata``).
  var info = DocumentInfo()

  /// The objects a PDF/X-4 file gains, numbered from `first`.
  private struct PDFXObjects {
    let first: Int
    /// `[/ICCBased sRGB]`: what the file's RGB is.
    var colourSpace: Int { first }
    var sRGBProfile: Int { first + 1 }
    var destinationProfile: Int { first + 2 }
    static let count = 3
  }

  /// An object the update rewrites.
  private enum Changed {
    /// A page (its index in the file), with the number of its first link annotation.
    case page(Int, firstAnnotation: Int)
    /// A page's resource dictionary, which gains a `DefaultRGB` (PDF/X), or loses the
    /// names Cairo repeated in it (written once each).
    case resources
    case catalog
    /// The Info dictionary (PDF/X, tagged), rewritten to agree with the XMP metadata.
    case info
    /// A structure element: a Figure gains its alternative text (`figureTexts[alt]`); a link
    /// placeholder becomes the Link element holding annotation `link` (counted from 0 among
    /// the annotations written); a child of the tree's root is given the Document element as
    /// its parent.
    case structure(alt: Int?, link: Int?, reparent: Bool)
    /// The structure's parent tree, which gains an entry for each link annotation.
    case parentTree
    /// The structure tree's root, whose one child becomes the Document element.
    case structureRoot
    /// A form XObject with resources of its own, which gain a `DefaultRGB` (PDF/X); its data
    /// is copied as it is.
    case form
  }

  /// Adds the links, boxes, labels, part facts, language, PDF/X-4 output intent and metadata,
  /// and a tagged file's alternative texts, artifacts and Document element to the PDF at
  /// `path` as an incremental update (``PDFIncrementalUpdate``), reading from the file only
  /// what it changes (``PDFFileReader``; PDF/X also reads every object's first bytes once, to
  /// tag RGB in place: ``PDFRGBTagging``) and writing each object as it is made, so that
  /// memory stays flat in the number of pages (a tagged file keeps one text a figure). Before,
  /// libqpdf read the file and held about 15 KB a page doing it (65% of a 10,000-page
  /// catalog's peak).
  func finish(_ path: String) throws {
    let reader = try PDFFileReader(path: path)
    let pages = try reader.pages()
    guard pages.count == pageHeights.count, pages.count == documentPages.count else {
      throw RenderError("cannot finish the PDF: it has \(pages.count) pages, \(pageHeights.count) were drawn")
    }
    var trailer = try PDFIncrementalUpdate.Trailer(reader.trailer, path: path)
    // The file's pages come in ascending document order: a page's index in the file is found
    // by binary search, with nothing kept per page.
    func fileIndex(_ page: Int) -> Int? {
      var low = 0
      var high = documentPages.count
      while low < high {
        let middle = (low + high) / 2
        if documentPages[middle] < page { low = middle + 1 } else { high = middle }
      }
      return low < documentPages.count && documentPages[low] == page ? low : nil
    }
    // The file page of a link written; nil for one left out (to a page not in this file).
    func place(_ link: PDFLink) -> Int? {
      guard let page = fileIndex(link.page) else { return nil }
      if case .page(let target, _, _) = link.target, fileIndex(target) == nil { return nil }
      return page
    }
    // Links become annotation objects numbered from the file's /Size, in the order of
    // `links`, which is page order: each page's are consecutive.
    var annotationCounts = [Int32](repeating: 0, count: pages.count)
    // A tagged file's link annotations each have a Link element, which names its page.
    var annotationPages: [Int32] = []
    try links.readBack { link in
      guard let page = place(link) else { return }
      annotationCounts[page] += 1
      if tagged { annotationPages.append(Int32(page)) }
    }
    let annotationCount = annotationCounts.reduce(0) { $0 + Int($1) }
    let partID = part == nil ? nil : trailer.size + annotationCount
    var rootExtra = ""
    var formsWithResources: [(id: Int, generation: Int)] = []
    let pdfxObjects = outputIntent.map { _ in
      PDFXObjects(first: trailer.size + annotationCount + (part == nil ? 0 : 1))
    }
    let metadata =
      outputIntent == nil && !tagged
      ? nil
      : PDFMetadata(
        info: info, seed: "\(reader.startXref) \(pages.count)", pdfx: outputIntent != nil, pdfua: tagged)
    let metadataID = metadata.map { _ in
      trailer.size + annotationCount + (part == nil ? 0 : 1) + (outputIntent == nil ? 0 : PDFXObjects.count)
    }
    if let metadataID { rootExtra += " /Metadata \(metadataID) 0 R" }
    // A tagged file's pages get new content streams, their decorations marked as artifacts,
    // numbered after everything else.
    let firstContentID =
      trailer.size + annotationCount + (part == nil ? 0 : 1)
      + (outputIntent == nil ? 0 : PDFXObjects.count) + (metadata == nil ? 0 : 1)
    if tagged { rootExtra += " /MarkInfo << /Marked true >>" }
    if pageLabels { rootExtra += " /PageLabels \(PDFTarget.pageLabels(documentPages, cover: coverLabel))" }
    if let partID { rootExtra += " \(PDFPart.catalogKey) \(partID) 0 R" }
    if let language {
      rootExtra +=
        " /Lang \(PDFMetadata.textString(language)) /ViewerPreferences << /DisplayDocTitle true >>"
    }
    if let intent = outputIntent, let pdfxObjects {
      var entries = "/Type /OutputIntent /S /GTS_PDFX"
      entries += " /OutputConditionIdentifier \(PDFMetadata.textString(intent.identifier))"
      entries += " /OutputCondition \(PDFMetadata.textString(intent.condition))"
      entries += " /Info \(PDFMetadata.textString(intent.condition))"
      if let registry = intent.registry { entries += " /RegistryName \(PDFMetadata.textString(registry))" }
      entries += " /DestOutputProfile \(pdfxObjects.destinationProfile) 0 R"
      rootExtra += " /OutputIntents [<< \(entries) >>]"
      if trailer.id == nil, let metadata { trailer.id = metadata.trailerID }
      formsWithResources = try PDFRGBTagging.tag(
        path: path, reader: reader, colourSpace: pdfxObjects.colourSpace)
    }
    let writesBoxes = trimInset > 0 || outputIntent != nil

    // The changed objects first, in ascending number: pages with boxes or links (with the
    // number of their first link), their resources (PDF/X, or names Cairo repeated), the
    // catalog, the Info dictionary.
    var changed: [(id: Int, generation: Int, kind: Changed)] = []
    var nextAnnotation = trailer.size
    var resources: Set<Int> = []
    for (index, page) in pages.enumerated() {
      if writesBoxes || annotationCounts[index] > 0 || tagged {
        changed.append((page.id, page.generation, .page(index, firstAnnotation: nextAnnotation)))
      }
      nextAnnotation += Int(annotationCounts[index])
      // Cairo 1.16 names an image again in a page's resources each time it is drawn again
      // (a card size's shadow): always with the same object, so the update keeps one of each.
      if case .reference(let id, let generation)? = try reader.object(page.id)["Resources"],
        resources.insert(id).inserted, try outputIntent != nil || reader.object(id).hasRepeatedKeys
      {
        changed.append((id, generation, .resources))
      }
    }
    if !rootExtra.isEmpty, case .reference(let id, let generation)? = reader.trailer["Root"] {
      changed.append((id, generation, .catalog))
    }
    for form in formsWithResources { changed.append((form.id, form.generation, .form)) }
    if metadata != nil, case .reference(let id, let generation)? = reader.trailer["Info"] {
      changed.append((id, generation, .info))
    }
    // Cairo 1.16 leaves the Document element out (the root holds its children): it is added
    // as the root's one child, numbered after the pages' contents.
    let documentElementID = firstContentID + pages.count
    var structure: PDFStructureTree?
    var structureRoot: (id: Int, generation: Int)?
    if tagged {
      let tree = try PDFStructureTree(reader)
      structure = tree
      structureRoot = tree.hasDocument ? nil : tree.root
      guard tree.figures.count == figureTexts.count, tree.links.count == annotationCount else {
        throw RenderError(
          "cannot finish \(path): its structure tree has \(tree.figures.count) figures and \(tree.links.count) links, \(figureTexts.count) and \(annotationCount) were drawn"
        )
      }
      var elements: [Int: (generation: Int, alt: Int?, link: Int?, reparent: Bool)] = [:]
      for (index, figure) in tree.figures.enumerated() {
        elements[figure.id] = (figure.generation, index, nil, false)
      }
      for (index, link) in tree.links.enumerated() {
        elements[link.element.id] = (link.element.generation, nil, index, false)
      }
      for case .reference(let id, let generation) in tree.rootChildren where structureRoot != nil {
        elements[id] = (generation, elements[id]?.alt, elements[id]?.link, true)
      }
      for (id, element) in elements {
        changed.append(
          (
            id, element.generation,
            .structure(alt: element.alt, link: element.link, reparent: element.reparent)
          ))
      }
      if let root = structureRoot { changed.append((root.id, root.generation, .structureRoot)) }
      if annotationCount > 0 {
        guard let parentTree = tree.parentTree else {
          throw RenderError("cannot finish \(path): its structure tree has no parent tree for its links")
        }
        changed.append((parentTree.object.id, parentTree.object.generation, .parentTree))
      }
    }
    // Nothing to add (a plain sheet with no repeated names): Cairo's file is kept as it is.
    if changed.isEmpty { return }
    var update = try PDFIncrementalUpdate(path: path, previous: reader.startXref)
    // `DefaultRGB`: the content's own RGB (text, fills) is sRGB too.
    let defaultRGB = pdfxObjects?.colourSpace
    for object in changed.sorted(by: { $0.id < $1.id }) {
      let dictionary = try reader.object(object.id)
      guard case .dictionary = dictionary else {
        throw RenderError("cannot finish \(path): object \(object.id) is not a dictionary")
      }
      let index: Int
      let firstAnnotation: Int
      switch object.kind {
      case .catalog:
        var replaced: Set<String> = []
        if pageLabels { replaced.insert("PageLabels") }
        if part != nil { replaced.insert(String(PDFPart.catalogKey.dropFirst())) }
        if outputIntent != nil { replaced.insert("OutputIntents") }
        if metadata != nil { replaced.insert("Metadata") }
        if tagged { replaced.insert("MarkInfo") }
        if language != nil { replaced.formUnion(["Lang", "ViewerPreferences"]) }
        let kept = dictionary.removing(replaced)
        try update.add(id: object.id, generation: object.generation, dictionary: kept, adding: rootExtra)
        continue
      case .info:
        try update.add(
          id: object.id, generation: object.generation,
          dictionary: dictionary.removing(PDFMetadata.infoKeys),
          adding: metadata?.infoEntries ?? "")
        continue
      case .structure(let alt, let link, let reparent):
        var extra = ""
        var replaced: Set<String> = []
        if let alt {
          extra += " /Alt \(PDFMetadata.textString(figureTexts[alt]))"
          replaced.insert("Alt")
        }
        if let link, let structure {
          // The annotation is the element's last child, after the link's text.
          let page = pages[Int(annotationPages[link])]
          let reference =
            " << /Type /OBJR /Obj \(trailer.size + link) 0 R /Pg \(page.id) \(page.generation) R >>"
          let children = structure.links[link].children.map(\.unparsed).joined(separator: " ")
          extra += " /S /Link /K [\(children)\(reference)]"
          replaced.formUnion(["S", "K"])
        }
        if reparent {
          extra += " /P \(documentElementID) 0 R"
          replaced.insert("P")
        }
        try update.add(
          id: object.id, generation: object.generation, dictionary: dictionary.removing(replaced),
          adding: extra)
        continue
      case .parentTree:
        // Each link annotation's `/StructParent` key names its Link element.
        guard let structure, let parentTree = structure.parentTree else { continue }
        let entries = structure.links.enumerated().map { index, link in
          "\(parentTree.nextKey + index) \(link.element.id) \(link.element.generation) R"
        }
        let nums = (parentTree.entries.map(\.unparsed) + entries).joined(separator: " ")
        try update.add(
          id: object.id, generation: object.generation, dictionary: dictionary.removing(["Nums"]),
          adding: " /Nums [\(nums)]")
        continue
      case .form:
        let (stored, data) = try reader.stream(object.id, limit: 1 << 30)
        guard let defaultRGB, let resources = stored["Resources"] else { continue }
        let dictionary = stored.removing(["Resources"])
        var body = Array(dictionary.unparsed.dropLast(2).utf8)
        body += Array(" /Resources \(resources.addingDefaultRGB(defaultRGB).unparsed) >>\nstream\n".utf8)
        body += data + Array("\nendstream".utf8)
        try update.add(id: object.id, generation: object.generation, body: body)
        continue
      case .structureRoot:
        try update.add(
          id: object.id, generation: object.generation, dictionary: dictionary.removing(["K"]),
          adding: " /K [\(documentElementID) 0 R]")
        continue
      case .resources:
        try update.add(
          id: object.id, generation: object.generation,
          dictionary: defaultRGB.map(dictionary.addingDefaultRGB) ?? dictionary)
        continue
      case .page(let pageIndex, let first):
        index = pageIndex
        firstAnnotation = first
      }
      var extra = ""
      var page = dictionary
      if tagged {
        page = page.removing(["Contents"])
        extra += " /Contents \(firstContentID + index) 0 R"
      }
      if let defaultRGB, case .dictionary = dictionary["Resources"] {
        page = page.removing(["Resources"])
        extra += " /Resources \(dictionary["Resources"]!.addingDefaultRGB(defaultRGB).unparsed)"
      }
      if writesBoxes {
        guard case .array(let media)? = dictionary["MediaBox"], media.count == 4, let width = media[2].number
        else {
          throw RenderError("cannot finish \(path): page \(index + 1) has no /MediaBox")
        }
        extra += boxes(width: width, height: pageHeights[index])
      }
      if annotationCounts[index] > 0 {
        let ids = firstAnnotation..<(firstAnnotation + Int(annotationCounts[index]))
        // Tab order follows the structure, as PDF/UA asks of pages with annotations.
        extra += " /Annots [\(ids.map { "\($0) 0 R" }.joined(separator: " "))] /Tabs /S"
      }
      try update.add(
        id: object.id, generation: object.generation,
        dictionary: page.removing(["Annots", "TrimBox", "BleedBox", "Tabs"]), adding: extra)
    }
    var id = trailer.size
    let firstLinkKey = structure?.parentTree?.nextKey
    try links.readBack { link in
      guard let page = place(link) else { return }
      let height = pageHeights[page]
      let r = link.rect
      var body = String(
        format: "<< /Type /Annot /Subtype /Link /Border [0 0 0] /Rect [%.2f %.2f %.2f %.2f]",
        r.x, height - r.maxY, r.maxX, height - r.y)
      if let contents = link.contents { body += " /Contents \(PDFMetadata.textString(contents))" }
      if let firstLinkKey { body += " /StructParent \(firstLinkKey + id - trailer.size)" }
      switch link.target {
      case .uri(let uri):
        body += " /A << /S /URI /URI \(PDFIncrementalUpdate.string(uri)) >> >>"
      case .page(let target, let x, let y):
        guard let targetPage = fileIndex(target) else { return }
        let reference = pages[targetPage]
        body += String(
          format: " /Dest [%@ /XYZ %.2f %.2f null] >>", "\(reference.id) \(reference.generation) R", x,
          pageHeights[targetPage] - y)
      }
      try update.add(id: id, body: Array(body.utf8))
      id += 1
    }
    if let part, let partID { try update.addStream(id: partID, data: try part.encoded()) }
    if let intent = outputIntent, let pdfxObjects {
      try update.add(
        id: pdfxObjects.colourSpace, body: Array("[/ICCBased \(pdfxObjects.sRGBProfile) 0 R]".utf8))
      try update.addStream(id: pdfxObjects.sRGBProfile, data: Data(SRGBProfile.bytes), entries: "/N 3")
      try update.addStream(
        id: pdfxObjects.destinationProfile, data: Data(intent.profile),
        entries: "/N \(intent.components)")
    }
    if let metadata, let metadataID {
      try update.addStream(id: metadataID, data: metadata.xmp(), entries: "/Type /Metadata /Subtype /XML")
    }
    if tagged {
      for (index, page) in pages.enumerated() {
        let content = try artifactMarkedContent(of: page.id, reader: reader, path: path)
        try update.addStream(id: firstContentID + index, data: Data(content.data), entries: content.entries)
      }
      if let root = structureRoot, let structure {
        let kids = structure.rootChildren.map(\.unparsed).joined(separator: " ")
        try update.add(
          id: documentElementID,
          body: Array(
            "<< /Type /StructElem /S /Document /P \(root.id) \(root.generation) R /K [\(kids)] >>".utf8))
      }
    }
    try update.finish(trailer: trailer)
  }

  /// Page `pageID`'s content, its decorations marked as artifacts (``PDFArtifacts``),
  /// compressed, with the dictionary entries saying so.
  private func artifactMarkedContent(of pageID: Int, reader: PDFFileReader, path: String) throws -> (
    data: [UInt8], entries: String
  ) {
    guard case .reference(let id, _)? = try reader.object(pageID)["Contents"] else {
      throw RenderError("cannot finish \(path): a page's content is not one stream, as Cairo writes it")
    }
    // Cairo's content streams hold drawing operators only (pictures are objects of their own).
    let limit = 1 << 30
    let (dictionary, stored) = try reader.stream(id, limit: limit)
    var content = stored
    switch dictionary["Filter"] {
    case nil: break
    case .name("FlateDecode")?:
      guard let inflated = Inflate.zlib(ArraySlice(stored), limit: limit) else {
        throw RenderError("cannot finish \(path): a page's content cannot be inflated")
      }
      content = inflated
    default:
      throw RenderError("cannot finish \(path): a page's content is filtered in a way Cairo does not write")
    }
    let marked = PDFArtifacts.wrap(content)
    guard let deflated = PDFArtifacts.deflate(marked) else { return (marked, "") }
    return (deflated, "/Filter /FlateDecode")
  }

  /// ` /BleedBox […] /TrimBox […]` for a page `width` by `height` points: the trim box is the
  /// page as laid out, the bleed box the trim box and the bleed. Each is rounded inwards to
  /// hundredths of a point, so that it never reaches past the box around it (PDF/X checks
  /// TrimBox ⊆ BleedBox ⊆ MediaBox exactly).
  private func boxes(width: Double, height: Double) -> String {
    let box = { (inset: Double) in
      String(
        format: "[%.2f %.2f %.2f %.2f]", (inset * 100).rounded(.up) / 100, (inset * 100).rounded(.up) / 100,
        ((width - inset) * 100).rounded(.down) / 100, ((height - inset) * 100).rounded(.down) / 100)
    }
    return " /BleedBox \(box(trimInset - bleed)) /TrimBox \(box(trimInset))"
  }
}
