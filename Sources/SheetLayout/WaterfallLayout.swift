/// The layout engine: the Pinterest-style waterfall (each card goes to the column whose bottom
/// is highest), and the staggered and grid row modes, with full-width banners, page headers and
/// footers, and pagination that never splits a card.
///
/// ```swift
/// var options = LayoutOptions(columns: .count(3))
/// options.placement = .order
/// let layout = try WaterfallLayout(options: options).layout(entries, measurer: engine)
/// ```
public struct WaterfallLayout: Sendable {
  /// Where everything goes: page, columns, gaps, modes.
  public var options: LayoutOptions

  /// Column bottoms within this tolerance, in points, count as level; the first column in
  /// reading direction wins, so sub-point differences never scramble the reading order.
  public static let levelTolerance = 0.5

  /// A layout engine that places elements as `options` say. Options are only checked when
  /// ``layout(_:measurer:)`` runs.
  public init(options: LayoutOptions) {
    self.options = options
  }

  /// Lays out `entries` in reading order, measuring text with `measurer`. The layout records
  /// the text styles (from ``options``) and the fonts (the measurer's) its text was measured
  /// with, and the renderer draws with them.
  ///
  /// Throws ``LayoutError`` for options that leave no room, an empty input, or a caption or
  /// banner taller than the page.
  public func layout(_ entries: [LayoutEntry], measurer: some TextMeasuring) throws -> Layout {
    try layout(try measure(entries, measurer: measurer), measurer: measurer)
  }

  /// What placing needs of `entries`: each card's aspect and caption height, the banners and
  /// the page margins, measured with `measurer`. Neither the entries nor the measured texts
  /// are needed after this: a caller holding many can let go of them before placing with
  /// ``layout(_:measurer:)-(MeasuredEntries,_)``.
  ///
  /// Throws ``LayoutError`` for options that leave no room, an empty input, or a banner taller
  /// than the page.
  public func measure(_ entries: [LayoutEntry], measurer: some TextMeasuring) throws -> MeasuredEntries {
    try measure(entries, captions: nil, measurer: measurer)
  }

  /// ``measure(_:measurer:)`` with every item's caption measured ahead: `captions` holds the
  /// measurement of each item's caption in item order (as ``texts(_:)`` lists them: in the row
  /// modes, each part of a caption with template lines apart), and
  /// `measurer` measures the rest (banners, header, footer).
  ///
  /// Throws as ``measure(_:measurer:)`` does.
  public func measure(_ entries: [LayoutEntry], captions: [TextMeasurement], measurer: some TextMeasuring)
    throws -> MeasuredEntries
  {
    try measure(entries, captions: Optional(captions), measurer: measurer)
  }

  private func measure(_ entries: [LayoutEntry], captions: [TextMeasurement]?, measurer: some TextMeasuring)
    throws -> MeasuredEntries
  {
    let widths = try ColumnGeometry(options: options)
    guard entries.contains(where: { if case .item = $0 { true } else { false } }) else {
      throw LayoutError("there is nothing to lay out; give at least one image or item")
    }
    let header = options.header.map { MarginBox($0, width: widths.content.width, measurer: measurer) }
    let footer = options.footer.map { MarginBox($0, width: widths.content.width, measurer: measurer) }
    let geometry = try ColumnGeometry(
      options: options, reservedTop: header?.reserved ?? 0, reservedBottom: footer?.reserved ?? 0)
    let styles = TextStyles(options: options)
    let input = try MeasuredInput(
      entries, options: options, styles: styles, geometry: geometry, measurer: measurer,
      captionMeasurements: captions)
    let needsTerms = options.contentsTitle != nil || options.indexTitle != nil || options.cover != nil
    return MeasuredEntries(
      input: input, header: header, footer: footer, geometry: geometry,
      terms: needsTerms ? ContentsAndIndex.terms(of: entries) : [])
  }

  /// Places `measured` (from ``measure(_:measurer:)`` with the same options) on pages, measuring
  /// what is left to measure (the cover, contents and index pages) with `measurer`.
  ///
  /// Throws ``LayoutError`` for a caption taller than the page or no room below a banner.
  public func layout(_ measured: consuming MeasuredEntries, measurer: some TextMeasuring) throws -> Layout {
    let geometry = measured.geometry
    let terms = measured.terms
    let styles = TextStyles(options: options)
    var pages = PageAccumulator(
      options: options, geometry: geometry, header: measured.header, footer: measured.footer)
    // Taken whole, so the item table is the only reference to its items and is filled in place.
    var input = (consume measured).input
    pages.runningBanners = input.runningBanners
    let matter =
      options.contentsTitle != nil || options.indexTitle != nil || options.cover != nil
      ? ContentsAndIndex(
        options: options, geometry: geometry, styles: styles, measurer: measurer,
        terms: terms, coverPages: options.cover == nil ? 0 : 1) : nil
    // The contents' length depends only on the number of sections, so the pages before the
    // catalog are known before it is placed.
    pages.pagesBefore =
      try matter?.frontPageCount(sections: input.banners.filter { $0.section != nil }.count) ?? 0
    let placement = try options.mode.placer.place(
      input, options: options, geometry: geometry, measurer: measurer, into: &pages)
    let cover = try options.cover.map {
      try CoverPage(cover: $0, options: options, styles: styles).page(measurer: measurer)
    }
    if let matter {
      let catalog = pages.closedPages()
      pages.surround(
        cover: cover.map { [$0] } ?? [], front: try matter.contentsPages(catalog),
        back: try matter.indexPages(catalog))
    }
    let slots = input.captionSlots
    var layout = pages.finish(
      items: input.takeItems(), figures: placement, styles: styles, fonts: measurer.fonts)
    layout.captionSlots = slots.isEmpty ? nil : slots
    return layout
  }

