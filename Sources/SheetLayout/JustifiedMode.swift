/// `justified`: each section's pictures in rows at one height, every row (but a section's
/// last) filling the width (``JustifiedRows``), captions measured at each card's own width and
/// set in a band under the row as tall as the row's tallest, and pages that never split a row.
///
/// A card's padding is chrome around its picture: the rows are made of pictures over the width
/// less one card's padding, with the gutter and a card's padding between them, so that with no
/// padding and no captions the pictures are exactly flickr/justified-layout's boxes.
enum JustifiedMode: ModePlacer {
  static func place(
    _ input: borrowing MeasuredInput, options: LayoutOptions, geometry: ColumnGeometry,
    measurer: some TextMeasuring, into pages: inout PageAccumulator
  ) throws -> PlacementFigures {
    var placer = JustifiedPlacer(
      options: options, geometry: geometry, captionStyle: TextStyles(options: options).caption)
    let steps = input.steps
    var position = 0
    var banners: [BannerBox] = []
    while position < steps.count {
      switch steps[position] {
      case .banner(let index):
        banners.append(input.banners[index])
        position += 1
      case .card:
        var cards: [Int] = []
        while position < steps.count, case .card(let index) = steps[position] {
          cards.append(index)
          position += 1
        }
        let rows = try placer.rows(of: cards, input: input, measurer: measurer)
        try placer.place(banners, before: rows.first, into: &pages)
        for (index, row) in rows.enumerated() {
          placer.place(row, afterBanners: index == 0 && !banners.isEmpty, into: &pages)
        }
        banners = []
      }
    }
    try placer.place(banners, before: nil, into: &pages)
    return placer.figures
  }
}

/// Places justified rows and banners down the pages.
private struct JustifiedPlacer {
  let options: LayoutOptions
  let geometry: ColumnGeometry
  let captionStyle: TextStyle
  private(set) var figures = PlacementFigures()
  /// Where the next row or banner goes.
  private var top: Double

  init(options: LayoutOptions, geometry: ColumnGeometry, captionStyle: TextStyle) {
    self.options = options
    self.geometry = geometry
    self.captionStyle = captionStyle
    top = geometry.content.y
  }

  /// A row's cards, each with its left edge and width, ready to place.
  struct CardRow {
    var cards: [(box: CardBox, x: Double, width: Double)]
    var height: Double { cards.first?.box.height ?? 0 }
  }

  /// The height rows aim for: the option, else the height at which 3:2 landscapes fill a row
  /// of the geometry's columns.
  var targetHeight: Double { options.rowHeight ?? geometry.innerWidth / 1.5 }

  /// The rows of the cards `cards` (item indices, one section's run), captions measured at
  /// each card's width and each row's caption band as tall as its tallest.
  func rows(of cards: [Int], input: borrowing MeasuredInput, measurer: some TextMeasuring) throws -> [CardRow]
  {
    let padding = options.padding
    var settings = JustifiedRows.Settings(
      width: geometry.content.width - 2 * padding, spacing: options.gutter + 2 * padding,
      targetHeight: targetHeight)
    settings.tolerance = options.rowHeightTolerance
    settings.lastRow = options.lastRow
    settings.breaker = options.rowBreaker
    settings.fullWidthEvery = options.fullWidthEvery
    let rows = JustifiedRows.rows(cards.map { 1 / input.aspects[$0] }, settings)
    return try rows.map { row in
      var captions: [(text: Double, qr: Double)] = []
      for (position, width) in zip(row.items, row.widths) {
        let item = cards[position]
        let caption = input.items[item].caption
        let text = caption.isEmpty ? 0 : measurer.measure(caption, style: captionStyle, width: width).height
        let qr = input.qrCodes[item] > 0 ? min(options.qrCodeSize ?? 0, width) : 0
        captions.append((text, qr))
      }
      let band =
        captions.map { $0.text + ($0.qr > 0 && $0.text > 0 ? options.captionGap : 0) + $0.qr }.max() ?? 0
      var placed: [(box: CardBox, x: Double, width: Double)] = []
      for (offset, position) in row.items.enumerated() {
        let item = cards[position]
        var box = CardBox(
          item: item, aspect: input.aspects[item], captionHeight: band, areaHeight: row.height,
          letterbox: false,
          options: options)
        box.qrCode = captions[offset].qr
        placed.append((box, geometry.content.x + row.lefts[offset], row.widths[offset] + 2 * padding))
      }
      if let first = placed.first, first.box.fixedHeight >= geometry.content.height {
        throw LayoutError(
          .captionLines,
          "captions \(ColumnGeometry.format(band)) pt tall leave no room for pictures on a page \(ColumnGeometry.format(geometry.content.height)) pt high; limit them with \(setting: .captionLines) or use a bigger \(setting: .page)"
        )
      }
      return CardRow(cards: placed)
    }
  }

  /// Places `row` below the last, on a new page when it does not fit; a row taller than a page
  /// (or than the room under the banners it follows) is shrunk to fit, its pictures
  /// letterboxed.
  mutating func place(_ row: CardRow, afterBanners: Bool, into pages: inout PageAccumulator) {
    var row = row
    let underBanners = geometry.content.maxY - top
    let room =
      afterBanners && underBanners > (row.cards.first?.box.fixedHeight ?? 0)
      ? underBanners : geometry.content.height
    if row.height > room + 1e-9 {
      for index in row.cards.indices { _ = row.cards[index].box.scale(toFit: room) }
      figures.scaledToFit += row.cards.count
    }
    if top + row.height > geometry.content.maxY + 1e-9 && !pages.pageIsEmpty {
      top = pages.continueOnNewPage(rowGap: options.rowGap)
      // A row as tall as a page makes room for the section's running banner above it.
      let room = geometry.content.maxY - top
      if row.height > room + 1e-9, row.cards.allSatisfy({ $0.box.fixedHeight < room }) {
        if !(row.cards.first?.box.scaled ?? true) { figures.scaledToFit += row.cards.count }
        for index in row.cards.indices { _ = row.cards[index].box.scale(toFit: room) }
      }
    }
    for card in row.cards { pages.add(card.box.element(x: card.x, y: top, width: card.width, column: nil)) }
    top += row.height + options.rowGap
  }

  /// Places `group`, consecutive banners, kept on one page with the row after them (`next`;
  /// nil for none). Throws when the row's captions leave no room for its pictures below them.
  mutating func place(_ group: [BannerBox], before next: CardRow?, into pages: inout PageAccumulator) throws {
    guard !group.isEmpty else { return }
    let banners = group.reduce(0) { $0 + $1.height + options.rowGap }
    if let first = next?.cards.first, first.box.fixedHeight >= geometry.content.height - banners {
      throw WaterfallLayout.noRoomBelowBanner(item: first.box.item, geometry: geometry)
    }
    top = pages.placeBanners(
      group, from: top, following: next?.height ?? -options.rowGap, rowGap: options.rowGap)
  }
}
