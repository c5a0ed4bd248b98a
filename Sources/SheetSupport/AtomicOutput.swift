import Foundation

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
    pending.append((temporary, finalPath))
    TemporaryFiles.shared.register(temporary)
    return temporary
  }

  /// Moves every temporary file into place, then removes `stale` files left by an earlier run.
  package func commit(removing stale: [String] = []) throws {
    for (temporary, final) in pending {
      guard rename(temporary, final) == 0 else {
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
      unlink(temporary)
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
      for path in paths { unlink(path) }
      paths.removeAll()
    }
  }
}
