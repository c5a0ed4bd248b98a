import ArgumentParser
import ContactSheet
import Foundation
import SheetCache

/// Where `render` keeps decoded photos between runs (the thumbnail cache), and how much room
/// it may take. Run options, not style: a cache folder belongs to a machine, not to a look.
struct CacheFlags: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "Thumbnail cache folder (default: $XDG_CACHE_HOME/contactsheet, else ~/.cache/contactsheet).",
      valueName: "dir"))
  var cache: String?

  @Flag(help: "Decode every photo afresh; read and write no thumbnail cache.")
  var noCache = false

  @Option(
    help: ArgumentHelp(
      "Most disk space the thumbnail cache may take, e.g. 500MB or 2GB (default 1GB); the least recently used entries go first.",
      valueName: "size"))
  var cacheSize: String?

  /// The default for `--cache-size`.
  static let defaultSize = "1GB"

  func validate() throws {
    if noCache && cache != nil { throw ValidationError("--cache and --no-cache contradict each other") }
    _ = try sizeLimit()
  }

  /// The limit in bytes.
  func sizeLimit() throws -> Int {
    let text = cacheSize ?? Self.defaultSize
    guard let bytes = ByteCount.parse(text) else {
      throw ValidationError("--cache-size \(text): give a size such as 500MB, 2GB or 1.5GiB")
    }
    return bytes
  }

  /// The cache to use, or nil with `--no-cache`; a folder that cannot be used is a warning and
  /// the run goes on without a cache (`CONTACTSHEET_DEBUG=1` prints notes about bad entries).
  func makeCache() throws -> ThumbnailCache? {
    guard !noCache, let directory = cache ?? ThumbnailCache.defaultDirectory() else { return nil }
    let debugging = ProcessInfo.processInfo.environment["CONTACTSHEET_DEBUG"].map { !$0.isEmpty } ?? false
    do {
      return try ThumbnailCache(
        directory: directory, sizeLimit: try sizeLimit(),
        debug: { message in if debugging { Diagnostics.note(message) } })
    } catch let error as CacheError {
      Diagnostics.warn("\(error.description); rendering without the cache")
      return nil
    }
  }

  /// Trims the cache to its limit and, unless `quiet`, says what it did.
  func finish(_ cache: ThumbnailCache?, quiet: Bool) {
    guard let cache else { return }
    cache.trim()
    guard !quiet else { return }
    let statistics = cache.statistics
    var text =
      "thumbnail cache \(cache.directory): \(statistics.hits) hit\(statistics.hits == 1 ? "" : "s"), \(statistics.misses) miss\(statistics.misses == 1 ? "" : "es")"
    if statistics.written > 0 {
      text += ", \(statistics.written) written (\(CaptionFields.humanSize(Int64(statistics.bytesWritten))))"
    }
    if statistics.rejected > 0 { text += ", \(statistics.rejected) bad entries rewritten" }
    if statistics.evicted > 0 { text += ", \(statistics.evicted) evicted to stay under --cache-size" }
    if statistics.notCached > 0 {
      text += ", \(statistics.notCached) decoded directly (full-size JPEG or WebP, as fast as the cache)"
    }
    Diagnostics.note(text)
    if statistics.bytesWritten > cache.sizeLimit {
      Diagnostics.warn(
        "this run wrote \(CaptionFields.humanSize(Int64(statistics.bytesWritten))) to the thumbnail cache, more than its \(CaptionFields.humanSize(Int64(cache.sizeLimit))) limit, so the next run cannot reuse it all; give --cache-size more room (or --no-cache)"
      )
    }
  }
}
