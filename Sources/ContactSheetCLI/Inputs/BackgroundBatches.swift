import Dispatch

/// Work on a stream of values done on a second thread while the first goes on making them: a
/// reader hands each value over as it is read (``add(_:)``), and they are worked on in batches,
/// one value at a time and in the order given, on one serial queue. Reading a manifest or a CSV
/// file and turning what was read into items take about as long each, so the two overlap.
///
/// `work` runs on the queue only, never two at once; what it changes may be read once
/// ``finish()`` returns. Only the thread that calls ``add(_:)`` may call ``finish()``.
final class BackgroundBatches<Value: Sendable>: @unchecked Sendable {
  private let work: (Value) -> Void
  private let batchSize: Int
  private var batch: [Value] = []
  private let queue = DispatchQueue(label: "contactsheet.read-batches")
  /// Bounds the batches handed over and not yet worked on, so values do not pile up.
  private let room = DispatchSemaphore(value: 4)

  /// Work that calls `work` with each value added, in batches of `batchSize`.
  init(batchSize: Int = 2048, work: @escaping (Value) -> Void) {
    self.work = work
    self.batchSize = batchSize
    batch.reserveCapacity(batchSize)
  }

  /// Hands `value` over.
  func add(_ value: Value) {
    batch.append(value)
    if batch.count >= batchSize { handOver() }
  }

  /// Waits until every value added has been worked on.
  func finish() {
    handOver()
    queue.sync {}
  }

  private func handOver() {
    guard !batch.isEmpty else { return }
    let values = batch
    batch = []
    batch.reserveCapacity(batchSize)
    room.wait()
    queue.async { [self] in
      for value in values { work(value) }
      room.signal()
    }
  }
}
