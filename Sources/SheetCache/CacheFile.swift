import Foundation
import SheetSupport

/// Writing the cache folder's files: the whole file first under a temporary name, then renamed
/// into place, so a process sharing the folder, or the next run after a crash, only ever sees
/// whole files. Temporaries are registered with ``TemporaryFiles`` (removed on an interrupt);
/// one left by a killed process is removed by ``ThumbnailCache/trim()`` after an hour.
enum CacheFile {
  /// Writes `bytes` to `path` through the new file `temporary` in the same folder.
  ///
  /// - Returns: nil when written, else why not (the temporary file is removed).
  static func write(_ bytes: [UInt8], to path: String, through temporary: String) -> String? {
    TemporaryFiles.shared.register(temporary)
    defer { TemporaryFiles.shared.unregister(temporary) }
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { return "cannot write \(temporary): \(String(cString: strerror(errno)))" }
    let written = bytes.withUnsafeBytes { writeFully(descriptor, $0) }
    close(descriptor)
    guard written, rename(temporary, path) == 0 else {
      let reason = "cannot write \(path): \(String(cString: strerror(errno)))"
      unlink(temporary)
      return reason
    }
    return nil
  }

  private static func writeFully(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
    var done = 0
    while done < bytes.count {
      let wrote = Glibc.write(descriptor, bytes.baseAddress! + done, bytes.count - done)
      if wrote < 0 && errno == EINTR { continue }
      guard wrote > 0 else { return false }
      done += wrote
    }
    return true
  }
}
