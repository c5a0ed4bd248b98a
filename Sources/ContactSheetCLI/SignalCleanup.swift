import Foundation
import SheetRender
import SheetSupport

/// Removes temporary output files when the run is interrupted (Ctrl-C, kill, hang-up), so an
/// interrupted run leaves the previous output untouched and no stray files.
enum SignalCleanup {
  nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []

  static func install() {
    for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
      signal(signalNumber, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
      source.setEventHandler {
        TemporaryFiles.shared.removeAll()
        StandardErrorCapture.write("\ninterrupted; no output was changed\n")
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
