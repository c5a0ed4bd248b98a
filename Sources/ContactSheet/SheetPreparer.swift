import Foundation
import SheetImages
import SheetLayout
import SheetRender
import SheetSupport
import SheetText

/// The inputs turned into what layout and rendering need: layout entries, the items (one per
/// card), document metadata and the warnings found on the way.
package struct PreparedSheet {
  package var entries: [LayoutEntry]
  package var items: [CatalogItem]
  /// The document's metadata, warnings and input files (its entries are `items` now).
  package var catalog: Catalog
  /// Problems that do not stop the run (captions that are not valid markup, sidecars that
  /// were ignored).
  ///
  /// Captions are always valid Pango markup: each is checked once here, and one that is not
  /// is escaped, so it shows as plain text.
  package var warnings: [JobMessage] = []
  /// What the run left out and why (files a folder scan skipped, photos the rating filter
  /// left out): one line each, so that nothing is dropped silently.
  package var notes: [JobMessage] = []

  /// The layout entries, which this no longer holds (so the layout can let go of them).
  package mutating func takeEntries() -> [LayoutEntry] {
    defer { entries = [] }
    return entries
  }

  /// One render item per card: where its image comes from, and its header when it was read.
  package func renderItems() -> [RenderItem] {
    items.map { item in
      var renderItem = RenderItem(
        path: item.path, failure: item.failure?.reason, link: item.link, sharedHeader: item.sharedHeader)
      if let time = item.videoTime, let header = item.sharedHeader {
        renderItem.source = VideoFrameSource(path: item.path, sharedHeader: header, time: time)
      }
      renderItem.alt = item.alt
      return renderItem
    }
  }
}

