/// A header or footer text, measured once; every page reserves its height plus its gap.
struct MarginBox {
  let text: PageMarginText
  let height: Double

  init(_ text: PageMarginText, width: Double, measurer: some TextMeasuring) {
    self.text = text
    height = max(
      text.minimumHeight, measurer.measure(Self.sample(text), style: text.lineStyle, width: width).height)
  }

  /// The text measured for every page: page numbers as wide as four digits.
  static func sample(_ text: PageMarginText) -> String {
    text.text(page: 8888, of: 8888)
  }

  var reserved: Double { height + text.gap }
}

/// Figures the placers report for the layout's metrics.
struct PlacementFigures {
  var columnSpread = 0.0
  var maxDisplacement = 0
  var scaledToFit = 0
}

/// Collects elements into pages: mirrors them for right-to-left layouts, closes pages, and at
/// the end adds headers and footers, the item table and the metrics.
struct PageAccumulator {
  let options: LayoutOptions
  let geometry: ColumnGeometry
  let header: MarginBox?
  let footer: MarginBox?
  private var pages: [LayoutPage] = []
  private var elements: [LayoutElement] = []
  /// The cover, contents and index pages, put around the catalog's pages when it is finished.
  private var matter: (cover: [LayoutPage], front: [LayoutPage], back: [LayoutPage])?
  /// Each section's running banner (`Kitchen (continued)`), by section; empty for none.
  var runningBanners: [String: BannerBox] = [:]
  /// The section the last section banner placed began, while its cards go on.
  private var currentSection: String?

  /// The catalog's pages so far, the current one closed.
  mutating func closedPages() -> [LayoutPage] {
    if !elements.isEmpty || pages.isEmpty { closePage() }
    return pages
  }

  /// Puts `cover` and `front` before and `back` after the catalog's pages when the layout is
  /// finished; the cover pages get no header or footer.
  mutating func surround(cover: [LayoutPage] = [], front: [LayoutPage], back: [LayoutPage]) {
    matter = (cover, front, back)
  }

  init(options: LayoutOptions, geometry: ColumnGeometry, header: MarginBox?, footer: MarginBox?) {
    self.options = options
    self.geometry = geometry
    self.header = header
    self.footer = footer
  }

  var pageIsEmpty: Bool { elements.isEmpty }

  /// The pages that come before the catalog's first (the cover and the contents), which
  /// odd-page section starts count.
  var pagesBefore = 0

  /// Whether the page being filled has an odd number, counting ``pagesBefore``; a continuous
  /// sheet has no even pages.
  private var onOddPage: Bool {
    guard case .paper = options.page else { return true }
    return (pagesBefore + pages.count) % 2 == 0
  }

  /// Whether `group`, consecutive banners, begins a section that must begin a page
  /// (``LayoutOptions/sectionStart``) other than the one being filled: because it holds
  /// something already, or because it is an even page and sections begin on odd ones.
  func needsNewPage(before group: [BannerBox]) -> Bool {
    guard group.contains(where: { $0.section != nil }) else { return false }
    switch options.sectionStart {
    case .anywhere: return false
    case .page: return !pageIsEmpty
    case .oddPage: return !pageIsEmpty || !onOddPage
    }
  }

  /// Starts the page a section begins on: closes the page being filled when it holds
  /// anything, and for odd-page starts leaves an even page blank.
  mutating func startSectionPage() {
    if !pageIsEmpty { closePage() }
    if options.sectionStart == .oddPage && !onOddPage { closePage() }
  }

  /// Places `group`, consecutive banners, from `top` down across the content's width,
  /// `rowGap` apart, first starting a new page when they and the `following` points that must
  /// stay with them do not fit below `top` (a page holding nothing yet keeps them). Returns
  /// where what follows them starts.
  mutating func placeBanners(_ group: [BannerBox], from top: Double, following: Double, rowGap: Double)
    -> Double
  {
    var top = top
    if needsNewPage(before: group) {
      startSectionPage()
      top = geometry.content.y
    }
    let needed = group.reduce(0) { $0 + $1.height + rowGap } + following
    if top + needed > geometry.content.maxY + 1e-9 && !pageIsEmpty {
      closePage()
      top = geometry.content.y
    }
    for banner in group {
      add(banner.element(x: geometry.content.x, y: top, width: geometry.content.width))
      top += banner.height + rowGap
    }
    return top
  }

  /// Closes the current page for cards that do not fit on it, and starts the next: when the
  /// cards' section goes on, with its running banner across the top. Returns where the next
  /// card or row starts.
  mutating func continueOnNewPage(rowGap: Double) -> Double {
    closePage()
    guard let section = currentSection, let banner = runningBanners[section] else {
      return geometry.content.y
    }
    add(banner.element(x: geometry.content.x, y: geometry.content.y, width: geometry.content.width))
    return geometry.content.y + banner.height + rowGap
  }