  /// Every distinct text the layout of `entries` will measure, with the style and width: measure
  /// these ahead (in parallel, say) and serve them from a cache.
  public func textRequests(_ entries: [LayoutEntry]) throws -> [TextRequest] {
    try requests(entries, captions: true)
  }

  /// Every text the layout of `entries` will measure, grouped for measuring ahead: each item's
  /// caption by item, and the other texts as distinct requests (see ``LayoutTexts``). Measure
  /// them, then lay out with ``measure(_:captions:measurer:)``.
  public func texts(_ entries: [LayoutEntry]) throws -> LayoutTexts {
    LayoutTexts(
      captions: ItemCaptions(entries, slotted: CaptionSlots.apply(to: options.mode)),
      captionStyle: TextStyles(options: options).caption,
      captionWidth: try ColumnGeometry(options: options).captionWidth,
      others: try requests(entries, captions: false))
  }

  /// The distinct texts of ``textRequests(_:)``, with the items' captions only when `captions`.
  private func requests(_ entries: [LayoutEntry], captions: Bool) throws -> [TextRequest] {
    let geometry = try ColumnGeometry(options: options)
    let bannerWidth = geometry.content.width - 2 * options.bannerPadding
    let styles = TextStyles(options: options)
    var requests: [TextRequest] = []
    var seen: Set<TextRequest> = []
    if captions {
      seen.reserveCapacity(entries.count + 8)
      requests.reserveCapacity(entries.count + 8)
    }
    func add(_ text: String, _ style: TextStyle, _ width: Double) {
      let request = TextRequest(text: text, style: style, width: width)
      if !text.isEmpty, seen.insert(request).inserted { requests.append(request) }
    }
    for margin in [options.header, options.footer].compactMap({ $0 }) {
      add(MarginBox.sample(margin), margin.lineStyle, geometry.content.width)
    }
    for request in coverRequests(geometry: geometry, styles: styles) {
      add(request.text, request.style, request.width)
    }
    Self.forEachFlowEntry(entries, cadence: options.bannerCadence) { entry in
      switch entry {
      case .item(let item):
        guard captions else { break }
        if CaptionSlots.apply(to: options.mode) && CaptionSlots.isSlotted(item.caption) {
          for part in CaptionSlots.parts(item.caption) {
            add(String(part), styles.caption, geometry.captionWidth)
          }
        } else {
          add(item.caption, styles.caption, geometry.captionWidth)
        }
      case .banner(let content, _):
        add(content.title, styles.bannerTitle, bannerWidth)
        add(content.subtitle ?? "", styles.bannerSubtitle, bannerWidth)
      }
    }
    // The banners a layout inserts can make the array grow past its room (to twice the
    // entries): kept at its size instead, since it is held while every text is measured.
    guard requests.capacity > requests.count + requests.count / 4 + 8 else { return requests }
    var exact: [TextRequest] = []
    exact.reserveCapacity(requests.count)
    exact.append(contentsOf: requests)
    return exact
  }

  /// The texts among ``textRequests(_:)`` that ``layout(_:measurer:)-(MeasuredEntries,_)``
  /// measures (the cover's title and subtitle): the rest are measured by then, except in
  /// `justified` mode, whose placer measures each caption again at its card's width.
  public func placingRequests() throws -> [TextRequest] {
    coverRequests(geometry: try ColumnGeometry(options: options), styles: TextStyles(options: options))
  }

  private func coverRequests(geometry: ColumnGeometry, styles: TextStyles) -> [TextRequest] {
    guard let cover = options.cover else { return [] }
    let width = CoverPage.titleWidth(contentWidth: geometry.content.width)
    return [
      TextRequest(text: cover.title, style: styles.coverTitle, width: width),
      TextRequest(text: cover.subtitle ?? "", style: styles.coverSubtitle, width: width),
    ]
  }

  /// The error for captions that leave no room for a card below a banner on one page.
  /// `item` is the card's index, or nil for the equal cells of the row modes.
  static func noRoomBelowBanner(item: Int?, geometry: ColumnGeometry) -> LayoutError {
    let subject =
      item.map { "item \($0 + 1) cannot share a page with the banner before it: its" }
      ?? "cells cannot share a page with a banner: their"
    return LayoutError(
      .captionLines,
      "\(subject) caption and the banner fill the \(ColumnGeometry.format(geometry.content.height)) pt a page holds; limit captions with \(setting: .captionLines) or use a bigger \(setting: .page)"
    )
  }
}

/// Entries measured by ``WaterfallLayout/measure(_:measurer:)``, ready to place: each card's
/// size and caption height, the banners, the page margins and the index terms.
public struct MeasuredEntries {
  let input: MeasuredInput
  let header: MarginBox?
  let footer: MarginBox?
  let geometry: ColumnGeometry
  /// Each item's index term, when a cover, contents or index page asks for them; else empty.
  let terms: [String?]
}
