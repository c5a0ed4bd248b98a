import Foundation

/// Prepares images on worker threads, in drawing order, ahead of the thread that draws.
///
/// Workers stay at most `window` images ahead of the last image taken, so the next page's
/// images decode while the current page is drawn, and memory is bounded by the window, not
/// by the number of images. Each result is handed over once and then forgotten.
final class DecodePipeline: @unchecked Sendable {
  private let jobs: [ImageJob]
  private let window: Int
  private let condition = NSCondition()
  private var results: [Int: PreparedImage] = [:]
  private var nextJob = 0
  private var taken = 0
  private var cancelled = false
  /// The most images ever started but not yet taken: never more than the window.
  private(set) var peakAhead = 0

  /// Starts `workers` threads on `jobs`.
  init(jobs: [ImageJob], workers: Int = ProcessInfo.processInfo.activeProcessorCount, window: Int? = nil) {
    self.jobs = jobs
    let workers = max(1, min(workers, jobs.count))
    self.window = max(window ?? 3 * workers, workers)
    guard !jobs.isEmpty else { return }
    for _ in 0..<workers {
      let thread = Thread { [self] in work() }
      thread.stackSize = 1 << 20
      thread.start()
    }
  }

  /// The result of job `index`, waiting for it if needed. Call once per job, in order.
  func take(_ index: Int) -> PreparedImage {
    condition.lock()
    defer { condition.unlock() }
    while results[index] == nil { condition.wait() }
    let result = results.removeValue(forKey: index)!
    taken = max(taken, index + 1)
    condition.broadcast()
    return result
  }

  /// Stops the workers after the images they are preparing now.
  func cancel() {
    condition.lock()
    cancelled = true
    results.removeAll()
    condition.broadcast()
    condition.unlock()
  }

  private func work() {
    while true {
      condition.lock()
      while !cancelled && nextJob < jobs.count && nextJob >= taken + window { condition.wait() }
      guard !cancelled, nextJob < jobs.count else {
        condition.unlock()
        return
      }
      let index = nextJob
      nextJob += 1
      peakAhead = max(peakAhead, nextJob - taken)
      condition.unlock()
      let result = PreparedImage.load(jobs[index])
      condition.lock()
      if !cancelled { results[index] = result }
      condition.broadcast()
      condition.unlock()
    }
  }
}
