import Foundation

/// The pages `render --pages` draws: `21-40`, `1-3,7`, `30-` (to the end), numbered from 1
/// as printed. The layout is always the whole document's, so the chosen pages come out as in
/// a full run.
public struct PageSelection: Equatable, Sendable {
  /// The ranges as typed (from 1, inclusive); an open end is nil.
  package var ranges: [(first: Int, last: Int?)]

  /// Whether the two select the same ranges, as written.
  public static func == (a: PageSelection, b: PageSelection) -> Bool {
    a.ranges.elementsEqual(b.ranges) { $0.first == $1.first && $0.last == $1.last }
  }

  /// Parses `text`, refusing anything but page numbers and ranges separated by commas.
  public init(parsing text: String) throws {
    var ranges: [(first: Int, last: Int?)] = []
    for piece in text.split(separator: ",", omittingEmptySubsequences: false) {
      let bounds = piece.trimmingCharacters(in: .whitespaces).split(
        separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
      let first = bounds.first.flatMap { Int($0) }
      let last =
        bounds.count == 2 ? (bounds[1].isEmpty ? .some(nil) : Int(bounds[1]).map { .some($0) }) : .some(first)
      guard let first, let last, first >= 1, (last ?? first) >= first else {
        throw InputError(
          .pages,
          "\(setting: .pages) \(text): give page numbers from 1 and ranges, e.g. \(setting: .pages) 21-40 or \(setting: .pages) 1-3,7 or \(setting: .pages) 30-"
        )
      }
      ranges.append((first, last))
    }
    self.ranges = ranges
  }

  /// The chosen pages of a document of `pageCount` pages, from 0, ascending, each once.
  /// - Throws: `InputError` when a page is beyond the document's end.
  package func indices(pageCount: Int) throws -> [Int] {
    var chosen = Set<Int>()
    for (first, last) in ranges {
      guard first <= pageCount else {
        throw InputError(
          .pages,
          "\(setting: .pages): page \(first) is not in the document, which has \(pageCount) page\(pageCount == 1 ? "" : "s")"
        )
      }
      let end = last ?? pageCount
      guard end <= pageCount else {
        throw InputError(
          .pages,
          "\(setting: .pages): page \(end) is not in the document, which has \(pageCount) page\(pageCount == 1 ? "" : "s")"
        )
      }
      chosen.formUnion((first - 1)..<end)
    }
    return chosen.sorted()
  }

  /// `count` pages split into `shards` runs of consecutive pages whose lengths differ by at
  /// most one (the first runs take the extra pages); fewer runs when there are fewer pages.
  package static func balanced(pageCount count: Int, shards: Int) -> [ClosedRange<Int>] {
    guard count > 0 else { return [] }
    let shards = max(1, min(shards, count))
    var ranges: [ClosedRange<Int>] = []
    var start = 1
    for index in 0..<shards {
      let length = count / shards + (index < count % shards ? 1 : 0)
      ranges.append(start...(start + length - 1))
      start += length
    }
    return ranges
  }
}
