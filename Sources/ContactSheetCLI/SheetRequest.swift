import Foundation
import SheetImages
import SheetLayout
import SheetRender

/// The inputs turned into what layout and rendering need: layout entries, one render item per
/// card, document metadata and the warnings found on the way.
struct PreparedSheet {
  var entries: [LayoutEntry]
  var items: [CatalogItem]
  var renderItems: [RenderItem]
  var catalog: Catalog
}

/// Reads inputs, headers and captions for `render` and `layout`.
struct SheetPreparer {
  var flags: InputFlags
  var maxPixels = 200_000_000
  var progress: ProgressReporter?

  func prepare() throws -> PreparedSheet {
    let collector = InputCollector(
      recursive: flags.recursive, imageColumn: flags.imageColumn, sectionColumn: flags.sectionColumn)
    var catalog = try collector.collect(flags.inputs)
    let order = try SortOrder(parsing: flags.sort)
    let templateText = flags.caption ?? catalog.captionTemplate
    let template: CaptionTemplate?
    do {
      template = try templateText.map(CaptionTemplate.init)
    } catch let error as CaptionTemplate.ParseError {
      throw InputError("--caption: \(error.message)")
    }
    let items = catalog.items
    guard !items.isEmpty else {
      throw InputError(
        "no images found in \(flags.inputs.joined(separator: ", ")); give image files, folders or a manifest")
    }
    let fieldNames = template?.fieldNames ?? []
    let itemTemplates = try items.compactMap(\.caption).map(CaptionTemplate.init)
    let allFields = itemTemplates.reduce(fieldNames) { $0.union($1.fieldNames) }
    let reader = HeaderReader(
      needsHeaders: true,
      needsExif: order.needsExif || !allFields.isDisjoint(with: CaptionFields.exifFields),
      needsFileAttributes: order.needsFileAttributes
        || !allFields.isDisjoint(with: CaptionFields.fileSystemFields),
      maxPixels: maxPixels,
      progress: { [progress] done in progress?.update(stage: "Reading", done: done, total: items.count) })
    let (readItems, attributeList) = reader.read(items)
    progress?.finishStage()
    var attributes: [String: FileAttributes] = [:]
    for (item, attribute) in zip(readItems, attributeList) { attributes[item.path] = attribute }
    // Put the read items back in place of the unread ones.
    var readIterator = readItems.makeIterator()
    catalog.entries = catalog.entries.map { entry in
      if case .item = entry, let read = readIterator.next() { return .item(read) }
      return entry
    }
    catalog.entries = ItemSorter.sort(
      catalog.entries, order: order, reverse: flags.reverse, attributes: attributes)
    return try finish(catalog, template: template, attributes: attributes)
  }

  private func finish(_ catalog: Catalog, template: CaptionTemplate?, attributes: [String: FileAttributes])
    throws -> PreparedSheet
  {
    var entries: [LayoutEntry] = []
    var items: [CatalogItem] = []
    var renderItems: [RenderItem] = []
    var currentSection: String?
    for entry in catalog.entries {
      switch entry {
      case .banner(let content):
        entries.append(.banner(content))
        currentSection = content.title
      case .item(let item):
        if let section = item.section, section != currentSection {
          entries.append(.banner(BannerContent(title: section)))
          currentSection = section
        }
        let fields = CaptionFields(item: item, index: items.count + 1, fileAttributes: attributes[item.path])
        let caption = try captionTemplate(for: item, global: template).render { fields.value($0, format: $1) }
        let size = item.layoutSize
        // Sections are already banners in the entries; the layout need not insert them again.
        entries.append(
          .item(
            LayoutItem(pixelWidth: size.width, pixelHeight: size.height, caption: caption, link: item.link)))
        items.append(item)
        renderItems.append(
          RenderItem(path: item.path, caption: caption, failure: item.failure?.reason, link: item.link))
      }
    }
    return PreparedSheet(entries: entries, items: items, renderItems: renderItems, catalog: catalog)
  }

  /// An item's own caption, else `--caption` or the manifest's, else its title, else its name.
  private func captionTemplate(for item: CatalogItem, global: CaptionTemplate?) throws -> CaptionTemplate {
    if let own = item.caption {
      do {
        return try CaptionTemplate(own)
      } catch let error as CaptionTemplate.ParseError {
        throw InputError("\(item.origin ?? item.path): caption: \(error.message)")
      }
    }
    if let global { return global }
    return try CaptionTemplate(item.fields["title"] != nil ? "{title}" : "{name}")
  }
}
