import Foundation

/// Counts how often SheetImages opens the files under chosen folders, so tests can prove that
/// a run opens each image as often as the design says (once for its header, once to decode).
/// Nothing is counted, and nothing kept, for folders no one asked about.
package enum ImageFileOpens {
  private static let counts = OpenCounts()

  /// Starts counting the opens of files whose path starts with `folder` (from zero).
  package static func startCounting(under folder: String) {
    counts.start(prefix(folder))
  }

  /// Stops counting under `folder` and returns how often each file there was opened, by path.
  @discardableResult
  package static func stopCounting(under folder: String) -> [String: Int] {
    counts.stop(prefix(folder))
  }

  static func record(_ path: String) { counts.record(path) }

  private static func prefix(_ folder: String) -> String {
    folder.hasSuffix("/") ? folder : folder + "/"
  }
}

/// Open counts per watched folder, safe to update from any thread.
private final class OpenCounts: @unchecked Sendable {
  private var folders: [String: [String: Int]] = [:]
  private let lock = NSLock()

  func start(_ folder: String) { lock.withLock { folders[folder] = [:] } }

  func stop(_ folder: String) -> [String: Int] {
    lock.withLock { folders.removeValue(forKey: folder) ?? [:] }
  }

  func record(_ path: String) {
    lock.withLock {
      guard !folders.isEmpty else { return }
      for folder in folders.keys where path.hasPrefix(folder) {
        folders[folder]![path, default: 0] += 1
      }
    }
  }
}
