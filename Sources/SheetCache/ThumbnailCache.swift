import Foundation
import SheetDigest
import SheetImages
import SheetSupport
import Synchronization

/// Decoded, downscaled, colour-converted photos kept on disk between runs, found by the SHA-256
/// of the photo's bytes and everything else that shapes the pixels (``CacheKey``).
///
/// Entries are written to a temporary file in the cache folder and renamed into place, so
/// processes sharing the folder (shards, parallel runs) only ever see whole entries; two that
/// write the same entry write the same bytes. A hit sets the entry's modification time, and
/// ``trim()`` (once per run, and after every eighth of the limit written) deletes the least
/// recently used entries until the folder is under its limit. An entry that is truncated,
/// corrupt or from another version is ignored and rewritten.
package final class ThumbnailCache: Sendable {
  /// The folder holding the entries.
  package let directory: String
  /// Most bytes the entries may take.
  package let sizeLimit: Int
  /// Called with a note for the curious (`--verbose`-style): corrupt entries, failed writes.
  private let debug: @Sendable (String) -> Void
  private let state = Mutex(State())
  /// The digests of photos hashed before, by file identity.
  let digests: DigestMemo

  private struct State {
    var statistics = CacheStatistics()
    var writtenSinceTrim = 0
    var temporaryCount = 0
  }

  /// The folder `$XDG_CACHE_HOME/contactsheet` (when that is an absolute path), else
  /// `$HOME/.cache/contactsheet`; nil when neither is set.
  package static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment)
    -> String?
  {
    if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") { return xdg + "/contactsheet" }
    if let home = environment["HOME"], !home.isEmpty { return home + "/.cache/contactsheet" }
    return nil
  }

  /// A cache in `directory` (created if missing), holding at most `sizeLimit` bytes.
  ///
  /// - Throws: ``CacheError`` when the folder cannot be created or is not a folder.
  package init(directory: String, sizeLimit: Int, debug: @escaping @Sendable (String) -> Void = { _ in })
    throws
  {
    self.directory = directory
    self.sizeLimit = max(0, sizeLimit)
    self.debug = debug
    digests = DigestMemo(directory: directory)
    do {
      try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    } catch {
      throw CacheError("cannot create the thumbnail cache folder \(directory): \(error.localizedDescription)")
    }
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: directory, isDirectory: &isFolder), isFolder.boolValue,
      access(directory, W_OK | X_OK) == 0
    else { throw CacheError("the thumbnail cache \(directory) is not a writable folder") }
  }

  /// Hits, misses and writes so far.
  package var statistics: CacheStatistics { state.withLock { $0.statistics } }

  /// The image `opened` gives decoded at `level`: from the cache when it holds it (its pixels
  /// read into `spare`'s storage when given), else decoded (and then stored).
  ///
  /// - Throws: ``ImageError`` when the photo cannot be decoded; cache problems never throw.
  package func image(
    for opened: OpenedImageFile, level: ShrinkLevel, maxPixels: Int, spare: SpareStorage? = nil
  ) throws -> DecodedImage {
    guard Self.isWorthCaching(opened.header, level: level) else {
      state.withLock { $0.statistics.notCached += 1 }
      return try opened.load(
        minimumSize: (level.minimumSize.width, level.minimumSize.height), maxPixels: maxPixels)
    }
    let orientation = opened.header.orientation
    // A photo hashed in an earlier run and unchanged since is found without reading its bytes,
    // on file systems where an unchanged identity proves it.
    let memo = opened.keepsChangeTime ? digests : nil
    var tried: CacheKey?
    if let remembered = memo?.digest(for: opened.identity) {
      let key = CacheKey(contentDigest: remembered, level: level, orientation: orientation)
      if let image = entry(key, maxPixels: maxPixels, spare: spare) { return image }
      tried = key
    }
    let digest = ContentDigest.sha256(try opened.contentSample())
    state.withLock { $0.statistics.hashed += 1 }
    // Settled means settled before the file was opened: a write while it was read moves its
    // change time past the one taken at the open.
    memo?.remember(digest, before: opened.identity, after: opened.currentIdentity(), now: opened.openedAt)
    let key = CacheKey(contentDigest: digest, level: level, orientation: orientation)
    if key != tried, let image = entry(key, maxPixels: maxPixels, spare: spare) { return image }
    state.withLock { $0.statistics.misses += 1 }
    let decoded = try opened.load(
      minimumSize: (level.minimumSize.width, level.minimumSize.height), maxPixels: maxPixels)
    store(decoded, key: key, path: directory + "/" + key.fileName)
    return decoded
  }

  /// The image of the entry for `key`, counted as a hit; nil when there is none or it is bad
  /// (counted, with a debug note, as rejected: it is rewritten after the decode).
  private func entry(_ key: CacheKey, maxPixels: Int, spare: SpareStorage?) -> DecodedImage? {
    let path = directory + "/" + key.fileName
    switch read(path, key: key, maxPixels: maxPixels, spare: spare) {
    case .success(let image):
      state.withLock { $0.statistics.hits += 1 }
      return image
    case .failure(let rejection):
      if rejection != .absent {
        debug("thumbnail cache: \(path) ignored (\(rejection.rawValue)); rewriting it")
        state.withLock { $0.statistics.rejected += 1 }
      }
      return nil
    }
  }

  /// Whether an entry would save more than it costs. A JPEG or WebP decoded at full size (a
  /// shop's 1200-pixel product photo on a large card) decodes in a few milliseconds, about what
  /// reading its entry back takes, and its entry holds every pixel uncompressed: 300 such
  /// photos would take 1.3 GB, more than the default limit, and evict each other on every run.
  /// Shrinking decodes, previews and the slower formats (PNG, TIFF, HEIF, AVIF, RAW) are cached.
  static func isWorthCaching(_ header: ImageHeader, level: ShrinkLevel) -> Bool {
    level.exponent > 0 || level.isPreview || !(header.format == .jpeg || header.format == .webp)
  }

  /// Deletes the least recently used entries until they take at most the limit (down to 90%
  /// of it, so the next runs need not trim again at once), and temporary files older than an
  /// hour (left by a process that was killed), and saves the digest memo (dropping other
  /// kernels' memos a day old). One listing of the folder.
  package func trim() {
    digests.save()
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
    var entries: [(path: String, size: Int, used: Double)] = []
    let now = Date().timeIntervalSince1970
    for name in names {
      let path = directory + "/" + name
      var status = stat()
      guard lstat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { continue }
      let modified = Double(status.st_mtim.tv_sec) + Double(status.st_mtim.tv_nsec) / 1e9
      if name.hasSuffix(".thumb") {
        entries.append((path, Int(status.st_size), modified))
      } else if name.hasSuffix(".tmp"), now - modified > 3600 {
        unlink(path)
      } else if name.hasPrefix("digests-"), name.hasSuffix(".memo"), path != digests.path,
        now - modified > 86400
      {
        unlink(path)
      }
    }
    var total = entries.reduce(0) { $0 + $1.size }
    state.withLock { $0.writtenSinceTrim = 0 }
    guard total > sizeLimit else { return }
    let target = sizeLimit - sizeLimit / 10
    var evicted = 0
    for entry in entries.sorted(by: { ($0.used, $0.path) < ($1.used, $1.path) }) where total > target {
      if unlink(entry.path) == 0 || errno == ENOENT {
        total -= entry.size
        evicted += 1
      }
    }
    state.withLock { $0.statistics.evicted += evicted }
  }

  /// The entry at `path` for `key`, or why there is none to use.
  private func read(_ path: String, key: CacheKey, maxPixels: Int, spare: SpareStorage?) -> Result<
    DecodedImage, CacheEntry.Rejection
  > {
    // Opened without blocking, as a regular file only: an entry replaced by a FIFO or a
    // device is rejected (and rewritten), never waited on.
    let descriptor: Int32
    let status: stat
    do {
      (descriptor, status) = try RegularFile.open(path)
    } catch {
      return .failure(error.isMissing ? .absent : .notAnEntry)
    }
    defer { close(descriptor) }
    guard let head = readFully(descriptor, count: CacheEntry.headerSize, at: 0) else {
      return .failure(.wrongLength)
    }
    let header: CacheEntry.Header
    switch CacheEntry.header(head, key: key, fileSize: Int(status.st_size), maxPixels: maxPixels) {
    case .success(let checked): header = checked
    case .failure(let rejection): return .failure(rejection)
    }
    guard let warnings = readFully(descriptor, count: header.warningBytes, at: CacheEntry.headerSize) else {
      return .failure(.wrongLength)
    }
    let pixelsAt = CacheEntry.headerSize + header.warningBytes
    let decoded = CacheEntry.decode(head: head, warnings: warnings, header: header, spare: spare) { buffer in
      readFully(descriptor, into: buffer, at: pixelsAt)
    }
    switch decoded {
    case .success(let image):
      // Least recently used is least recently touched: a hit sets the modification time.
      futimens(descriptor, nil)
      return .success(image)
    case .failure(let rejection): return .failure(rejection)
    }
  }

  /// Writes `image` under `key` through a temporary file renamed into place; a failure is a
  /// debug note, never an error (the run goes on without the entry).
  private func store(_ image: DecodedImage, key: CacheKey, path: String) {
    let image = image
    guard image.image.width * image.image.height <= CacheEntry.maxPixels else { return }
    let bytes = CacheEntry.encode(image, key: key)
    let count = state.withLock { state -> Int in
      state.temporaryCount += 1
      return state.temporaryCount
    }
    let temporary = "\(directory)/.\(key.fileName).\(getpid()).\(count).tmp"
    if let failure = CacheFile.write(bytes, to: path, through: temporary) {
      debug("thumbnail cache: \(failure)")
      return
    }
    let trimNow = state.withLock { state -> Bool in
      state.statistics.written += 1
      state.statistics.bytesWritten += bytes.count
      state.writtenSinceTrim += bytes.count
      return state.writtenSinceTrim > max(sizeLimit / 8, 1)
    }
    if trimNow { trim() }
  }

  private func readFully(_ descriptor: Int32, count: Int, at offset: Int) -> [UInt8]? {
    var failed = false
    let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, done in
      failed = !readFully(descriptor, into: UnsafeMutableRawBufferPointer(buffer), at: offset)
      done = failed ? 0 : count
    }
    return failed ? nil : bytes
  }

  /// Fills `buffer` with the file's bytes from `offset`; false when the file ends first or
  /// cannot be read.
  private func readFully(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, at offset: Int)
    -> Bool
  {
    var done = 0
    while done < buffer.count {
      let got = pread(descriptor, buffer.baseAddress! + done, buffer.count - done, off_t(offset + done))
      if got < 0 && errno == EINTR { continue }
      if got <= 0 { return false }
      done += got
    }
    return true
  }
}

/// What a cache did in one run.
package struct CacheStatistics: Hashable, Sendable {
  /// Images found in the cache.
  package var hits = 0
  /// Images decoded because the cache did not hold them (or held a bad entry).
  package var misses = 0
  /// Entries ignored as corrupt, truncated or of another version (rewritten after the decode).
  package var rejected = 0
  /// Photos whose bytes were read and hashed (the others were found by the digest memo).
  package var hashed = 0
  /// Entries written.
  package var written = 0
  /// Bytes of the entries written.
  package var bytesWritten = 0
  /// Entries deleted to stay under the size limit.
  package var evicted = 0
  /// Images decoded without the cache because an entry would not pay for itself
  /// (``ThumbnailCache/isWorthCaching(_:level:)``).
  package var notCached = 0
}

/// A cache folder that cannot be used.
package struct CacheError: Error, CustomStringConvertible {
  /// What went wrong, naming the folder.
  package var description: String

  /// An error saying `description`.
  package init(_ description: String) { self.description = description }
}
