import Foundation
import Testing

@testable import SheetImages

@Suite("Which file systems keep a change time the thumbnail cache may trust")
struct FileSystemTrustTests {
  @Test("a file on ext4 or tmpfs keeps one; a file on procfs does not")
  func changeTimeFileSystems() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fs-trust-\(getpid())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let local = folder.appendingPathComponent("a.bin")
    try Data([1, 2, 3]).write(to: local)
    #expect(try ImageFile(path: local.path).keepsChangeTime)
    if FileManager.default.fileExists(atPath: "/dev/shm") {
      let shared = "/dev/shm/fs-trust-\(getpid()).bin"
      try Data([1]).write(to: URL(fileURLWithPath: shared))
      defer { unlink(shared) }
      #expect(try ImageFile(path: shared).keepsChangeTime)
    }
    // procfs keeps no times of its own: a regular file whose identity proves nothing.
    #expect(try !ImageFile(path: "/proc/self/status").keepsChangeTime)
  }
}
