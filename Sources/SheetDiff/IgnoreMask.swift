/// Regions left out of a comparison, looked up a row at a time.
struct IgnoreMask {
  private let regions: [PixelRect]

  /// `regions` clipped to a `width`×`height` image.
  init(_ regions: [PixelRect], width: Int, height: Int) {
    let image = PixelRect(x: 0, y: 0, width: width, height: height)
    self.regions = regions.compactMap { $0.intersection(image) }
  }

  var isEmpty: Bool { regions.isEmpty }

  /// The ignored column ranges of row `y`, sorted and merged.
  func ignoredColumns(row y: Int) -> [Range<Int>] {
    let hits = regions.filter { y >= $0.y && y < $0.maxY }.map { $0.x..<$0.maxX }
    guard hits.count > 1 else { return hits }
    var merged: [Range<Int>] = []
    for range in hits.sorted(by: { $0.lowerBound < $1.lowerBound }) {
      if let last = merged.last, range.lowerBound <= last.upperBound {
        merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
      } else {
        merged.append(range)
      }
    }
    return merged
  }
}
