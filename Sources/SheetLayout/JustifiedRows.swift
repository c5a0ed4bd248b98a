/// How the last row of a justified section, which does not fill the width, is laid out: at the
/// height of the row before it (the target height when it is the only one).
public enum LastRowStyle: String, Codable, CaseIterable, Hashable, Sendable {
  /// From the left edge.
  case left
  /// Widened to the full width, the pictures cropped to fit.
  case justify
  /// Centred.
  case center
}

/// How justified rows are chosen.
public enum RowBreaker: String, Codable, CaseIterable, Hashable, Sendable {
  /// Row by row, as flickr/justified-layout does: each row takes pictures until its height at
  /// full width falls within the tolerance, keeping the last one when that brings it closer to
  /// the target.
  case greedy
  /// All rows of a section at once: the breaks that minimise the total squared deviation from
  /// the target height (as Knuth and Plass break lines of text).
  case balanced
}

/// Justified rows: pictures side by side at one height per row, each row filling the width,
/// their shapes kept. The greedy breaker follows flickr/justified-layout 4.1.0 (`lib/row.js`),
/// so that with no card chrome the boxes are the ones it returns (the tests hold its results
/// for 77 cases), with two differences: a centred last row is centred (flickr's is off by half
/// the difference between its container padding and box spacing), and a last row never runs
/// past the width (flickr's can, after a tall row).
struct JustifiedRows {
  /// What the rows are made to.
  struct Settings {
    /// The width each row fills.
    var width: Double
    /// Space between pictures in a row.
    var spacing: Double
    /// The height rows aim for.
    var targetHeight: Double
    /// How far a row's height may stray from the target, as a fraction of it.
    var tolerance = 0.25
    var lastRow = LastRowStyle.left
    var breaker = RowBreaker.greedy
    /// Every this many rows, a landscape picture takes a row of its own at full width; nil for
    /// never (greedy breaker only).
    var fullWidthEvery: Int?
  }

  /// One row: its pictures, its height, and each picture's left edge and width.
  struct Row: Equatable {
    var items: Range<Int>
    var height: Double
    var lefts: [Double]
    var widths: [Double]
    /// Whether this is a full-width row of one landscape picture.
    var isFullWidth = false
    /// Whether this is the section's last row, laid out by ``Settings/lastRow``.
    var isLast = false
    /// Whether the row came where a full-width row was due (a last row after it takes the
    /// target height, whether or not a landscape picture filled it).
    var wasFullWidthTurn = false
  }

  /// The rows of pictures of `aspects` (width ÷ height, each positive) as `settings` say.
  static func rows(_ aspects: [Double], _ settings: Settings) -> [Row] {
    switch settings.breaker {
    case .greedy: greedy(aspects, settings)
    case .balanced: balanced(aspects, settings)
    }
  }

  // MARK: - The greedy breaker (flickr/justified-layout)

  /// A row being filled.
  private struct OpenRow {
    let settings: Settings
    let isFullWidthRow: Bool
    var first: Int
    var aspects: [Double] = []
    /// Width ÷ height of a row at the target height, at the tolerance's ends (measured over the
    /// whole width, spacing included, as flickr does).
    var minimumAspect: Double { settings.width / settings.targetHeight * (1 - settings.tolerance) }
    var maximumAspect: Double { settings.width / settings.targetHeight * (1 + settings.tolerance) }

    /// Takes the picture `index` of aspect `aspect` when it belongs in this row; returns
    /// whether it did, and the finished row when the row is full.
    mutating func add(_ index: Int, aspect: Double) -> (taken: Bool, done: Row?) {
      let spacing = settings.spacing
      let newAspect = aspects.reduce(0, +) + aspect
      let widthWithout = settings.width - Double(aspects.count) * spacing
      let targetAspect = widthWithout / settings.targetHeight
      if isFullWidthRow && aspects.isEmpty && aspect >= 1 {
        aspects.append(aspect)
        var row = finish(height: widthWithout / aspect, justify: true)
        row.isFullWidth = true
        return (true, row)
      }
      // A row whose spacing leaves no width for another picture is full (flickr does not
      // check; a narrow page with wide gutters needs it).
      if !aspects.isEmpty && widthWithout <= 0 {
        let previousWidth = settings.width - Double(aspects.count - 1) * spacing
        return (false, finish(height: previousWidth / aspects.reduce(0, +), justify: true))
      }
      if newAspect < minimumAspect {
        aspects.append(aspect)
        return (true, nil)
      }
      if newAspect > maximumAspect && !aspects.isEmpty {
        let previousWidth = settings.width - Double(aspects.count - 1) * spacing
        let previousAspect = aspects.reduce(0, +)
        let previousTarget = previousWidth / settings.targetHeight
        if abs(newAspect - targetAspect) > abs(previousAspect - previousTarget) {
          return (false, finish(height: previousWidth / previousAspect, justify: true))
        }
      }
      aspects.append(aspect)
      return (true, finish(height: widthWithout / newAspect, justify: true))
    }

