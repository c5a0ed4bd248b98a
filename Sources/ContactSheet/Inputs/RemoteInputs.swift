import Foundation
import SheetCache
import SheetFetch
import SheetImages

/// Where images named by http(s) URL are downloaded, and whether the network may be used.
public struct DownloadSettings: Sendable {
  /// The folder the downloads are kept in between runs; nil for `downloads` in the thumbnail
  /// cache's default folder.
  public var folder: String?
  /// Whether only images already downloaded are used (`--offline`): nothing is fetched.
  public var offline = false
  /// Timeouts, redirects, size and concurrency of the downloads.
  package var limits = FetchLimits()

  /// Downloads into the default folder, online.
  public init() {}

  /// The folder downloads go to.
  var resolvedFolder: String {
    folder ?? ((ThumbnailCache.defaultDirectory() ?? NSTemporaryDirectory() + "contactsheet") + "/downloads")
  }
}

/// Turns the items whose image is a URL into items of the downloaded file: every URL
/// is fetched once (concurrently, into the download cache, revalidated on later runs); one that
/// cannot be had becomes a placeholder card whose reason says why (HTTP 404, a timeout, not an
/// image, too large, not http or https…), which the run warns of like any unreadable image.
enum RemoteInputs {
  /// Downloads the URLs among `entries`' items and points each item at its file (or at its
  /// failure), telling `progress` how many of how many URLs are done.
  static func fetch(
    _ entries: inout [CatalogEntry], settings: DownloadSettings,
    progress: (@Sendable (_ done: Int, _ total: Int) -> Void)?
  ) {
    var urls: [String] = []
    var seen = Set<String>()
    for case .item(let item) in entries
    where PathText.isURL(item.path) && seen.insert(item.path).inserted {
      urls.append(item.path)
    }
    guard !urls.isEmpty else { return }
    let images = RemoteImages(
      cacheFolder: settings.resolvedFolder, limits: settings.limits, offline: settings.offline,
      userAgent: "contactsheet")
    let outcomes = images.fetch(urls, progress: progress)
    for index in entries.indices {
      guard case .item(var item) = entries[index], let outcome = outcomes[item.path] else { continue }
      let url = item.path
      item.sourceURL = url
      switch outcome {
      case .file(let path, _): item.path = path
      case .failed(let reason):
        item.header = .failure(ImageError(path: url, reason: "could not download: \(reason)"))
      }
      entries[index] = .item(item)
    }
  }
}
