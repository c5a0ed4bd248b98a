/// Places equal cells in rows for the `grid` and `staggered` modes (``GridMode``,
/// ``StaggeredMode``).
///
/// Every cell has the same image box (square unless `imageAspect` says otherwise, clamped by
/// `maxImageHeight`) and the same caption slot (the tallest caption), so rows line up. In
/// staggered mode odd rows (counted from each page start or banner) shift by `staggerOffset`
/// of the cell width (the geometry's `stagger`, zero in the other modes). Cells fit their image
/// inside when `fitsInside` (grid), else follow `imageFit`.
/// Cells taller than a page (less the tallest run of banners before a cell) all shrink alike.
struct RowPlacer {
  let options: LayoutOptions
  let geometry: ColumnGeometry
  private(set) var figures = PlacementFigures()
  private let cells: [CardBox]
  private let cellHeight: Double
  /// Top of the current row.
  private var rowTop: Double
  /// Cells already in the current row.
  private var filled = 0
  /// Rows since the page start or the last banner (odd rows are shifted in staggered mode).
  private var rowIndex = 0

  /// `bannerRoom` is the tallest run of consecutive banners plus their gaps: cells shrink to
  /// fit below it when they would not, so a banner never ends a page.
  init(
    options: LayoutOptions, geometry: ColumnGeometry, aspects: [Double], captions: [Double],
    qrCodes: [Double] = [], bannerRoom: Double, fitsInside: Bool
  ) throws {
    self.options = options
    self.geometry = geometry
    let slot = captions.max() ?? 0
    var area = geometry.innerWidth * (options.imageAspect ?? 1)
    if let limit = options.maxImageHeight { area = min(area, limit) }
    let letterbox = fitsInside
    var cells = aspects.indices.map { index in
      var cell = CardBox(
        item: index, aspect: aspects[index], captionHeight: slot, areaHeight: area,
        letterbox: letterbox, options: options)
      cell.qrCode = qrCodes.indices.contains(index) ? qrCodes[index] : 0
      cell.besideRoom = geometry.besideRoom
      return cell
    }
    if let first = cells.first, first.fixedHeight >= geometry.content.height {
      throw LayoutError(
        .captionLines,
        "captions \(ColumnGeometry.format(slot)) pt tall leave no room for images on a page \(ColumnGeometry.format(geometry.content.height)) pt high; limit them with \(setting: .captionLines) or use a bigger \(setting: .page)"
      )
    }
    let limit = geometry.content.height - bannerRoom
    if let first = cells.first, first.fixedHeight >= limit {
      throw WaterfallLayout.noRoomBelowBanner(item: nil, geometry: geometry)
    }
    if let first = cells.first, first.height > limit {
      for index in cells.indices { _ = cells[index].scale(toFit: limit) }
      figures.scaledToFit = cells.count
    }
    self.cells = cells
    cellHeight = cells.first?.height ?? 0
    rowTop = geometry.content.y
  }

  /// Places `input` in rows of equal cells; see ``ModePlacer/place(_:options:geometry:into:)``.
  static func place(
    _ input: borrowing MeasuredInput, options: LayoutOptions, geometry: ColumnGeometry, fitsInside: Bool,
    into pages: inout PageAccumulator
  ) throws -> PlacementFigures {
    var placer = try RowPlacer(
      options: options, geometry: geometry, aspects: input.aspects, captions: input.captions,
      qrCodes: input.qrCodes,
      bannerRoom: WaterfallLayout.tallestBannerRun(input.steps, banners: input.banners, gap: options.rowGap),
      fitsInside: fitsInside)
    placer.run(input.steps, banners: input.banners, into: &pages)
    return placer.figures
  }

  mutating func run(_ steps: [FlowStep], banners: [BannerBox], into pages: inout PageAccumulator) {
    var position = 0
    while position < steps.count {
      switch steps[position] {
      case .card(let index):
        place(cells[index], into: &pages)
        position += 1
      case .banner:
        var group: [BannerBox] = []
        while position < steps.count, case .banner(let index) = steps[position] {
          group.append(banners[index])
          position += 1
        }
        let hasNext = position < steps.count
        place(group, keepingWithCell: hasNext, into: &pages)
      }
    }
  }

  private mutating func place(_ cell: CardBox, into pages: inout PageAccumulator) {
    if filled == geometry.count {
      rowTop += cellHeight + options.rowGap
      filled = 0
      rowIndex += 1
    }
    if filled == 0 && rowTop + cellHeight > geometry.content.maxY + 1e-9 && !pages.pageIsEmpty {
      rowTop = pages.continueOnNewPage(rowGap: options.rowGap)
      rowIndex = 0
    }
    let shift = rowIndex % 2 == 1 ? geometry.stagger : 0
    let x = geometry.columnX(filled, gutter: options.gutter, shift: shift)
    pages.add(cell.element(x: x, y: rowTop, width: geometry.width, column: filled))
    filled += 1
  }

  private mutating func place(_ group: [BannerBox], keepingWithCell: Bool, into pages: inout PageAccumulator)
  {
    let top = filled == 0 ? rowTop : rowTop + cellHeight + options.rowGap
    rowTop = pages.placeBanners(
      group, from: top, following: keepingWithCell ? cellHeight : -options.rowGap, rowGap: options.rowGap)
    filled = 0
    rowIndex = 0
  }
}
