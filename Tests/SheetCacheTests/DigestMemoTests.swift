import Foundation
import SheetDigest
import SheetImages
import TestSupport
import Testing

@testable import SheetCache

/// The digest memo: a photo hashed before is found by its file identity, and a changed file
/// never is.
@Suite("The digest memo")
struct DigestMemoTests {
  /// Nanoseconds from now far enough ahead that every file of the test has settled.
  private let later = DigestMemo.now() + 3_600_000_000_000

  /// A camera-sized JPEG made from the fixture `name`, at `path` (the cache keeps only photos
  /// it shrinks).
  private func copyPhoto(_ name: String, to path: String) throws {
    try FixturePaths.writeCameraSizedJPEG(from: name, to: path)
  }

  private func load(_ path: String, _ cache: ThumbnailCache) throws -> (DecodedImage, OpenedImageFile) {
    let opened = try OpenedImageFile(path: path, header: nil)
    let level = ShrinkLevel(
      card: PixelSize(width: 8, height: 6), width: opened.header.width, height: opened.header.height)
    return (try cache.image(for: opened, level: level, maxPixels: 100_000_000), opened)
  }

  /// Marks the photo at `path` as settled in `cache`'s memo, as if hashed long after it was written.
  private func settle(_ path: String, in cache: ThumbnailCache) throws {
    let opened = try OpenedImageFile(path: path, header: nil)
    let digest = ContentDigest.sha256(try opened.bytes())
    #expect(
      cache.digests.remember(digest, before: opened.identity, after: opened.currentIdentity(), now: later))
  }

  @Test("a settled photo is found without hashing, also by the next process; a fresh one is hashed")
  func settledPhotoIsNotHashedAgain() throws {
    let folder = try FixturePaths.temporaryFolder()
    let photo = folder.appendingPathComponent("photo.jpg").path
    try copyPhoto("rocket.jpg", to: photo)
    let directory = folder.appendingPathComponent("cache").path
    let cache = try ThumbnailCache(directory: directory, sizeLimit: 1 << 30)
    let (cold, _) = try load(photo, cache)
    _ = try load(photo, cache)
    #expect(cache.statistics.hashed == 2, "a file written just now is not remembered")
    try settle(photo, in: cache)
    let (warm, _) = try load(photo, cache)
    #expect(cache.statistics.hashed == 2 && cache.statistics.hits == 2)
    #expect(warm == cold)
    cache.trim()  // saves the memo
    let next = try ThumbnailCache(directory: directory, sizeLimit: 1 << 30)
    let (again, _) = try load(photo, next)
    #expect(next.statistics.hits == 1 && next.statistics.hashed == 0)
    #expect(again == cold)
  }

  @Test(
    "a remembered photo rewritten with other bytes of the same size and the old modification time is a miss",
    arguments: ["same size", "replaced"])
  func changedPhotoIsHashed(change: String) throws {
    let folder = try FixturePaths.temporaryFolder()
    let photo = folder.appendingPathComponent("photo.jpg").path
    try copyPhoto("rocket.jpg", to: photo)
    let cache = try ThumbnailCache(directory: folder.appendingPathComponent("cache").path, sizeLimit: 1 << 30)
    let (first, opened) = try load(photo, cache)
    try settle(photo, in: cache)
    let before = opened.identity
    if change == "same size" {
      // Other pixels in place (a byte of the entropy-coded data), then the old times put back.
      let handle = try #require(FileHandle(forUpdatingAtPath: photo))
      try handle.seek(toOffset: UInt64(before.size / 2))
      let byte = try #require(try handle.read(upToCount: 1))
      try handle.seek(toOffset: UInt64(before.size / 2))
      try handle.write(contentsOf: Data([byte[0] ^ 0x5A]))
      try handle.close()
    } else {
      try copyPhoto("grace_hopper.jpg", to: photo)
    }
    var times = [
      timespec(tv_sec: Int(before.modified / 1_000_000_000), tv_nsec: Int(before.modified % 1_000_000_000)),
      timespec(tv_sec: Int(before.modified / 1_000_000_000), tv_nsec: Int(before.modified % 1_000_000_000)),
    ]
    #expect(utimensat(AT_FDCWD, photo, &times, 0) == 0)
    let (second, reopened) = try load(photo, cache)
    #expect(reopened.identity.modified == before.modified, "the modification time was put back")
    #expect(reopened.identity != before, "the change time moved")
    #expect(cache.statistics.hashed == 2 && cache.statistics.misses == 2 && cache.statistics.hits == 0)
    #expect(second != first)
  }

  @Test("a file that changed while it was hashed, or changed just now, is not remembered")
  func unsettledNotRemembered() {
    let memo = DigestMemo(directory: "/nonexistent", bootID: "test")
    let now = DigestMemo.now()
    let old = FileIdentity(
      device: 1, inode: 2, size: 3, modified: now - 60_000_000_000, changed: now - 60_000_000_000)
    var moved = old
    moved.changed = now
    #expect(!memo.remember([1], before: old, after: moved, now: now), "written while it was read")
    #expect(!memo.remember([1], before: old, after: nil, now: now))
    let fresh = FileIdentity(
      device: 1, inode: 2, size: 3, modified: now - 1_000_000_000, changed: now - 1_000_000_000)
    #expect(!memo.remember([1], before: fresh, after: fresh, now: now), "changed a second ago")
    #expect(memo.digest(for: fresh) == nil)
    #expect(memo.remember([1], before: old, after: old, now: now))
    #expect(memo.digest(for: old) == [1])
    // Hashing it again, changed without its times moving, forgets the remembered digest.
    #expect(!memo.remember([2], before: old, after: moved, now: now))
    #expect(memo.digest(for: old) == nil)
  }

  @Test("a damaged memo file is ignored and rewritten")
  func damagedMemoIgnored() throws {
    let folder = try FixturePaths.temporaryFolder().path
    let now = DigestMemo.now()
    let identity = FileIdentity(
      device: 9, inode: 8, size: 7, modified: now - 60_000_000_000, changed: now - 60_000_000_000)
    let memo = DigestMemo(directory: folder, bootID: "test")
    #expect(memo.remember([UInt8](repeating: 3, count: 32), before: identity, after: identity, now: now))
    memo.save()
    #expect(
      DigestMemo(directory: folder, bootID: "test").digest(for: identity) == [UInt8](repeating: 3, count: 32))
    #expect(
      DigestMemo(directory: folder, bootID: "other").digest(for: identity) == nil, "another kernel's memo")
    var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: memo.path)))
    bytes[30] ^= 1
    try Data(bytes).write(to: URL(fileURLWithPath: memo.path))
    let damaged = DigestMemo(directory: folder, bootID: "test")
    #expect(damaged.digest(for: identity) == nil)
    #expect(damaged.remember([UInt8](repeating: 4, count: 32), before: identity, after: identity, now: now))
    damaged.save()
    #expect(
      DigestMemo(directory: folder, bootID: "test").digest(for: identity) == [UInt8](repeating: 4, count: 32))
  }
}
