import ContactSheet
import Foundation
import SheetRender
import SheetSupport
import Synchronization

/// Removes temporary output files when the run is interrupted (Ctrl-C, kill, hang-up), so an
/// interrupted run leaves the previous output untouched and no stray files.
enum SignalCleanup {
  nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []
  /// What an interruption says instead of "no output was changed", while a command changes
  /// files one at a time (`approve` replacing goldens).
  private static let note = Mutex<String?>(nil)

  /// Sets what an interruption says (nil: "no output was changed").
  static func setInterruptionNote(_ text: String?) { note.withLock { $0 = text } }

  static func install() {
    for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
      signal(signalNumber, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
      source.setEventHandler {
        TemporaryFiles.shared.removeAll()
        StandardErrorCapture.write("\n\(note.withLock { $0 } ?? "interrupted; no output was changed")\n")
        // `_exit`, not `exit`: the decode and render threads are still running, and `exit`'s
        // handlers and library destructors would free what they use under them (a crash in
        // about one interrupt in fifteen). Nothing is left to flush: the output is discarded,
        // and library warnings collected so far are not shown (the run did not finish).
        Glibc._exit(128 + signalNumber)
      }
      source.resume()
      sources.append(source)
    }
  }
}
