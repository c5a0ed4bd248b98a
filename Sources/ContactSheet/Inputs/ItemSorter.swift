import Foundation
import SheetSupport

/// The order of items: as given, or sorted by a key.
public enum SortOrder: Hashable, Sendable {
  case input, name, date, mtime, size, rating
  case random(seed: UInt64)

  package static let help =
    "input (default), name (natural: img2 before img10), date (EXIF date taken, else file time), mtime, size, rating (XMP stars, most first), random:SEED"

  /// Parses `input`, `name`, `date`, `mtime`, `size`, `rating` or `random:SEED`.
  public init(parsing text: String) throws {
    switch text.lowercased() {
    case "input": self = .input
    case "name": self = .name
    case "date": self = .date
    case "mtime": self = .mtime
    case "size": self = .size
    case "rating": self = .rating
    case let random where random.hasPrefix("random"):
      let seedText = random.dropFirst("random".count).drop { $0 == ":" }
      guard let seed = seedText.isEmpty ? 0 : UInt64(seedText) else {
        throw InputError(.sort, "\(setting: .sort) \(text): the seed must be a whole number, e.g. random:42")
      }
      self = .random(seed: seed)
    default:
      throw InputError(.sort, "\(setting: .sort) \(text) is not a sort order; use one of: \(Self.help)")
    }
  }

  package var needsExif: Bool { self == .date }
  package var needsFileAttributes: Bool { self == .date || self == .mtime || self == .size }
}

/// Sorts items within each run between banners, so banners keep their place.
package enum ItemSorter {
  package static func sort(
    _ entries: [CatalogEntry], order: SortOrder, reverse: Bool, attributes: [String: FileAttributes]
  ) -> [CatalogEntry] {
    guard order != .input || reverse else { return entries }
    var result: [CatalogEntry] = []
    var run: [CatalogItem] = []
    func flush() {
      var sorted = sortRun(run, order: order, attributes: attributes)
      if reverse { sorted.reverse() }
      result += sorted.map { .item($0) }
      run = []
    }
    for entry in entries {
      switch entry {
      case .item(let item):
        if let last = run.last, last.section != item.section { flush() }
        run.append(item)
      case .banner:
        flush()
        result.append(entry)
      }
    }
    flush()
    return result
  }

  private static func sortRun(
    _ items: [CatalogItem], order: SortOrder, attributes: [String: FileAttributes]
  ) -> [CatalogItem] {
    func name(_ item: CatalogItem) -> String { (item.path as NSString).lastPathComponent }
    func modified(_ item: CatalogItem) -> Date { attributes[item.path]?.modified ?? .distantPast }
    // Stable sorts: equal keys keep input order, so output never depends on the sort algorithm.
    let indexed = Array(items.enumerated())
    func stable(_ before: (CatalogItem, CatalogItem) -> ComparisonResult) -> [CatalogItem] {
      indexed.sorted { a, b in
        let result = before(a.element, b.element)
        return result == .orderedSame ? a.offset < b.offset : result == .orderedAscending
      }.map(\.element)
    }
    func compare<T: Comparable>(_ a: T, _ b: T) -> ComparisonResult {
      a < b ? .orderedAscending : (a > b ? .orderedDescending : .orderedSame)
    }
    switch order {
    case .input: return items
    case .name: return stable { NaturalOrder.compare(name($0), name($1)) }
    case .mtime: return stable { compare(modified($0), modified($1)) }
    case .date:
      return stable { compare($0.exif?.dateTaken ?? modified($0), $1.exif?.dateTaken ?? modified($1)) }
    case .rating: return stable { compare($1.tags?.rating ?? 0, $0.tags?.rating ?? 0) }
    case .size: return stable { compare(attributes[$0.path]?.size ?? 0, attributes[$1.path]?.size ?? 0) }
    case .random(let seed):
      var generator = SeededRandom(seed: seed)
      var shuffled = items
      // Fisher–Yates with our own generator: the same seed gives the same order everywhere.
      for index in stride(from: shuffled.count - 1, to: 0, by: -1) {
        let other = Int(generator.next() % UInt64(index + 1))
        shuffled.swapAt(index, other)
      }
      return shuffled
    }
  }
}
