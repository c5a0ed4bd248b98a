import Foundation

/// Which file an open descriptor is and when its contents last could have changed, as the
/// kernel reports them: device and inode name the file, and any write to it moves its
/// modification time and its change time (which no program can set back: `touch -d` and
/// `cp -p` set the modification time and thereby move the change time to now). The same
/// identity later, on the same running kernel, means the same bytes, provided the times were
/// already in the past when the identity was taken (see `ThumbnailCache`'s digest memo).
package struct FileIdentity: Hashable, Sendable {
  /// The device the file lives on (`st_dev`).
  package var device: UInt64
  /// The file's inode number on that device.
  package var inode: UInt64
  /// The file's size in bytes.
  package var size: Int64
  /// The last modification, in nanoseconds since 1970 (`st_mtim`).
  package var modified: Int64
  /// The last change of contents or attributes, in nanoseconds since 1970 (`st_ctim`).
  package var changed: Int64

  /// The identity of a file whose status is `status`.
  package init(_ status: stat) {
    device = UInt64(status.st_dev)
    inode = UInt64(status.st_ino)
    size = Int64(status.st_size)
    modified = Int64(status.st_mtim.tv_sec) &* 1_000_000_000 &+ Int64(status.st_mtim.tv_nsec)
    changed = Int64(status.st_ctim.tv_sec) &* 1_000_000_000 &+ Int64(status.st_ctim.tv_nsec)
  }

  /// An identity made of its parts.
  package init(device: UInt64, inode: UInt64, size: Int64, modified: Int64, changed: Int64) {
    self.device = device
    self.inode = inode
    self.size = size
    self.modified = modified
    self.changed = changed
  }
}
