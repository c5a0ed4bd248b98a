import Foundation
import TestSupport
import Testing

@testable import ContactSheetCLI

/// Values handed to a second thread are worked on in the order given, one at a time, and all
/// of them by the time `finish` returns.
@Suite("Background batches")
struct BackgroundBatchesTests {
  /// What the work saw, in order (only the work's queue writes it).
  private final class Seen: @unchecked Sendable {
    var values: [Int] = []
  }

  @Test("every value is worked on, in the order added, across batches and a last partial one")
  func orderAndCompleteness() {
    for count in [0, 1, 7, 8, 9, 1000] {
      let seen = Seen()
      let batches = BackgroundBatches<Int>(batchSize: 8) { seen.values.append($0) }
      for value in 0..<count { batches.add(value) }
      batches.finish()
      #expect(seen.values == Array(0..<count), "\(count) values")
    }
  }

  @Test("a manifest's items keep their order when made on the second thread")
  func manifestOrder() throws {
    let items = (0..<5000).map { "{\"image\": \"p\($0).jpg\", \"width\": \($0 + 1), \"height\": 1}" }
    let url = try FixturePaths.temporaryFolder().appendingPathComponent("many.json")
    try Data("{\"items\": [\(items.joined(separator: ", "))]}".utf8).write(to: url)
    let entries = try ManifestReader.read(url.path).entries
    let widths = entries.compactMap { entry -> Int? in
      if case .item(let item) = entry { item.knownSize?.width } else { nil }
    }
    #expect(widths == Array(1...5000))
  }
}
