/// `--balance`: which nearby card to place next, within the displacement bound.
extension WaterfallPlacer {
  /// Which of `pending` (sorted by input index) to place next: the first, unless it does not
  /// fit on the page and another does.
  func choose(from pending: [Int], cards: [CardBox], output: Int) -> Int {
    // A card about to exceed the bound must go now.
    if pending[0] <= output - options.balance { return 0 }
    let column = nextColumn()
    let fits = pending.indices.filter { bottoms[column] + cards[pending[$0]].height <= contentBottom + 1e-9 }
    guard let first = fits.first, first != 0 else { return 0 }
    var best = first
    var bestSpread = Double.infinity
    for candidate in fits {
      let bottom = bottoms[column] + cards[pending[candidate]].height + options.rowGap
      var low = bottom
      var high = bottom
      for (other, value) in bottoms.enumerated() where other != column {
        low = min(low, value)
        high = max(high, value)
      }
      if high - low < bestSpread - WaterfallLayout.levelTolerance {
        best = candidate
        bestSpread = high - low
      }
    }
    return best
  }

  /// The order of the block's last cards (`unplaced`, ascending) that leaves the most even
  /// column bottoms with every card on this page and within the displacement bound; empty when
  /// input order does not fit either. A depth-first search, input order first, with a budget.
  func planTail(_ unplaced: [Int], cards: [CardBox], output: Int) -> [Int] {
    var best: [Int] = []
    var bestSpread = Double.infinity
    var order: [Int] = []
    var used = Array(repeating: false, count: unplaced.count)
    var budget = 20_000
    func search(_ bottoms: [Double], _ inBlock: Int) {
      budget -= 1
      guard budget > 0 else { return }
      if order.count == unplaced.count {
        let spread = (bottoms.max() ?? 0) - (bottoms.min() ?? 0)
        if spread < bestSpread - WaterfallLayout.levelTolerance {
          bestSpread = spread
          best = order
        }
        return
      }
      let position = output + order.count
      let column = Self.column(bottoms: bottoms, placedInBlock: inBlock, placement: options.placement)
      for (slot, index) in unplaced.enumerated() where !used[slot] {
        if index > position + options.balance { break }
        let forced = unplaced.indices.first { !used[$0] && unplaced[$0] <= position - options.balance }
        if let forced, forced != slot { continue }
        let height = cards[index].height
        guard bottoms[column] + height <= contentBottom + 1e-9 else { continue }
        var next = bottoms
        next[column] += height + options.rowGap
        used[slot] = true
        order.append(index)
        search(next, inBlock + 1)
        order.removeLast()
        used[slot] = false
      }
    }
    search(bottoms, placedInBlock)
    return best
  }
}
