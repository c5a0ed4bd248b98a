import CFileSystem
import Foundation
import SheetPixels
import SheetSupport

/// One open image file. Every read of an image file in SheetImages goes through this type, so
/// each open is seen by ``ImageFileOpens`` (which tests read to prove how often files are opened).
final class ImageFile {
  let path: String
  /// The size and modification time when the file was opened.
  let stamp: FileStamp
  /// Which file it is and when it last changed, when it was opened.
  let identity: FileIdentity
  /// When it was opened, in nanoseconds since 1970 (the clock file times are set from).
  let openedAt: Int64
  /// Whether its file system keeps a change time that moves on every write and that no
  /// program can set back (ext2/3/4, XFS, Btrfs, F2FS, tmpfs, ZFS, overlay). FAT and exFAT (a
  /// camera's card), NTFS, network and FUSE file systems may not: there an unchanged
  /// ``identity`` does not prove unchanged bytes.
  let keepsChangeTime: Bool
  private let descriptor: Int32

  /// Opens `path` for reading, without blocking: it must be a regular file (a FIFO or a
  /// device is refused, named as such, rather than waited on).
  ///
  /// - Throws: ``ImageError`` when the file is missing, a folder, not a regular file or
  ///   unreadable.
  init(path: String) throws {
    let opened: (descriptor: Int32, status: stat)
    do {
      opened = try RegularFile.open(path)
    } catch {
      throw ImageError(path: path, reason: error.reason)
    }
    let status = opened.status
    self.path = path
    self.descriptor = opened.descriptor
    stamp = FileStamp(
      size: Int(status.st_size), seconds: Int(status.st_mtim.tv_sec), nanoseconds: Int(status.st_mtim.tv_nsec)
    )
    identity = FileIdentity(status)
    var time = timespec()
    clock_gettime(CLOCK_REALTIME, &time)
    openedAt = Int64(time.tv_sec) &* 1_000_000_000 &+ Int64(time.tv_nsec)
    keepsChangeTime = Self.keepsChangeTime(opened.descriptor)
    ImageFileOpens.record(path)
  }

  /// The file systems whose change time moves on every write and cannot be set, by their
  /// `statfs` magic numbers (linux/magic.h).
  private static let changeTimeFileSystems: Set<Int> = [
    0xEF53,  // ext2, ext3, ext4
    0x5846_5342,  // XFS
    0x9123_683E,  // Btrfs
    0xF2F5_2010,  // F2FS
    0x0102_1994,  // tmpfs
    0x2FC1_2FC1,  // ZFS
    0x794C_7630,  // overlay (containers)
  ]

  private static func keepsChangeTime(_ descriptor: Int32) -> Bool {
    var system = statfs()
    guard fstatfs(descriptor, &system) == 0 else { return false }
    return changeTimeFileSystems.contains(Int(system.f_type))
  }

  deinit { close(descriptor) }

  /// The file's size in bytes when it was opened.
  var size: Int { stamp.size }

  /// Up to `count` bytes from `offset`; fewer only when the file ends first.
  func read(at offset: Int, count: Int) throws -> [UInt8] {
    let count = max(0, min(count, size - offset))
    var failure: Int32 = 0
    let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, done in
      while done < count {
        let got = pread(descriptor, buffer.baseAddress! + done, count - done, off_t(offset + done))
        if got < 0 && errno == EINTR { continue }
        if got <= 0 {
          failure = got < 0 ? errno : 0
          break
        }
        done += got
      }
    }
    if failure != 0 {
      throw ImageError(path: path, reason: "cannot be read (\(String(cString: strerror(failure))))")
    }
    return bytes
  }

  /// Which file it is and when it last changed, as the kernel reports it now; nil when that
  /// cannot be read.
  func currentIdentity() -> FileIdentity? {
    var status = stat()
    return fstat(descriptor, &status) == 0 ? FileIdentity(status) : nil
  }

  /// The whole file.
  func readAll() throws -> [UInt8] { try read(at: 0, count: size) }

  /// A path that opens this same open file again (not whatever `path` names now), for libraries
  /// that read files themselves: LibRaw reads only the parts of a RAW it needs.
  var descriptorPath: String { "/proc/self/fd/\(descriptor)" }
}

/// What a file looked like when it was opened: a different stamp later means it changed.
struct FileStamp: Sendable, Hashable {
  var size: Int
  var seconds: Int
  var nanoseconds: Int
}
