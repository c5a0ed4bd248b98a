import Foundation
import SheetLayout
import SheetSupport
import Synchronization

/// Measures many texts at once on several threads, each with its own ``TextEngine`` (Pango
/// contexts must not be shared across threads) behind a ``FastTextMeasurer``.
///
/// ```swift
/// let table = try ParallelMeasurer(fonts: .system).measure(layout.textRequests(entries))
/// let result = try layout.layout(entries, measurer: CachingMeasurer(try TextEngine(), table: table))
/// ```
public struct ParallelMeasurer: Sendable {
  /// The fonts every thread's engine uses.
  public var fonts: FontSet
  /// How many threads measure; defaults to the number of active processors.
  public var threads: Int
  /// Whether plain Latin lines that plainly fit are measured by ``FastTextMeasurer`` from
  /// Pango's per-character advances; when false every text goes through Pango's full layout.
  public var fastPath = true

  /// A measurer setting text in `fonts` (default the system's) on `threads` threads (default
  /// the number of active processors; values below 1 mean 1).
  public init(fonts: FontSet = .system, threads: Int = ProcessInfo.processInfo.activeProcessorCount) {
    self.fonts = fonts
    self.threads = max(1, threads)
  }

  /// How many texts a thread takes at a time.
  static let batch = 256

  /// Texts measured by the fast path and by Pango's full layout in this process so far (for
  /// benchmarks: `CONTACTSHEET_TIMINGS=1` prints them).
  package static let counts = Mutex<(fast: Int, pango: Int)>((0, 0))

  /// The measurement of every request, keyed by request. Pass distinct requests (as
  /// ``SheetLayout/WaterfallLayout/textRequests(_:)`` gives): duplicates are measured again.
  public func measure(_ requests: [TextRequest]) throws -> [TextRequest: TextMeasurement] {
    let measured = try measureAll(requests)
    var table: [TextRequest: TextMeasurement] = [:]
    table.reserveCapacity(requests.count)
    for (request, measurement) in zip(requests, measured) { table[request] = measurement }
    return table
  }

  /// The measurement of each request, in the same order.
  public func measureAll(_ requests: [TextRequest]) throws -> [TextMeasurement] {
    let unique = requests
    let results = ConcurrentSlots<TextMeasurement>(count: unique.count)
    let workers = min(threads, max(1, unique.count / 64))
    let failures = ConcurrentSlots<any Error>(count: workers)
    let next = Atomic(0)
    DispatchQueue.concurrentPerform(iterations: workers) { worker in
      do {
        let pango = try TextEngine(fonts: fonts)
        let fast = fastPath ? FastTextMeasurer(engine: pango) : nil
        let engine: any TextMeasuring = fast ?? pango
        defer {
          if let fast {
            Self.counts.withLock {
              $0.fast += fast.fastCount
              $0.pango += fast.pangoCount
            }
          }
        }
        // Each thread takes the next batch when done with its own, so a thread slowed by
        // harder texts (or by other processes) leaves the rest to the others.
        while true {
          let start = next.add(Self.batch, ordering: .relaxed).oldValue
          guard start < unique.count else { break }
          for index in start..<min(unique.count, start + Self.batch) {
            let request = unique[index]
            results.set(index, engine.measure(request.text, style: request.style, width: request.width))
          }
        }
      } catch {
        failures.set(worker, error)
      }
    }
    if let error = (0..<workers).lazy.compactMap(failures.get).first { throw error }
    return unique.indices.map { results.get($0) ?? .empty }
  }
}

extension WaterfallLayout {
  /// Lays out `entries`, measuring every distinct text first in parallel with Pango over
  /// `fonts`, one engine per thread.
  public func layout(_ entries: [LayoutEntry], fonts: FontSet, threads: Int? = nil) throws -> Layout {
    var measurer = ParallelMeasurer(fonts: fonts)
    if let threads { measurer.threads = max(1, threads) }
    let table = try measurer.measure(textRequests(entries))
    return try layout(entries, measurer: CachingMeasurer(try TextEngine(fonts: fonts), table: table))
  }
}
