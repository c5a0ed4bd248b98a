import ContactSheet
import Foundation
import SheetSupport

/// A progress bar on standard error, drawn only when it is a terminal: stage, count, rate and
/// time left, redrawn at most ten times a second.
final class ProgressReporter: @unchecked Sendable {
  private let lock = NSLock()
  private var stageStart = Date()
  private var lastDraw = Date.distantPast
  private var drawn = false
  private var currentStage = ""

  /// A reporter when standard error is a terminal and the run is not quiet, else nil.
  static func forTerminal(quiet: Bool) -> ProgressReporter? {
    quiet || isatty(StandardErrorCapture.descriptor) == 0 ? nil : ProgressReporter()
  }

  /// Redraws the bar: `done` of `total` in this stage, with an optional note (pages written).
  func update(stage: String, done: Int, total: Int, note: String = "") {
    lock.withLock {
      let now = Date()
      if stage != currentStage {
        currentStage = stage
        stageStart = now
      }
      guard now.timeIntervalSince(lastDraw) >= 0.1 || done == total else { return }
      lastDraw = now
      let elapsed = max(now.timeIntervalSince(stageStart), 1e-3)
      let rate = Double(done) / elapsed
      let left = rate > 0 ? Double(total - done) / rate : 0
      let width = 24
      let filled = total > 0 ? min(width, width * done / total) : width
      let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
      let counts = String(format: "%d/%d  %.1f/s  %@ left", done, total, rate, Self.duration(left))
      let label = stage.padding(toLength: 9, withPad: " ", startingAt: 0)
      let line = "\r\(label) \(bar) \(counts)\(note.isEmpty ? "" : "  " + note)\u{1B}[K"
      StandardErrorCapture.write(line)
      drawn = true
    }
  }

  /// Clears the bar so the next message starts on a clean line.
  func finishStage() {
    lock.withLock {
      if drawn { StandardErrorCapture.write("\r\u{1B}[K") }
      drawn = false
      currentStage = ""
    }
  }

  static func duration(_ seconds: Double) -> String {
    seconds < 60
      ? String(format: "%.0f s", seconds.rounded(.up))
      : String(format: "%d:%02d", Int(seconds) / 60, Int(seconds) % 60)
  }
}
