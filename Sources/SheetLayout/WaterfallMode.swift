/// `waterfall`: cards of their own shapes, each into the column whose bottom is highest (or in
/// order, under `placement`), banners across all columns.
enum WaterfallMode: ModePlacer {
  static func place(
    _ input: borrowing MeasuredInput, options: LayoutOptions, geometry: ColumnGeometry,
    measurer: some TextMeasuring, into pages: inout PageAccumulator
  ) throws -> PlacementFigures {
    let cards = try input.aspects.indices.map { index in
      var card = CardBox(
        item: index, aspect: input.aspects[index], captionHeight: input.captions[index], options: options,
        innerWidth: geometry.innerWidth)
      card.qrCode = input.qrCodes[index]
      card.besideRoom = geometry.besideRoom
      try check(card, geometry: geometry)
      return card
    }
    for run in WaterfallLayout.bannerRuns(input.steps, banners: input.banners, gap: options.rowGap)
    where run.height + cards[run.card].fixedHeight >= geometry.content.height {
      throw WaterfallLayout.noRoomBelowBanner(item: run.card, geometry: geometry)
    }
    var placer = WaterfallPlacer(options: options, geometry: geometry)
    placer.run(input.steps, cards: consume cards, banners: input.banners, into: &pages)
    return placer.figures
  }

  /// Rejects a card whose caption alone is taller than the page (taller images are scaled later).
  private static func check(_ card: CardBox, geometry: ColumnGeometry) throws {
    guard card.fixedHeight < geometry.content.height else {
      throw LayoutError(
        .captionLines,
        "the caption of item \(card.item + 1) is \(ColumnGeometry.format(card.captionHeight)) pt tall, more than the \(ColumnGeometry.format(geometry.content.height)) pt a page holds; limit it with \(setting: .captionLines) or use a bigger \(setting: .page)"
      )
    }
  }
}
