import ContactSheet
import Foundation
import SheetSupport
import SheetText

/// Times the phases of a run and, when the environment sets `CONTACTSHEET_TIMINGS=1`, prints
/// them on standard error in one line: `timings: read 0.41 s, measure 0.22 s, …`. For
/// benchmarks (`benchmarks/run-scale`); silent otherwise. The first phase starts when the
/// process does (`markStart`), so it includes reading the manifests for their styles.
final class PhaseTimer {
  /// When `contactsheet` started: set by `markStart`, first thing.
  private static let processStart = Date()

  /// Sets the time the first phase starts from; `runMain` calls it before anything else.
  static func markStart() { _ = processStart }

  /// Whether the phases are printed.
  var isEnabled = ProcessInfo.processInfo.environment["CONTACTSHEET_TIMINGS"] == "1"
  private var last = PhaseTimer.processStart
  private var phases: [(name: String, seconds: Double)] = []

  /// Ends the phase `name`, which started when the previous one ended.
  func lap(_ name: String) {
    let now = Date()
    phases.append((name, now.timeIntervalSince(last)))
    last = now
  }

  /// Prints the phases, when enabled.
  func report() {
    guard isEnabled else { return }
    let text = phases.map { "\($0.name) \(String(format: "%.3f", $0.seconds)) s" }.joined(separator: ", ")
    let counts = ParallelMeasurer.counts.withLock { $0 }
    let share = "texts on the fast path \(counts.fast), through Pango \(counts.pango)"
    StandardErrorCapture.write("timings: \(text) (\(share))\n")
  }
}