    /// The row at `height` (clamped to half and twice the target; the widths stay those of the
    /// height asked for, so a clamped row crops), justified to the full width when `justify`
    /// (the width's rounding spread over its pictures in whole points, as flickr does), else as
    /// the last row's style says.
    func finish(height asked: Double, justify: Bool, style: LastRowStyle = .left) -> Row {
      let height = max(0.5 * settings.targetHeight, min(asked, 2 * settings.targetHeight))
      var widths = aspects.map { $0 * asked }
      var lefts: [Double] = []
      var x = 0.0
      for width in widths {
        lefts.append(x)
        x += width + settings.spacing
      }
      let used = x - settings.spacing
      if justify || style == .justify {
        let error = (used - settings.width) / Double(widths.count)
        // JavaScript's Math.round: halves go up.
        let rounded = widths.indices.map { (Double($0 + 1) * error + 0.5).rounded(.down) }
        if widths.count == 1 {
          widths[0] -= (error + 0.5).rounded(.down)
        } else {
          for index in widths.indices {
            let before = index > 0 ? rounded[index - 1] : 0
            lefts[index] -= before
            widths[index] -= rounded[index] - before
          }
        }
      } else if style == .center {
        let offset = (settings.width - used) / 2
        lefts = lefts.map { $0 + offset }
      }
      return Row(
        items: first..<(first + aspects.count), height: height, lefts: lefts, widths: widths,
        wasFullWidthTurn: isFullWidthRow)
    }
  }

  private static func greedy(_ aspects: [Double], _ settings: Settings) -> [Row] {
    var rows: [Row] = []
    func open(at index: Int) -> OpenRow {
      let isFullWidthRow = settings.fullWidthEvery.map { (rows.count + 1) % $0 == 0 } ?? false
      return OpenRow(settings: settings, isFullWidthRow: isFullWidthRow, first: index)
    }
    var row = open(at: 0)
    for (index, aspect) in aspects.enumerated() {
      let (taken, done) = row.add(index, aspect: aspect)
      guard let done else { continue }
      rows.append(done)
      row = open(at: taken ? index + 1 : index)
      // A picture the full row turned away starts the next one (and may fill it alone).
      if !taken, let alone = row.add(index, aspect: aspect).done {
        rows.append(alone)
        row = open(at: index + 1)
      }
    }
    if !row.aspects.isEmpty { rows.append(lastRow(row, after: rows.last, settings)) }
    return rows
  }

  /// The last, unfilled row `row` at the height of the row before it (the target after a
  /// full-width row, or with none), but never wider than the row: after a row clamped to
  /// twice the target, flickr's last row can run past the width; ours is lowered to fit.
  private static func lastRow(_ row: OpenRow, after previous: Row?, _ settings: Settings) -> Row {
    let wanted =
      previous.map { $0.wasFullWidthTurn ? settings.targetHeight : $0.height } ?? settings.targetHeight
    let filling =
      (settings.width - Double(row.aspects.count - 1) * settings.spacing) / row.aspects.reduce(0, +)
    var last = row.finish(height: min(wanted, filling), justify: false, style: settings.lastRow)
    last.isLast = true
    return last
  }

  // MARK: - The balanced breaker

  /// The most pictures a balanced row may hold.
  static let largestBalancedRow = 64

  private static func balanced(_ aspects: [Double], _ settings: Settings) -> [Row] {
    let count = aspects.count
    guard count > 0 else { return [] }
    let target = settings.targetHeight
    // The natural height of pictures start..<end filling the width.
    func height(_ start: Int, _ end: Int, sum: Double) -> Double {
      (settings.width - Double(end - start - 1) * settings.spacing) / sum
    }
    // best[i]: the least cost of rows covering pictures i..<count, and where the first ends.
    var best = [(cost: Double, end: Int)](repeating: (.infinity, count), count: count + 1)
    best[count] = (0, count)
    for start in stride(from: count - 1, through: 0, by: -1) {
      var sum = 0.0
      for end in (start + 1)...min(count, start + largestBalancedRow) {
        sum += aspects[end - 1]
        let natural = height(start, end, sum: sum)
        // More pictures only make the row lower: past half the target (or no width left
        // besides the spacing), stop.
        if (natural < 0.5 * target || natural <= 0) && end > start + 1 { break }
        var cost: Double
        if end == count && natural >= target {
          // A last row too short to fill the width is laid out at the height before it.
          cost = 0
        } else {
          let shown = max(0.5 * target, min(natural, 2 * target))
          cost = (shown - target) * (shown - target) / (target * target)
          // A picture alone that is cropped to twice the target costs as much again.
          if natural > 2 * target { cost += 1 }
        }
        if cost + best[end].cost < best[start].cost { best[start] = (cost + best[end].cost, end) }
      }
    }
    var rows: [Row] = []
    var start = 0
    while start < count {
      let end = best[start].end
      var row = OpenRow(settings: settings, isFullWidthRow: false, first: start)
      row.aspects = Array(aspects[start..<end])
      let natural = height(start, end, sum: row.aspects.reduce(0, +))
      if end == count && natural >= target {
        rows.append(lastRow(row, after: rows.last, settings))
      } else {
        rows.append(row.finish(height: natural, justify: true))
      }
      start = end
    }
    return rows
  }
}
