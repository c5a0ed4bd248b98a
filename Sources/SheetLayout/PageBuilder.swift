/// Fills pages one element at a time, keeping the bottom of every column.
struct PageBuilder {
  let options: LayoutOptions
  let geometry: ColumnGeometry
  private var pages: [LayoutPage] = []
  private var elements: [LayoutElement] = []
  /// Where the next card in each column starts.
  private var bottoms: [Double]
  private var columnSpread = 0.0
  private var scaledToFit = 0

  init(options: LayoutOptions, geometry: ColumnGeometry) {
    self.options = options
    self.geometry = geometry
    bottoms = Array(repeating: geometry.content.y, count: geometry.count)
  }

  private var contentBottom: Double { geometry.content.maxY }
  private var pageIsEmpty: Bool { elements.isEmpty }

  /// Places a card in the column whose bottom is highest, starting a new page if it does not fit.
  mutating func place(_ box: CardBox, item: Int) {
    var card = box
    if card.scale(toFit: geometry.content.height) { scaledToFit += 1 }
    var column = shortestColumn()
    if bottoms[column] + card.height > contentBottom + 1e-9 && !pageIsEmpty {
      startNewPage()
      column = shortestColumn()
    }
    let x = geometry.columnX(column, gutter: options.gutter)
    let y = bottoms[column]
    let frame = Rect(x: x, y: y, width: geometry.width, height: card.height)
    let image = Rect(
      x: x + options.padding, y: y + options.padding, width: geometry.innerWidth,
      height: card.imageHeight)
    let caption = Rect(
      x: image.x, y: image.maxY + card.captionGap, width: geometry.innerWidth,
      height: card.captionHeight)
    elements.append(
      LayoutElement(kind: .card, item: item, column: column, frame: frame, image: image, caption: caption))
    bottoms[column] = frame.maxY + options.rowGap
  }

  /// Places a full-width banner below the lowest column; it moves to a new page when it and the
  /// card after it would not both fit.
  mutating func place(_ banner: BannerBox, keepingWith nextCard: CardBox?) {
    recordSpread()
    var top = bottoms.max() ?? geometry.content.y
    let needed = banner.height + (nextCard.map { options.rowGap + $0.height } ?? 0)
    if top + needed > contentBottom + 1e-9 && !pageIsEmpty {
      startNewPage()
      top = geometry.content.y
    }
    let frame = Rect(x: geometry.content.x, y: top, width: geometry.content.width, height: banner.height)
    let title = Rect(
      x: frame.x + banner.padding, y: frame.y + banner.padding,
      width: frame.width - 2 * banner.padding, height: banner.titleHeight)
    let subtitle =
      banner.subtitleHeight > 0
      ? Rect(
        x: title.x, y: title.maxY + BannerBox.subtitleGap, width: title.width,
        height: banner.subtitleHeight) : nil
    elements.append(
      LayoutElement(
        kind: .banner, frame: frame, caption: title, text: banner.content.title,
        subtitle: subtitle == nil ? nil : banner.content.subtitle, subtitleFrame: subtitle))
    bottoms = Array(repeating: frame.maxY + options.rowGap, count: geometry.count)
  }

  /// The finished layout, with the last page closed.
  mutating func finish() -> Layout {
    if !elements.isEmpty || pages.isEmpty { closePage() }
    let metrics = LayoutMetrics(
      whitespace: whitespace(), columnSpread: columnSpread, maxDisplacement: 0,
      scaledToFit: scaledToFit)
    return Layout(pages: pages, metrics: metrics)
  }

  /// The leftmost column whose bottom is within the level tolerance of the highest.
  private func shortestColumn() -> Int {
    let highest = bottoms.min() ?? 0
    return bottoms.firstIndex { $0 <= highest + WaterfallLayout.levelTolerance } ?? 0
  }

  private mutating func startNewPage() {
    recordSpread()
    closePage()
    bottoms = Array(repeating: geometry.content.y, count: geometry.count)
  }

  private mutating func recordSpread() {
    let used = bottoms.filter { $0 > geometry.content.y }
    guard let high = used.max(), let low = bottoms.min() else { return }
    columnSpread = max(columnSpread, high - low)
  }

  private mutating func closePage() {
    let height: Double
    switch options.page {
    case .paper(_, let paperHeight): height = paperHeight
    case .continuous:
      let lowest = elements.map(\.frame.maxY).max() ?? geometry.content.y
      height = lowest + options.margins.bottom
    }
    pages.append(LayoutPage(width: options.page.width, height: height, elements: elements))
    elements = []
  }

  private func whitespace() -> Double {
    let ratios = pages.map { page -> Double in
      let contentArea =
        (page.width - options.margins.left - options.margins.right)
        * (page.height - options.margins.top - options.margins.bottom)
      guard contentArea > 0 else { return 0 }
      let used = page.elements.reduce(0) { $0 + $1.frame.width * $1.frame.height }
      return max(0, 1 - used / contentArea)
    }
    return ratios.isEmpty ? 0 : ratios.reduce(0, +) / Double(ratios.count)
  }
}
