/// Places waterfall cards column by column, banners across all columns, and starts pages.
///
/// Under `balance` K it may pick, instead of the next card in input order, another of the
/// cards at most K positions away: when that card fits on the page and the next does not (the
/// page end), and for the last cards of a block (before a banner or the end), where it searches
/// the orders within the bound for the most even column bottoms (input order is tried first and
/// wins ties, so the search never ends a block less evenly than input order from that point).
struct WaterfallPlacer {
  let options: LayoutOptions
  let geometry: ColumnGeometry
  private(set) var figures = PlacementFigures()
  /// Where the next card in each column starts (columns in reading order).
  private(set) var bottoms: [Double]
  /// Cards placed since the page started or the last banner (for `order` placement).
  private(set) var placedInBlock = 0
  /// Cards placed so far: the output position of the next card.
  private var placedCount = 0

  init(options: LayoutOptions, geometry: ColumnGeometry) {
    self.options = options
    self.geometry = geometry
    bottoms = Array(repeating: geometry.content.y, count: geometry.count)
  }

  var contentBottom: Double { geometry.content.maxY }

  mutating func run(
    _ steps: [FlowStep], cards: consuming [CardBox], banners: [BannerBox], into pages: inout PageAccumulator
  ) {
    // Taken over from the caller, so scaling a card does not copy them all.
    var cards = cards
    var position = 0
    while position < steps.count {
      if case .banner = steps[position] {
        var group: [BannerBox] = []
        while position < steps.count, case .banner(let index) = steps[position] {
          group.append(banners[index])
          position += 1
        }
        // Scale the card after the banners so the two can share a page (a banner never ends one).
        if position < steps.count, case .card(let index) = steps[position] {
          let room = geometry.content.height - group.reduce(0) { $0 + $1.height + options.rowGap }
          if room > cards[index].fixedHeight { _ = cards[index].scale(toFit: room) }
        }
        let next: CardBox? =
          if position < steps.count, case .card(let index) = steps[position] { cards[index] } else { nil }
        place(group, keepingWith: next, into: &pages)
      } else {
        var block: [Int] = []
        while position < steps.count, case .card(let index) = steps[position] {
          block.append(index)
          position += 1
        }
        placeBlock(block, cards: &cards, into: &pages)
      }
    }
    recordSpread()
  }

  /// Places the cards between two banners, in input order or, under `balance`, nearly so.
  private mutating func placeBlock(_ block: [Int], cards: inout [CardBox], into pages: inout PageAccumulator)
  {
    for index in block {
      _ = cards[index].scale(toFit: geometry.content.height)
      if cards[index].scaled { figures.scaledToFit += 1 }
    }
    let window = options.balance
    guard window > 0 else {
      for index in block { place(cards[index], into: &pages) }
      return
    }
    var pending: [Int] = []  // Unplaced cards of the block within `window` of the output position.
    var nextEligible = 0  // Position in `block` of the next card to add to `pending`.
    var plan: [Int] = []  // The searched order of the block's last cards, once there is one.
    var planned = false
    for step in 0..<block.count {
      let output = placedCount
      while nextEligible < block.count, block[nextEligible] <= output + window {
        pending.append(block[nextEligible])
        nextEligible += 1
      }
      let remaining = block.count - step
      if !planned && remaining <= geometry.count + window {
        planned = true
        let unplaced = (pending + block[nextEligible...]).sorted()
        plan = planTail(unplaced, cards: cards, output: output).reversed()
      }
      let choice =
        plan.isEmpty
        ? choose(from: pending, cards: cards, output: output)
        : pending.firstIndex(of: plan.removeLast())!
      let index = pending.remove(at: choice)
      figures.maxDisplacement = max(figures.maxDisplacement, abs(index - output))
      place(cards[index], into: &pages)
    }
  }

  /// Places a card in the column the placement rule picks, starting a new page if it does not fit.
  private mutating func place(_ card: CardBox, into pages: inout PageAccumulator) {
    var card = card
    var column = nextColumn()
    if bottoms[column] + card.height > contentBottom + 1e-9 && !pages.pageIsEmpty {
      let top = startNewPage(&pages, continuing: true)
      column = nextColumn()
      // A card as tall as a page makes room for the section's running banner above it.
      let (room, wasScaled) = (contentBottom - top, card.scaled)
      if room > card.fixedHeight, card.scale(toFit: room), !wasScaled { figures.scaledToFit += 1 }
    }
    let x = geometry.columnX(column, gutter: options.gutter)
    pages.add(card.element(x: x, y: bottoms[column], width: geometry.width, column: column))
    bottoms[column] += card.height + options.rowGap
    placedInBlock += 1
    placedCount += 1
  }

  /// Places full-width banners below the lowest column; they move to a new page when they and
  /// the card after them would not all fit.
  private mutating func place(
    _ group: [BannerBox], keepingWith next: CardBox?, into pages: inout PageAccumulator
  ) {
    if pages.needsNewPage(before: group) { startNewPage(&pages, forSection: true) }
    recordSpread()
    var top = bottoms.max() ?? geometry.content.y
    let needed = group.reduce(0) { $0 + $1.height + options.rowGap } + (next?.height ?? -options.rowGap)
    if top + needed > contentBottom + 1e-9 && !pages.pageIsEmpty {
      startNewPage(&pages)
      top = geometry.content.y
    }
    for banner in group {
      pages.add(banner.element(x: geometry.content.x, y: top, width: geometry.content.width))
      top += banner.height + options.rowGap
    }
    bottoms = Array(repeating: top, count: geometry.count)
    placedInBlock = 0
  }

  /// The column the next card goes to: the shortest (first on ties), or round robin.
  func nextColumn() -> Int {
    Self.column(bottoms: bottoms, placedInBlock: placedInBlock, placement: options.placement)
  }

  static func column(bottoms: [Double], placedInBlock: Int, placement: Placement) -> Int {
    switch placement {
    case .order:
      return placedInBlock % bottoms.count
    case .shortest:
      let highest = bottoms.min() ?? 0
      return bottoms.firstIndex { $0 <= highest + WaterfallLayout.levelTolerance } ?? 0
    }
  }

  /// Closes the page and starts the next with every column at its top, below the section's
  /// running banner when `continuing` (cards that did not fit; banners bring their own).
  /// Returns that top.
  @discardableResult
  private mutating func startNewPage(
    _ pages: inout PageAccumulator, continuing: Bool = false, forSection: Bool = false
  ) -> Double {
    recordSpread()
    let top: Double
    if continuing {
      top = pages.continueOnNewPage(rowGap: options.rowGap)
    } else if forSection {
      pages.startSectionPage()
      top = geometry.content.y
    } else {
      pages.closePage()
      top = geometry.content.y
    }
    bottoms = Array(repeating: top, count: geometry.count)
    placedInBlock = 0
    return top
  }

  private mutating func recordSpread() {
    let used = bottoms.filter { $0 > geometry.content.y }
    guard let high = used.max(), let low = bottoms.min() else { return }
    figures.columnSpread = max(figures.columnSpread, high - low)
  }
}
