import Foundation
import SheetDigest
import SheetImages
import SheetSupport
import Synchronization

/// The SHA-256 of photos already hashed, by their ``FileIdentity`` (device, inode, size,
/// modification and change times in nanoseconds), so a re-render finds its entries without
/// reading and hashing every photo again. Kept in the cache folder, one file per running
/// kernel (`digests-<boot id>.memo`): device and inode numbers mean one file only while the
/// kernel that numbered them runs, and machines sharing a cache folder never share a memo.
///
/// Conservative by design, since a changed photo must never show old pixels:
/// - A digest is remembered only when the file's identity was the same before its bytes were
///   read and after they were hashed, and its modification and change times were then at least
///   ``settledAge`` in the past. A write moves the change time to the current time (no program
///   can set it back), so a file that is written again after that gets another identity; one
///   written in the same clock tick as its times were taken is never remembered.
/// - The memo only ever leads to an entry: a miss (or a bad entry) reads and hashes the photo's
///   bytes, and what is decoded and written is keyed by that hash, never by the memo.
/// - A memo file that is damaged or of another version is ignored (and rewritten).
///
/// What it cannot see: a file whose bytes change without its times moving (a filesystem that
/// keeps no change time, a network filesystem serving stale attributes, a program writing
/// through an old shared memory mapping) or a system clock stepped back. Such a setup should
/// use `--no-cache`.
final class DigestMemo: Sendable {
  /// How long ago a file's last change must be before its digest is remembered.
  static let settledAge: Int64 = 5_000_000_000
  /// Most files remembered; the least recently used are dropped first when saving.
  static let maxRecords = 200_000
  static let magic: [UInt8] = Array("CSDIGST\0".utf8)
  static let version: UInt32 = 1
  static let recordSize = 80

  /// The memo's file.
  let path: String
  private let state = Mutex(State())

  private struct Record {
    var digest: [UInt8]
    /// When it was last looked up or added, in seconds since 1970.
    var used: Int64
  }

  private struct State {
    var loaded = false
    var records: [FileIdentity: Record] = [:]
    /// Identities added or looked up in this process: what `save()` writes over the file's.
    var touched: Set<FileIdentity> = []
  }

  /// The memo of the cache folder `directory` on this kernel (`bootID` by default from
  /// `/proc/sys/kernel/random/boot_id`).
  init(directory: String, bootID: String = DigestMemo.currentBootID) {
    path = directory + "/digests-" + bootID + ".memo"
  }

  /// The running kernel's boot id (a UUID), or "unknown-boot".
  static let currentBootID: String = {
    let text = (try? String(contentsOfFile: "/proc/sys/kernel/random/boot_id", encoding: .utf8)) ?? ""
    let id = text.trimmingCharacters(in: .whitespacesAndNewlines).filter { $0.isHexDigit || $0 == "-" }
    return id.isEmpty ? "unknown-boot" : id
  }()

  /// The digest remembered for `identity`, if any.
  func digest(for identity: FileIdentity) -> [UInt8]? {
    state.withLock { state in
      load(&state)
      guard var record = state.records[identity] else { return nil }
      record.used = Self.nowSeconds()
      state.records[identity] = record
      state.touched.insert(identity)
      return record.digest
    }
  }

  /// Remembers `digest` as the hash of the file that was `before` when it was opened and
  /// `after` once its bytes were hashed, when those agree and the file had settled (its times
  /// at least ``settledAge`` before `now`, in nanoseconds since 1970); otherwise forgets it.
  /// Returns whether it was remembered.
  @discardableResult
  func remember(_ digest: [UInt8], before: FileIdentity, after: FileIdentity?, now: Int64 = DigestMemo.now())
    -> Bool
  {
    let settled =
      after == before && before.modified <= now - Self.settledAge && before.changed <= now - Self.settledAge
    return state.withLock { state in
      load(&state)
      if settled {
        state.records[before] = Record(digest: digest, used: now / 1_000_000_000)
        state.touched.insert(before)
      } else {
        // Dropped here and, when saved, from the file too.
        state.records.removeValue(forKey: before)
        state.touched.insert(before)
      }
      return settled
    }
  }

  /// Writes the records this process used or added over the file's current ones (another
  /// process may have saved since this one read it), keeping the ``maxRecords`` most recently
  /// used, through a temporary file renamed into place. Failures are silent: a memo that is
  /// not saved only means hashing again.
  func save() {
    let (ours, touched): ([FileIdentity: Record], Set<FileIdentity>) = state.withLock { state in
      (state.records, state.touched)
    }
    guard !touched.isEmpty else { return }
    var merged = Self.read(path) ?? [:]
    for identity in touched { merged[identity] = ours[identity] }
    let kept = merged.sorted { $0.value.used > $1.value.used }.prefix(Self.maxRecords)
    var bytes = Self.magic
    LittleEndian.append(UInt64(Self.version) | UInt64(kept.count) << 32, to: &bytes)
    for (identity, record) in kept {
      for value in [
        identity.device, identity.inode, UInt64(bitPattern: identity.size),
        UInt64(bitPattern: identity.modified),
        UInt64(bitPattern: identity.changed), UInt64(bitPattern: record.used),
      ] {
        LittleEndian.append(value, to: &bytes)
      }
      bytes += record.digest
    }
    bytes += ContentDigest.sha256(bytes)
    let temporary = path + ".\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
    guard CacheFile.write(bytes, to: path, through: temporary) == nil else { return }
    state.withLock { $0.touched.subtract(touched) }
  }

  /// The time now in nanoseconds since 1970 (the clock file times are taken from).
  static func now() -> Int64 {
    var time = timespec()
    clock_gettime(CLOCK_REALTIME, &time)
    return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
  }

  private static func nowSeconds() -> Int64 { now() / 1_000_000_000 }

  private func load(_ state: inout State) {
    guard !state.loaded else { return }
    state.loaded = true
    state.records = Self.read(path) ?? [:]
  }

  /// The records of the memo file at `path`; nil when there is none or it is not a whole,
  /// unaltered memo of this version (its size is checked before it is read).
  private static func read(_ path: String) -> [FileIdentity: Record]? {
    let headerSize = magic.count + 8
    // Opened without blocking, a regular file only, its size checked on the open descriptor.
    guard let bytes = try? RegularFile.contents(path, limit: headerSize + maxRecords * recordSize + 32) else {
      return nil
    }
    guard bytes.count >= headerSize + 32, Array(bytes[0..<8]) == magic else { return nil }
    let counts = LittleEndian.read(UInt64.self, from: bytes, at: 8)
    let count = Int(counts >> 32)
    guard UInt32(truncatingIfNeeded: counts) == version, bytes.count == headerSize + count * recordSize + 32,
      ContentDigest.sha256(Array(bytes[..<(bytes.count - 32)])) == Array(bytes[(bytes.count - 32)...])
    else { return nil }
    var records: [FileIdentity: Record] = [:]
    records.reserveCapacity(count)
    for index in 0..<count {
      let at = headerSize + index * recordSize
      let field = { (offset: Int) in LittleEndian.read(UInt64.self, from: bytes, at: at + offset) }
      let identity = FileIdentity(
        device: field(0), inode: field(8), size: Int64(bitPattern: field(16)),
        modified: Int64(bitPattern: field(24)), changed: Int64(bitPattern: field(32)))
      records[identity] = Record(
        digest: Array(bytes[(at + 48)..<(at + 80)]), used: Int64(bitPattern: field(40)))
    }
    return records
  }
}
