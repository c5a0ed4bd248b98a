import Foundation
import Synchronization

/// Writes files next to their destination under a temporary name and moves them into place
/// only when all are complete, so a failed or interrupted run never leaves a half-written file
/// or a mix of old and new pages.
package final class AtomicOutput {
  private var pending: [(temporary: String, final: String)] = []
  private var committed = false

  package init() {}

  /// A temporary path in the same folder as `finalPath`, to be moved there on `commit()`.
  package func temporaryPath(for finalPath: String) -> String {
    let url = URL(fileURLWithPath: finalPath)
    let folder = url.deletingLastPathComponent().path
    let name = ".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).\(pending.count).tmp"
    let temporary = (folder as NSString).appendingPathComponent(name)
    StaleTemporaryFiles.removeOnce(in: folder)
    pending.append((temporary, finalPath))
    TemporaryFiles.shared.register(temporary)
    return temporary
  }

  /// Moves every temporary file into place, then removes `stale` files left by an earlier run.
  package func commit(removing stale: [String] = []) throws {
    for (temporary, final) in pending {
      // Names as bytes (``PathBytes``): a destination whose name is not UTF-8 keeps its name.
      let renamed = PathBytes.withCString(temporary) { from in
        PathBytes.withCString(final) { rename(from, $0) }
      }
      guard renamed == 0 else {
        let reason = String(cString: strerror(errno))
        discard()
        throw CocoaError(
          .fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "cannot write \(final): \(reason)"])
      }
      TemporaryFiles.shared.unregister(temporary)
    }
    let written = Set(pending.map { Self.absolute($0.final) })
    for path in stale where !written.contains(Self.absolute(path)) {
      try? FileManager.default.removeItem(atPath: path)
    }
    committed = true
    pending = []
  }

  /// `path` made absolute and standardised, for comparing paths written differently.
  package static func absolute(_ path: String) -> String {
    URL(fileURLWithPath: path).standardizedFileURL.path
  }

  /// Removes the temporary files; the destinations are left as they were.
  package func discard() {
    for (temporary, _) in pending {
      PathBytes.withCString(temporary) { _ = unlink($0) }
      TemporaryFiles.shared.unregister(temporary)
    }
    pending = []
  }

  deinit {
    if !committed { discard() }
  }
}

/// Temporary files still being written, removed if the process is interrupted.
package final class TemporaryFiles: @unchecked Sendable {
  package static let shared = TemporaryFiles()
  private let lock = NSLock()
  private var paths: Set<String> = []

  package func register(_ path: String) { lock.withLock { _ = paths.insert(path) } }
  package func unregister(_ path: String) { lock.withLock { _ = paths.remove(path) } }

  /// Removes every registered temporary file (called from a signal handler's queue).
  package func removeAll() {
    lock.withLock {
      for path in paths { PathBytes.withCString(path) { _ = unlink($0) } }
      paths.removeAll()
    }
  }
}

/// Temporary files an earlier run of this tool left behind when it was killed or crashed
/// (`.NAME.PID.N.tmp` whose process is gone), removed the first time a run writes into their
/// folder. A file whose process still runs is another run's, and is left alone.
package enum StaleTemporaryFiles {
  private static let cleaned = Mutex<Set<String>>([])

  /// Removes the stale temporary files in `folder`, once per process and folder.
  package static func removeOnce(in folder: String) {
    let key = AtomicOutput.absolute(folder.isEmpty ? "." : folder)
    guard cleaned.withLock({ $0.insert(key).inserted }) else { return }
    remove(in: key)
  }

  /// Removes the stale temporary files in `folder` now.
  package static func remove(in folder: String) {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
    for name in names {
      guard let pid = processID(inName: name), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else {
        continue
      }
      unlink((folder as NSString).appendingPathComponent(name))
    }
  }

  /// The process id in a name of the form `.NAME.PID.N.tmp`, nil for any other name.
  package static func processID(inName name: String) -> pid_t? {
    guard name.hasPrefix("."), name.hasSuffix(".tmp") else { return nil }
    let parts = name.dropFirst().dropLast(4).split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count >= 3, !parts[0].isEmpty,
      parts[parts.count - 1].allSatisfy(\.isASCIIDigit), !parts[parts.count - 1].isEmpty,
      let pid = pid_t(parts[parts.count - 2]), pid > 0
    else { return nil }
    return pid
  }
}

extension Character {
  fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
