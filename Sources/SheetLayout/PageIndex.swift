/// A spatial index over one page's elements: which elements intersect a rectangle, in
/// O(L · log n + k) for L lanes, n elements and k results.
///
/// Elements are grouped into *lanes*: elements with the same horizontal extent (a column, a
/// shifted row's cell position, the full width of banners) that do not overlap vertically.
/// Within a lane tops and bottoms are both sorted, so two binary searches find exactly the
/// elements a rectangle's vertical range touches, however tall any of them is. A layout has
/// about as many lanes as columns (twice that in staggered mode, plus one for full-width
/// elements), independent of the number of elements.
///
/// ```swift
/// let index = PageIndex(layout.pages[0])
/// for element in index.elements(in: Rect(x: 0, y: 100, width: 595, height: 50)) { … }
/// ```
public struct PageIndex: Sendable {
  private struct Lane: Sendable {
    var minX: Double
    var maxX: Double
    var tops: [Double] = []
    var bottoms: [Double] = []
    var members: [Int] = []
  }

  private let page: LayoutPage
  private var lanes: [Lane] = []

  /// Indexes `page`; O(n log n).
  public init(_ page: LayoutPage) {
    self.page = page
    var groups: [Rect: [Int]] = [:]
    for (index, element) in page.elements.enumerated() {
      let key = Rect(x: element.frame.x, y: 0, width: element.frame.width, height: 0)
      groups[key, default: []].append(index)
    }
    for (key, members) in groups.sorted(by: { ($0.key.x, $0.key.width) < ($1.key.x, $1.key.width) }) {
      let sorted = members.sorted { page.elements[$0].frame.y < page.elements[$1].frame.y }
      var chains: [Lane] = []
      for index in sorted {
        let frame = page.elements[index].frame
        // The first lane of this extent whose last element ends above this one takes it.
        var target = chains.firstIndex { ($0.bottoms.last ?? -.infinity) <= frame.y }
        if target == nil {
          chains.append(Lane(minX: key.x, maxX: key.x + key.width))
          target = chains.count - 1
        }
        chains[target!].tops.append(frame.y)
        chains[target!].bottoms.append(frame.maxY)
        chains[target!].members.append(index)
      }
      lanes += chains
    }
  }

  /// Number of lanes the elements fell into.
  public var laneCount: Int { lanes.count }

  /// Indices into the page's `elements` of every element whose frame intersects `rect`
  /// (sharing interior area, as ``Rect/intersects(_:)``), in ascending order.
  public func indices(in rect: Rect) -> [Int] {
    var found: [Int] = []
    for lane in lanes where lane.minX < rect.maxX && rect.x < lane.maxX {
      var position = Self.firstIndex(in: lane.bottoms) { $0 > rect.y }
      while position < lane.tops.count, lane.tops[position] < rect.maxY {
        let index = lane.members[position]
        if page.elements[index].frame.intersects(rect) { found.append(index) }
        position += 1
      }
    }
    return found.count > 1 ? found.sorted() : found
  }

  /// Every element whose frame intersects `rect`, in drawing order.
  public func elements(in rect: Rect) -> [LayoutElement] {
    indices(in: rect).map { page.elements[$0] }
  }

  /// The first position in the ascending `values` where `predicate` holds (binary search).
  private static func firstIndex(in values: [Double], where predicate: (Double) -> Bool) -> Int {
    var low = 0
    var high = values.count
    while low < high {
      let middle = (low + high) / 2
      if predicate(values[middle]) { high = middle } else { low = middle + 1 }
    }
    return low
  }
}

extension LayoutPage {
  /// Every element whose frame intersects `rect`. Builds a ``PageIndex`` each call (O(n log n));
  /// keep a `PageIndex` for repeated queries.
  public func elements(in rect: Rect) -> [LayoutElement] {
    PageIndex(self).elements(in: rect)
  }
}
