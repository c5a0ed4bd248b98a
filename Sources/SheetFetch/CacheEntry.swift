import Foundation
import SheetDigest
import SheetSupport

/// One URL's place in the download cache: its image file, its sidecar, and what an earlier run
/// left there.
struct CacheEntry {
  /// The URL, as the catalog wrote it.
  let url: String
  /// The image: the cache folder's file named by the URL's hex SHA-256.
  let bodyPath: String
  /// The sidecar beside it (`HASH.meta`).
  let metaPath: String
  /// The copy an earlier run downloaded, nil when there is none (or it is not an image).
  let cached: Validators?

  /// What the server said about the cached copy, sent back to ask whether it changed.
  struct Validators: Equatable {
    /// The `ETag` header, sent back as `If-None-Match`.
    var etag: String?
    /// The `Last-Modified` header, sent back as `If-Modified-Since`.
    var lastModified: String?
  }

  /// The sidecar's contents.
  private struct Sidecar: Codable {
    var url: String
    var etag: String?
    var lastModified: String?
    /// When the image was downloaded or last confirmed current (ISO 8601, UTC).
    var fetched: String
  }

  /// The entry for `url` in `folder`, with what an earlier run left (read now).
  init(folder: String, url: String) {
    self.url = url
    let name = ContentDigest.hex(ContentDigest.sha256(Array(url.utf8)))
    bodyPath = (folder as NSString).appendingPathComponent(name)
    metaPath = bodyPath + ".meta"
    cached = Self.readCached(bodyPath: bodyPath, metaPath: metaPath, url: url)
  }

  /// The validators of the cached copy, nil when there is no cached image. A copy without a
  /// readable sidecar is still a copy (revalidated with a plain GET); a sidecar naming another
  /// URL makes it no copy of this one.
  private static func readCached(bodyPath: String, metaPath: String, url: String) -> Validators? {
    guard let start = try? RegularFile.start(bodyPath, count: ImageSignature.bytesNeeded),
      ImageSignature.isImage(start)
    else { return nil }
    guard let bytes = try? RegularFile.contents(metaPath, limit: 64 << 10),
      let sidecar = try? JSONDecoder().decode(Sidecar.self, from: Data(bytes))
    else { return Validators() }
    guard sidecar.url == url else { return nil }
    // Sent back as header lines: printable ASCII only, whatever the file holds.
    return Validators(
      etag: sidecar.etag.map { FailureReason.printable($0, limit: 1000) },
      lastModified: sidecar.lastModified.map { FailureReason.printable($0, limit: 1000) })
  }

  /// The sidecar for a copy with `validators`, fetched or confirmed now.
  func sidecar(_ validators: Validators) -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let sidecar = Sidecar(
      url: url, etag: validators.etag, lastModified: validators.lastModified,
      fetched: Date().ISO8601Format())
    return Array((try? encoder.encode(sidecar)) ?? Data()) + [0x0A]
  }
}