/// Reads inputs, headers and captions for `render` and `layout`.
package struct SheetPreparer {
  package var options: InputOptions
  package var maxPixels = PixelLimit.default
  /// Told how many headers have been read, of how many (from several threads, in order).
  package var progress: (@Sendable (_ done: Int, _ total: Int) -> Void)?
  /// Told how many images named by URL have been downloaded (or found current), of how many.
  package var downloadProgress: (@Sendable (_ done: Int, _ total: Int) -> Void)?
  /// Whether to read the header of items whose manifest gives their size (`render` does, to
  /// find unreadable files before drawing; `layout` need not open them at all).
  package var readsEveryHeader = true
  /// The run's output, which folder scans leave out with its pages (nil for `layout`).
  package var output: String?

  package func prepare() throws -> PreparedSheet {
    var options = options
    // A sheet of a video's frames has its times drawn on the frames; a caption is asked for.
    if options.videoFrames != nil && options.caption == nil {
      options.caption = CaptionChoice("", source: "--" + JobSetting.frames.rawValue)
    }
    let order = options.sort
    let filter = options.filter
    let sectionBy = options.sectionBy
    let indexField = options.indexField
    var collector = InputCollector(
      recursive: options.recursive, imageColumn: options.csv.imageColumn,
      sectionColumn: options.csv.sectionColumn,
      manifests: options.manifests)
    collector.rawJPEG = options.rawJPEG
    collector.output = output
    collector.csv = options.csv
    var catalog = try collector.collect(options.inputs)
    RemoteInputs.fetch(&catalog.entries, settings: options.downloads, progress: downloadProgress)
    var notes = catalog.scanReports
    // Each item is held once, in the catalog's entries, until `finish` hands it on: no copies
    // of every item are made on the way (a million items are 128 MB each time).
    var itemCount = 0
    var templates = try CaptionTemplates(options: options, catalog: catalog)
    var allFields = Set<String>()
    var knownFields = Set(CaptionFields.builtIn)
    // Items mostly share their template and their field names: each is gathered once.
    var lastTemplate: CaptionTemplate?
    var lastFields: ItemFields?
    for case .item(let item) in catalog.entries {
      itemCount += 1
      let template = try templates.template(for: item)
      if template != lastTemplate {
        allFields.formUnion(template.fieldNames)
        lastTemplate = template
      }
      if lastFields.map({ !item.fields.hasSameNames(as: $0) }) ?? true {
        item.fields.insertNames(into: &knownFields)
        lastFields = item.fields
      }
    }
    guard itemCount > 0 else {
      // What the inputs said (rows left out, files skipped) says why there is nothing.
      let reasons = catalog.warnings + notes
      guard reasons.isEmpty else { throw InputError("no images found: \(reasons.joined(separator: "; "))") }
      throw InputError(
        "no images found in \(options.inputs.joined(separator: ", ")); give image files, folders or a manifest"
      )
    }
    catalog.warnings += TemplateFieldCheck.warnings(
      option: JobMessage(options.caption?.source ?? "caption template"), used: allFields, known: knownFields)
    if let indexField {
      let used = try Self.indexTemplate(indexField)?.fieldNames ?? [indexField]
      catalog.warnings += TemplateFieldCheck.warnings(
        option: "\(setting: .index)", used: used, known: knownFields)
      allFields.formUnion(used)
    }
    // Frame numbers are counted before any filter, and only when a caption shows them.
    if allFields.contains("frame") { ProofSections.numberFrames(&catalog.entries) }
    let total = itemCount
    let reader = HeaderReader(
      needsHeaders: readsEveryHeader,
      needsExif: order.needsExif || sectionBy == .date
        || !allFields.isDisjoint(with: CaptionFields.exifFields),
      needsFileAttributes: order.needsFileAttributes || sectionBy == .date
        || !allFields.isDisjoint(with: CaptionFields.fileSystemFields),
      maxPixels: maxPixels,
      progress: { [progress] done in progress?(done, total) })
    let attributes = reader.read(&catalog.entries)
    if let report = filter.apply(&catalog.entries) { notes.append(report) }
    guard catalog.hasItems else {
      throw InputError("no images left: \(notes.joined(separator: "; "))")
    }
    if let sectionBy {
      catalog.entries = ProofSections.assign(catalog.entries, by: sectionBy, attributes: attributes)
      if sectionBy == .date, let warning = ProofSections.undatedWarning(catalog.entries) {
        catalog.warnings.append(warning)
      }
    }
    catalog.warnings += try SectionOrdering.apply(
      &catalog.entries, order: options.sectionOrder, otherSection: options.csv.otherSection)
    catalog.entries = ItemSorter.sort(
      catalog.entries, order: order, reverse: options.reverse, attributes: attributes)
    if let choice = options.videoFrames {
      catalog.warnings += VideoFrames.expand(&catalog.entries, choice: choice, maxPixels: maxPixels)
    }
    var sheet = try finish(&catalog, templates: &templates, attributes: attributes)
    sheet.notes = notes
    return sheet
  }

  /// The prepared sheet: `catalog`'s entries become the items, with the banners between them
  /// kept apart, and the layout entries. The entries are moved out of `catalog` in place (it
  /// is left with none), so the items are neither copied nor released one more time.
  private func finish(
    _ catalog: inout Catalog, templates: inout CaptionTemplates, attributes: [String: FileAttributes]
  ) throws -> PreparedSheet {
    var items: [CatalogItem] = []
    var itemTemplates: [CaptionTemplate] = []
    // Each banner, with the number of items before it.
    var banners: [(position: Int, content: BannerContent)] = []
    items.reserveCapacity(catalog.entries.count)
    itemTemplates.reserveCapacity(catalog.entries.count)
    try catalog.entries.moveEach(replacingWith: .banner(BannerContent(title: ""))) { entry in
      switch entry {
      case .item(let item):
        itemTemplates.append(try templates.template(for: item))
        items.append(item)
      case .banner(let content): banners.append((items.count, content))
      }
    }
    var builder = CaptionBuilder(
      indexField: options.indexField, attributes: attributes, fileDateMarker: options.fileDateMarker,
      rightToLeftDocument: options.rightToLeftDocument)
    builder.indexTemplate = try options.indexField.flatMap(Self.indexTemplate)
    builder.slotted = options.slottedCaptions
    let captions = builder.captions(items, templates: itemTemplates)
    var entries: [LayoutEntry] = []
    entries.reserveCapacity(items.count + banners.count)
    var invalidMarkup: [CaptionTemplate: String] = [:]
    var longCaptions: [String] = []
    // Captions asking for fonts too large to make: the first one's place and size, and how many.
    var firstTooLargeFont: (place: String, size: Double)?
    var tooLargeFontCount = 0
    var tagWarnings: [JobMessage] = []
    var altTexts = 0
    var nextBanner = 0
    // By index, so no item is copied on the way.
    for index in items.indices {
      if let warning = items[index].tagWarning { tagWarnings.append(JobMessage(warning)) }
      while nextBanner < banners.count && banners[nextBanner].position == index {
        entries.append(.banner(banners[nextBanner].content))
        nextBanner += 1
      }
      let caption = captions[index]
      if caption.wasCut { longCaptions.append(items[index].origin ?? items[index].path) }
      if caption.wasInvalid && invalidMarkup[itemTemplates[index]] == nil {
        invalidMarkup[itemTemplates[index]] = items[index].path
      }
      if let size = caption.tooLargeFont {
        if firstTooLargeFont == nil { firstTooLargeFont = (items[index].origin ?? items[index].path, size) }
        tooLargeFontCount += 1
      }
      let size = items[index].layoutSize
      // The layout puts a banner wherever the section changes.
      entries.append(
        .item(
          LayoutItem(
            pixelWidth: size.width, pixelHeight: size.height, caption: caption.text,
            section: items[index].section, link: items[index].link, indexTerm: caption.indexTerm)))
      items[index].alt = Self.alternativeText(items[index].fields, field: options.altField)
      if items[index].alt != nil { altTexts += 1 }
      // Fields and caption templates are in the captions now; the items keep what layout
      // reports and rendering draw.
      items[index].fields = ItemFields()
      items[index].caption = nil
    }
    for banner in banners[nextBanner...] { entries.append(.banner(banner.content)) }
    let warnings =
      catalog.warnings
      + invalidMarkup.values.sorted().map { path in
        "the caption of \(path) is not valid Pango markup, so it is shown as plain text; write &amp; for &, &lt; for <"
      }
    let cut: [JobMessage] =
      longCaptions.first.map {
        [
          "\(longCaptions.count) caption\(longCaptions.count == 1 ? " was" : "s were") longer than \(Self.maxCaptionBytes) bytes and cut there (the first: \($0))"
        ]
      } ?? []
    // One line for all of them, naming the first: one template can make every caption so.
    let large: [JobMessage] =
      firstTooLargeFont.map { place, size in
        let others = tooLargeFontCount > 1 ? " (and \(tooLargeFontCount - 1) more captions like it)" : ""
        return [
          "the caption of \(place) asks for a \(Int(min(size, 1e15))) pt font, more than the \(Int(CaptionBuilder.largestFontSize)) pt a caption may use, so it is shown as plain text\(others)"
        ]
      } ?? []
    // A field named for alternative text that no item has is a misspelling, not a choice.
    var missingAlt: [JobMessage] = []
    if let field = options.altField, altTexts == 0, !items.isEmpty {
      missingAlt.append(
        "\(setting: .altField) \(field): no item has a field '\(field)', so each picture is described by its caption"
      )
    }
    return PreparedSheet(
      entries: entries, items: items, catalog: catalog,
      warnings: warnings + large + cut + tagWarnings + missingAlt)
  }

  /// `--index`'s value as a template (`{sku} – {name}`) when it names fields in braces; nil
  /// for a plain field name.
  static func indexTemplate(_ value: String) throws -> CaptionTemplate? {
    guard value.contains("{") else { return nil }
    do {
      return try CaptionTemplate(value)
    } catch let error as CaptionTemplate.ParseError {
      throw InputError(.index, "\(setting: .index) \(value): \(error.message)")
    }
  }

  /// An item's alternative text: its field `field`, or the first of
  /// ``InputOptions/defaultAltFields`` it has; nil when that is missing or blank.
  static func alternativeText(_ fields: ItemFields, field: String?) -> String? {
    guard !fields.isEmpty else { return nil }
    let value = field.map { fields[$0] } ?? InputOptions.defaultAltFields.lazy.compactMap { fields[$0] }.first
    let text = value?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
    return text.isEmpty ? nil : text
  }

  /// The longest caption drawn, in UTF-8 bytes: far more than a card shows, and little enough
  /// that text layout stays fast and quiet. Longer ones are cut, with one warning per run.
  package static let maxCaptionBytes = 4096

  /// `caption`'s first whole characters within ``maxCaptionBytes`` bytes, then "…".
  package static func shortened(_ caption: String) -> String {
    var bytes = 0
    var end = caption.startIndex
    for index in caption.indices {
      let next = caption[index].utf8.count
      if bytes + next > maxCaptionBytes - 3 { break }
      bytes += next
      end = caption.index(after: index)
    }
    return String(caption[..<end]) + "…"
  }
}