  /// Adds `element`, laid out left to right; mirrored when the direction is right to left.
  mutating func add(_ element: LayoutElement) {
    // A section's banner begins it; other banners (a cadence's, a running one) leave it going.
    if case .banner(let banner) = element, let section = banner.section { currentSection = section }
    guard options.direction == .rtl else {
      elements.append(element)
      return
    }
    let content = geometry.content
    func mirror(_ rect: Rect) -> Rect {
      Rect(
        x: 2 * content.x + content.width - rect.x - rect.width, y: rect.y, width: rect.width,
        height: rect.height)
    }
    elements.append(element.mirrored(by: mirror, columns: geometry.count))
  }

  /// Closes the current page.
  mutating func closePage() {
    let height: Double
    switch options.page {
    case .paper(_, let paperHeight): height = paperHeight
    case .continuous:
      let lowest = elements.map(\.frame.maxY).max() ?? geometry.content.y
      height = lowest + (footer?.reserved ?? 0) + options.margins.bottom
    }
    // Each page keeps an array of just its elements (and room for its header and footer); the
    // one being filled grows by doubling and is reused. A layout of a million cards keeps 50,000
    // such arrays.
    var kept: [LayoutElement] = []
    kept.reserveCapacity(elements.count + (header == nil ? 0 : 1) + (footer == nil ? 0 : 1))
    kept.append(contentsOf: elements)
    pages.append(LayoutPage(width: options.page.width, height: height, elements: kept))
    elements.removeAll(keepingCapacity: true)
  }

  /// The finished layout, with the last page closed, recording the styles and fonts its text
  /// was measured with.
  mutating func finish(
    items: consuming [PlacedItem], figures: PlacementFigures, styles: TextStyles, fonts: FontSet
  ) -> Layout {
    if !elements.isEmpty || pages.isEmpty { closePage() }
    if let matter { pages = matter.cover + matter.front + pages + matter.back }
    addMargins(skipping: matter?.cover.count ?? 0)
    if options.bannerLook == .fullBleed { widenBanners() }
    // The caller hands the items over, so they are filled in place; elements are read where
    // they are, not copied.
    var placed = items
    placed.withUnsafeMutableBufferPointer { placed in
      for pageIndex in pages.indices {
        pages[pageIndex].elements.withUnsafeBufferPointer { elements in
          for elementIndex in elements.indices where elements[elementIndex].kind == .card {
            guard let item = elements[elementIndex].item else { continue }
            // Unsafe buffers are not bounds-checked in release builds: checked here.
            precondition(item >= 0 && item < placed.count, "a card's item index is out of range")
            placed[item].page = pageIndex
            placed[item].element = elementIndex
          }
        }
      }
    }
    let metrics = LayoutMetrics(
      whitespace: whitespace(), columnSpread: figures.columnSpread, maxDisplacement: figures.maxDisplacement,
      scaledToFit: figures.scaledToFit)
    return Layout(pages: pages, items: placed, metrics: metrics, textStyles: styles, fonts: fonts)
  }

  /// Puts the header first and the footer last on every page but the first `skipped` (the
  /// cover); the cover's own note gets its `{page}` and `{pages}` filled in.
  private mutating func addMargins(skipping skipped: Int) {
    let count = pages.count
    for index in 0..<skipped {
      for (position, element) in pages[index].elements.enumerated() {
        guard case .footer(var note) = element else { continue }
        note.text = PageMarginText(text: note.text).text(page: index + 1, of: count)
        pages[index].elements[position] = .footer(note)
      }
    }
    guard header != nil || footer != nil else { return }
    let x = geometry.content.x
    let width = geometry.content.width
    // A page left blank (before an odd-page section) stays blank; it still counts.
    for index in pages.indices.dropFirst(skipped) where !pages[index].elements.isEmpty {
      if let header {
        let frame = Rect(x: x, y: options.margins.top, width: width, height: header.height)
        let text = header.text.text(page: index + 1, of: count)
        pages[index].elements.insert(
          .header(PageTextElement(frame: frame, text: text)), at: 0)
      }
      if let footer {
        let y = pages[index].height - options.margins.bottom - footer.height
        let frame = Rect(x: x, y: y, width: width, height: footer.height)
        let text = footer.text.text(page: index + 1, of: count)
        pages[index].elements.append(.footer(PageTextElement(frame: frame, text: text)))
      }
    }
  }

  /// Makes every banner's frame run from the page's left edge to its right edge; its text stays
  /// where it was, inside the margins.
  private mutating func widenBanners() {
    for pageIndex in pages.indices {
      let width = pages[pageIndex].width
      for index in pages[pageIndex].elements.indices where pages[pageIndex].elements[index].kind == .banner {
        pages[pageIndex].elements[index].frame.x = 0
        pages[pageIndex].elements[index].frame.width = width
      }
    }
  }

  private func whitespace() -> Double {
    let ratios = pages.map { page -> Double in
      let contentArea = geometry.content.width * (page.height - options.margins.top - options.margins.bottom)
      guard contentArea > 0 else { return 0 }
      let used = page.elements.withUnsafeBufferPointer { elements in
        elements.indices.reduce(0) { $0 + elements[$1].frame.width * elements[$1].frame.height }
      }
      return max(0, 1 - used / contentArea)
    }
    return ratios.isEmpty ? 0 : ratios.reduce(0, +) / Double(ratios.count)
  }
}
