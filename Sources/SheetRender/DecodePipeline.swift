import Foundation
import SheetImages

/// Prepares images on worker threads, in drawing order, ahead of the thread that draws.
///
/// Workers stay at most `window` images ahead of the last image taken, so the next page's
/// images decode while the current page is drawn, and memory is bounded by the window, not
/// by the number of images. Each result is handed over once and then forgotten.
final class DecodePipeline: @unchecked Sendable {
  /// Job `index`, made when a worker starts it, so no job is held for the whole run.
  private let job: @Sendable (Int) -> ImageJob
  private let jobCount: Int
  private let window: Int
  private let condition = NSCondition()
  private var results: [Int: PreparedImage] = [:]
  private var nextJob = 0
  private var taken = 0
  private var cancelled = false
  /// The most images ever started but not yet taken: never more than the window.
  private(set) var peakAhead = 0

  /// Starts `workers` threads on `count` jobs, each made by `job` from its index as it starts.
  init(
    count: Int, workers: Int = ProcessInfo.processInfo.activeProcessorCount, window: Int? = nil,
    job: @escaping @Sendable (Int) -> ImageJob
  ) {
    self.job = job
    jobCount = count
    let workers = max(1, min(workers, count))
    self.window = max(window ?? 3 * workers, workers)
    guard count > 0 else { return }
    for _ in 0..<workers {
      let thread = Thread { [self] in work() }
      thread.stackSize = 1 << 20
      thread.start()
    }
  }

  /// Starts `workers` threads on `jobs`.
  convenience init(
    jobs: [ImageJob], workers: Int = ProcessInfo.processInfo.activeProcessorCount, window: Int? = nil
  ) {
    self.init(count: jobs.count, workers: workers, window: window) { jobs[$0] }
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
    let spare = SpareStorage()
    while true {
      condition.lock()
      while !cancelled && nextJob < jobCount && nextJob >= taken + window { condition.wait() }
      guard !cancelled, nextJob < jobCount else {
        condition.unlock()
        return
      }
      let index = nextJob
      nextJob += 1
      peakAhead = max(peakAhead, nextJob - taken)
      condition.unlock()
      let result = PreparedImage.load(job(index), spare: spare)
      condition.lock()
      if !cancelled { results[index] = result }
      condition.broadcast()
      condition.unlock()
    }
  }
}
