import Foundation
import SheetSupport

/// Bounds on the downloads of one ``RemoteImages/fetch(_:progress:)``.
public struct FetchLimits: Sendable, Equatable {
  /// Seconds allowed to connect to a server (again for each redirect to another one).
  public var connectTimeout: Double
  /// Seconds allowed for a whole download, its redirects included.
  public var totalTimeout: Double
  /// How many redirects a download may follow; one more fails it.
  public var maxRedirects: Int
  /// The largest image downloaded, in bytes (after any transfer compression is undone); a
  /// larger one fails as soon as it is known to be larger.
  public var maxBytes: Int
  /// How many downloads run at once (1 or more).
  public var concurrency: Int

  /// Limits for downloads: by default 10 s to connect, 60 s in all, 5 redirects, 200 MB and
  /// 8 downloads at once.
  public init(
    connectTimeout: Double = 10, totalTimeout: Double = 60, maxRedirects: Int = 5, maxBytes: Int = 200 << 20,
    concurrency: Int = 8
  ) {
    self.connectTimeout = connectTimeout
    self.totalTimeout = totalTimeout
    self.maxRedirects = maxRedirects
    self.maxBytes = maxBytes
    self.concurrency = concurrency
  }
}

/// What became of one URL.
public enum FetchOutcome: Sendable, Equatable {
  /// The image is the file at `path`, in the cache folder. `fromCache` is true when nothing was
  /// downloaded this time: the server said the copy from an earlier run is still current
  /// (HTTP 304), the run is offline, or the server could not be reached (see
  /// ``RemoteImages``); false when the image was downloaded by this fetch.
  case file(path: String, fromCache: Bool)
  /// The image could not be had. `reason` names the cause in a few words for a warning, such
  /// as "HTTP 404 Not Found", "timed out after 60 s" or "not an image (the server sent
  /// text/html)".
  case failed(reason: String)
}

/// Images named by http(s) URL, downloaded with libcurl into a cache folder that later runs
/// revalidate.
///
/// Each URL's image is kept in the cache folder under the hex SHA-256 of the URL, beside a
/// sidecar (`HASH.meta`, JSON) that records the URL, the response's `ETag` and `Last-Modified`
/// and when it was fetched. A download is written to a temporary file in that folder and moved
/// into place only once it is complete and starts like a raster image (JPEG, PNG, GIF, WebP,
/// TIFF, HEIF or AVIF), so the folder never holds a partial or wrong file under a final name.
///
/// A URL already in the cache is asked for again with a conditional GET (`If-None-Match`,
/// `If-Modified-Since`; a plain GET when the server gave neither): 304 keeps the copy, 200
/// replaces it. When the server cannot be reached (connection refused, timeout, DNS, TLS or a
/// broken connection) or answers with a server error (5xx), the copy from the earlier run is
/// used, so a re-render does not fail because a server is down; any other answer (404, a page
/// that is not an image, too many redirects, too large) is a failure, and the cached copy is
/// left for a later run.
///
/// Only `http` and `https` are fetched, redirects included.
public struct RemoteImages: Sendable {
  /// The folder the downloads are kept in (created when needed).
  public let cacheFolder: String
  /// The limits every download runs under.
  public let limits: FetchLimits
  /// Whether the network is never used: a URL in the cache is its cached file, any other fails.
  public let offline: Bool
  /// The `User-Agent` header sent with every request.
  public let userAgent: String

  /// The reason an offline run gives for a URL that is not in the cache.
  public static let offlineReason = "not in the download cache, and --offline was given"

  /// Downloads into `cacheFolder` under `limits`; `offline` never touches the network.
  /// `userAgent` names the tool to servers (the command passes `contactsheet/VERSION`).
  public init(
    cacheFolder: String, limits: FetchLimits = .init(), offline: Bool = false,
    userAgent: String = "contactsheet"
  ) {
    self.cacheFolder = cacheFolder
    self.limits = limits
    self.offline = offline
    self.userAgent = userAgent
  }

  /// Whether `reference` is a URL this type fetches: it starts with `http://` or `https://`
  /// (in any case).
  public static func isRemote(_ reference: String) -> Bool {
    let start = reference.prefix(8).lowercased()
    return start.hasPrefix("http://") || start.hasPrefix("https://")
  }

  /// Fetches every URL of `urls` (each distinct URL once, up to ``FetchLimits/concurrency``
  /// at a time, on the calling thread) and returns what became of each.
  ///
  /// - Parameters:
  ///   - urls: The URLs, as written in the catalog; duplicates are fetched once.
  ///   - progress: Called on the calling thread each time a URL is settled, with how many are
  ///     settled and how many distinct URLs there are.
  /// - Returns: An outcome for every distinct URL of `urls`; never throws, whatever the
  ///   servers do.
  public func fetch(
    _ urls: [String], progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil
  ) -> [String: FetchOutcome] {
    var seen = Set<String>()
    let distinct = urls.filter { seen.insert($0).inserted }
    var outcomes: [String: FetchOutcome] = [:]
    func settle(_ url: String, _ outcome: FetchOutcome) {
      outcomes[url] = outcome
      progress?(outcomes.count, distinct.count)
    }

    var downloads: [CacheEntry] = []
    for url in distinct {
      guard Self.isRemote(url) else {
        settle(url, .failed(reason: FailureReason.notHTTP))
        continue
      }
      let entry = CacheEntry(folder: cacheFolder, url: url)
      if offline {
        settle(
          url,
          entry.cached != nil
            ? .file(path: entry.bodyPath, fromCache: true) : .failed(reason: Self.offlineReason))
      } else {
        downloads.append(entry)
      }
    }
    guard !downloads.isEmpty else { return outcomes }
    do {
      try PathBytes.createFolders(cacheFolder)
    } catch {
      for entry in downloads {
        settle(entry.url, .failed(reason: "cannot create the download cache: \(error.reason)"))
      }
      return outcomes
    }
    DownloadSession(limits: limits, userAgent: userAgent).run(downloads, settle: settle)
    return outcomes
  }
}
