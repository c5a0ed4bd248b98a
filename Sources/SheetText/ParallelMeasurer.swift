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
    let texts = LayoutTexts(
      captions: ItemCaptions([]), captionStyle: TextStyle(font: ""), captionWidth: 0, others: requests)
    return try measureTexts(texts).others
  }

  /// The measurement of every text of `texts`: each caption by item, on the threads in turn
  /// (each caption is measured where it is, not looked up: see ``CaptionMemo``), and each other
  /// text keyed by its request.
  public func measure(_ texts: LayoutTexts) throws -> MeasuredTexts {
    let measured = try measureTexts(texts)
    var table: [TextRequest: TextMeasurement] = [:]
    table.reserveCapacity(texts.others.count)
    for (request, measurement) in zip(texts.others, measured.others) { table[request] = measurement }
    return MeasuredTexts(captions: measured.captions, others: table)
  }

  /// The measurements of `texts`' captions and other texts, each in order.
  private func measureTexts(_ texts: LayoutTexts) throws -> (
    captions: [TextMeasurement], others: [TextMeasurement]
  ) {
    let others = texts.others
    let captions = texts.captions
    // One range of work: the captions, then the other texts.
    let total = captions.count + others.count
    var results = [TextMeasurement](repeating: .empty, count: total)
    let workers = min(threads, max(1, total / 64))
    let failures = ConcurrentSlots<any Error>(count: workers)
    let next = Atomic(0)
    results.withUnsafeMutableBufferPointer { buffer in
      let slots = ResultSlots(buffer)
      DispatchQueue.concurrentPerform(iterations: workers) { worker in
        do {
          let pango = try TextEngine(fonts: fonts)
          let fast = fastPath ? FastTextMeasurer(engine: pango) : nil
          let engine: any TextMeasuring = fast ?? pango
          var memo = CaptionMemo(
            style: texts.captionStyle, width: texts.captionWidth, pango: pango, fast: fast)
          defer {
            Self.counts.withLock {
              $0.fast += (fast?.fastCount ?? 0) + memo.fastCount
              $0.pango += (fast?.pangoCount ?? 0) + memo.pangoCount
            }
          }
          // Each thread takes the next batch when done with its own, so a thread slowed by
          // harder texts (or by other processes) leaves the rest to the others.
          while true {
            let start = next.add(Self.batch, ordering: .relaxed).oldValue
            guard start < total else { break }
            for index in start..<min(total, start + Self.batch) {
              if index < captions.count {
                slots[index] = memo.measure(captions[index])
              } else {
                let request = others[index - captions.count]
                slots[index] = engine.measure(request.text, style: request.style, width: request.width)
              }
            }
          }
        } catch {
          failures.set(worker, error)
        }
      }
    }
    if let error = (0..<workers).lazy.compactMap(failures.get).first { throw error }
    let otherResults = Array(results[captions.count...])
    results.removeLast(others.count)
    return (results, otherResults)
  }
}

/// What ``ParallelMeasurer/measure(_:)-(LayoutTexts)`` measured: each item's caption by item
/// and each other text by request.
public struct MeasuredTexts: Sendable {
  /// The measurement of each item's caption, in item order (``TextMeasurement/empty`` for none).
  public var captions: [TextMeasurement]
  /// The measurement of each other text (banners, header, footer, cover).
  public var others: [TextRequest: TextMeasurement]
}

/// The results the workers of ``ParallelMeasurer`` write, each index by exactly one thread, read
/// once all have finished.
private struct ResultSlots: @unchecked Sendable {
  private let base: UnsafeMutablePointer<TextMeasurement>?

  init(_ buffer: UnsafeMutableBufferPointer<TextMeasurement>) {
    base = buffer.baseAddress
  }

  subscript(index: Int) -> TextMeasurement {
    get { base![index] }
    nonmutating set { base![index] = newValue }
  }
}

/// One thread's measuring of captions, all in one style at one width: by the fast path when
/// it answers, else by Pango's full layout. A caption is remembered where measuring it again
/// would cost more than looking it up: when Pango measured it, when it is long, or when it is
/// the caption just measured (items in a row often share one); other repeated captions are
/// measured again, since hashing every caption into a table cost more than the fast path
/// takes for a short one.
struct CaptionMemo {
  let style: TextStyle
  let width: Double
  let pango: TextEngine
  let fast: FastTextMeasurer?
  /// Captions of at least this many bytes are remembered.
  static let longCaption = 64
  private var known: [TextRequest: TextMeasurement] = [:]
  private var last = ""
  private var lastMeasurement = TextMeasurement.empty
  /// Captions measured by the fast path, and by Pango.
  private(set) var fastCount = 0
  private(set) var pangoCount = 0

  init(style: TextStyle, width: Double, pango: TextEngine, fast: FastTextMeasurer?) {
    self.style = style
    self.width = width
    self.pango = pango
    self.fast = fast
  }

  /// The measurement of `text` set in the style at the width.
  mutating func measure(_ text: String) -> TextMeasurement {
    guard !text.isEmpty else { return .empty }
    if TextRequest.sameBytes(text, last) { return lastMeasurement }
    let long = text.utf8.count >= Self.longCaption
    var measured: TextMeasurement
    if !long, let quick = fast?.fastMeasure(text, style: style, width: width) {
      fastCount += 1
      measured = quick
    } else {
      let request = TextRequest(text: text, style: style, width: width)
      if let found = known[request] {
        measured = found
      } else if long, let quick = fast?.fastMeasure(text, style: style, width: width) {
        fastCount += 1
        measured = quick
        known[request] = quick
      } else {
        pangoCount += 1
        measured = pango.measure(text, style: style, width: width)
        known[request] = measured
      }
    }
    last = text
    lastMeasurement = measured
    return measured
  }
}

extension WaterfallLayout {
  /// Lays out `entries`, measuring every distinct text first in parallel with Pango over
  /// `fonts`, one engine per thread.
  public func layout(_ entries: [LayoutEntry], fonts: FontSet, threads: Int? = nil) throws -> Layout {
    var measurer = ParallelMeasurer(fonts: fonts)
    if let threads { measurer.threads = max(1, threads) }
    let measured = try measurer.measure(texts(entries))
    let cache = CachingMeasurer(try TextEngine(fonts: fonts), table: measured.others)
    return try layout(try measure(entries, captions: measured.captions, measurer: cache), measurer: cache)
  }
}
