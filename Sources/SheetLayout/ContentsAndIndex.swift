import Foundation

/// Contents pages (each section and the page its banner is on) and index pages (each item's
/// index term and the page its card is on), built once the catalog's pages are placed. The
/// number of contents pages depends only on the number of sections, so the page numbers they
/// print already count them (and the cover before them); every entry goes to its banner or card.
struct ContentsAndIndex {
  let options: LayoutOptions
  let geometry: ColumnGeometry
  let styles: TextStyles
  /// Each item's index term, in item order (nil for none).
  let terms: [String?]
  /// One line's height.
  let lineHeight: Double
  /// The title banner of contents pages and of index pages.
  let contentsBanner: BannerBox?
  let indexBanner: BannerBox?
  /// Pages before the contents: the cover (0 or 1).
  let coverPages: Int

  init(
    options: LayoutOptions, geometry: ColumnGeometry, styles: TextStyles, measurer: some TextMeasuring,
    terms: [String?], coverPages: Int = 0
  ) {
    self.coverPages = coverPages
    self.options = options
    self.geometry = geometry
    self.styles = styles
    self.terms = terms
    lineHeight = measurer.measure("Ag", style: styles.entry, width: geometry.content.width).height * 1.4
    let banner = { (title: String?) in
      title.map {
        BannerBox(
          content: BannerContent(title: $0), section: nil, options: options, styles: styles,
          width: geometry.content.width, measurer: measurer)
      }
    }
    contentsBanner = banner(options.contentsTitle)
    indexBanner = banner(options.indexTitle)
  }

  /// Each item's index term, in item order.
  static func terms(of entries: [LayoutEntry]) -> [String?] {
    entries.compactMap { entry -> String?? in
      if case .item(let item) = entry { return .some(item.indexTerm) }
      return nil
    }
  }

  /// The pages before the catalog's first: the cover, and the contents pages of `sections`
  /// sections when contents are asked for.
  func frontPageCount(sections: Int) throws -> Int {
    try coverPages + (contentsBanner.map { try pageCount(sections, banner: $0) } ?? 0)
  }

  /// The contents pages for `catalog` (the catalog's pages, before anything is added).
  func contentsPages(_ catalog: [LayoutPage]) throws -> [LayoutPage] {
    guard let banner = contentsBanner else { return [] }
    var lines: [(text: String, page: Int, y: Double)] = []
    for (index, page) in catalog.enumerated() {
      for element in page.elements where element.kind == .banner {
        guard let section = element.section else { continue }
        lines.append((section, index, element.frame.y))
      }
    }
    return try pages(lines, banner: banner, offset: frontPageCount(sections: lines.count))
  }

  /// The index pages for `catalog`, which the cover and the contents pages come before.
  func indexPages(_ catalog: [LayoutPage]) throws -> [LayoutPage] {
    guard let banner = indexBanner else { return [] }
    var lines: [(text: String, page: Int, y: Double)] = []
    for (index, page) in catalog.enumerated() {
      for element in page.elements where element.kind == .card {
        guard let item = element.item, terms.indices.contains(item), let term = terms[item],
          !term.trimmingCharacters(in: .whitespaces).isEmpty
        else { continue }
        lines.append((term, index, element.frame.y))
      }
    }
    lines.sort {
      let order = $0.text.compare($1.text, options: [.caseInsensitive, .diacriticInsensitive, .numeric])
      return order == .orderedSame ? ($0.page, $0.y) < ($1.page, $1.y) : order == .orderedAscending
    }
    return try pages(
      lines, banner: banner, offset: frontPageCount(sections: sectionCount(catalog)), columns: indexColumns)
  }

  private func sectionCount(_ catalog: [LayoutPage]) -> Int {
    catalog.reduce(0) { $0 + $1.elements.filter { $0.kind == .banner && $0.section != nil }.count }
  }

  /// Lines that fit on one page below the title banner.
  private func linesPerPage(_ banner: BannerBox) throws -> Int {
    let room = geometry.content.height - banner.height - options.rowGap
    let count = Int((room / lineHeight).rounded(.down))
    guard count >= 1 else {
      throw LayoutError(
        .page, "a contents or index page has no room for a line; use a bigger \(setting: .page)")
    }
    return count
  }

  private func pageCount(_ lines: Int, banner: BannerBox) throws -> Int {
    let perPage = try linesPerPage(banner)
    return max(1, (lines + perPage - 1) / perPage)
  }

  /// Pages of `lines` under `banner`, in `columns` columns filled one after the other; a
  /// line's target page is its catalog page plus `offset` (the cover and contents pages before
  /// the catalog), and it prints that page's number.
  private func pages(
    _ lines: [(text: String, page: Int, y: Double)], banner: BannerBox, offset: Int, columns: Int = 1
  ) throws -> [LayoutPage] {
    let perColumn = try linesPerPage(banner)
    let perPage = perColumn * columns
    let content = geometry.content
    let gap = Self.columnGap
    let width = (content.width - gap * Double(columns - 1)) / Double(columns)
    guard width >= Self.narrowestColumn else {
      throw LayoutError(
        .indexColumns,
        "\(columns) columns of the index would be \(ColumnGeometry.format(width)) pt wide, less than \(ColumnGeometry.format(Self.narrowestColumn)) pt; use fewer"
      )
    }
    var result: [LayoutPage] = []
    var start = 0
    repeat {
      var elements = [banner.element(x: content.x, y: content.y, width: content.width)]
      let top = content.y + banner.height + options.rowGap
      for (index, line) in lines[start..<min(lines.count, start + perPage)].enumerated() {
        let column = index / perColumn
        let frame = Rect(
          x: content.x + Double(column) * (width + gap), y: top + Double(index % perColumn) * lineHeight,
          width: width, height: lineHeight)
        let page = line.page + offset
        elements.append(
          .entry(
            EntryElement(
              frame: frame, text: line.text, pageNumber: String(page + 1),
              target: ElementTarget(page: page, x: content.x, y: line.y))))
      }
      result.append(LayoutPage(width: options.page.width, height: pageHeight, elements: elements))
      start += perPage
    } while start < lines.count
    return result
  }

  /// The narrowest column of index pages that may be asked for, in points (about 25 mm).
  static let narrowestColumn = 72.0
  /// Space between the columns of index pages, in points.
  static let columnGap = 18.0
  /// The narrowest column of index pages that an automatic column count makes, in points
  /// (about 63 mm: a product's name and SKU at 9 pt).
  static let narrowestIndexColumn = 180.0

  /// The number of columns of index pages: ``LayoutOptions/indexColumns``, else as many as fit
  /// at least ``narrowestIndexColumn`` wide (two on A4 portrait), at least one.
  var indexColumns: Int {
    if let columns = options.indexColumns { return columns }
    let width = geometry.content.width
    return max(
      1, Int(((width + Self.columnGap) / (Self.narrowestIndexColumn + Self.columnGap)).rounded(.down)))
  }

  private var pageHeight: Double {
    switch options.page {
    case .paper(_, let height): height
    case .continuous: geometry.content.maxY + options.margins.bottom
    }
  }
}

extension TextStyles {
  /// Lines of contents and index pages: the banner subtitle's font, one line of plain text.
  public var entry: TextStyle {
    var style = bannerSubtitle
    style.isMarkup = false
    style.maxLines = 1
    return style
  }
}
