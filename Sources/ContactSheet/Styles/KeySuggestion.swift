/// The nearest known name to a mistyped one, by edit distance.
package enum KeySuggestion {
  /// The name closest to `typed`, when it is close enough to be what was meant.
  package static func nearest(to typed: String, among names: [String]) -> String? {
    let scored = names.map { (name: $0, distance: distance(typed, $0)) }
    guard let best = scored.min(by: { $0.distance < $1.distance }) else { return nil }
    return best.distance <= max(2, typed.count / 3) ? best.name : nil
  }

  /// Levenshtein distance: the fewest insertions, deletions and substitutions from `a` to `b`.
  package static func distance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    guard !a.isEmpty else { return b.count }
    var previous = Array(0...b.count)
    for i in 1...a.count {
      var current = [i] + Array(repeating: 0, count: b.count)
      for j in stride(from: 1, through: b.count, by: 1) {
        current[j] = min(
          previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
      previous = current
    }
    return previous[b.count]
  }
}
