import Foundation
import SheetFetch
import Synchronization
import TestSupport
import XCTest

/// Downloads from test-server.py, a real HTTP server on 127.0.0.1, into a fresh cache folder.
final class RemoteImagesTests: XCTestCase {
  private var server: TestServer!
  private var cache = ""

  override func setUpWithError() throws {
    server = try TestServer()
    cache = try FixturePaths.temporaryFolder(name).appendingPathComponent("downloads").path
  }

  override func tearDown() {
    server?.stop()
    server = nil
  }

  private let jpeg = FileManager.default.contents(atPath: TestServer.jpegPath)!

  private func images(
    limits: FetchLimits = FetchLimits(connectTimeout: 5, totalTimeout: 20), offline: Bool = false
  ) -> RemoteImages {
    RemoteImages(cacheFolder: cache, limits: limits, offline: offline, userAgent: "contactsheet/test")
  }

  /// The one outcome of fetching `url`.
  private func fetch(_ url: String, limits: FetchLimits = FetchLimits(connectTimeout: 5, totalTimeout: 20))
    -> FetchOutcome?
  {
    let outcomes = images(limits: limits).fetch([url])
    XCTAssertEqual(Array(outcomes.keys), [url])
    return outcomes[url]
  }

  /// The names in the cache folder, sorted; empty when it does not exist.
  private func cacheNames() -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: cache)) ?? []).sorted()
  }

  /// The cache's name for `url`: its SHA-256 in hex (as sha256sum computes it).
  private func cacheName(_ url: String) throws -> String {
    let result = try ProcessRunner.run("/usr/bin/sha256sum", [], input: url)
    return String(result.standardOutput.prefix(64))
  }

  private func cachePath(_ url: String) throws -> String {
    (cache as NSString).appendingPathComponent(try cacheName(url))
  }

  /// Fetching `path` fails with exactly `reason` and leaves nothing in the cache folder.
  private func assertFails(
    _ path: String, _ reason: String, limits: FetchLimits = FetchLimits(connectTimeout: 5, totalTimeout: 20),
    file: StaticString = #filePath, line: UInt = #line
  ) {
    XCTAssertEqual(fetch(server.url(path), limits: limits), .failed(reason: reason), file: file, line: line)
    XCTAssertEqual(cacheNames(), [], "left in the cache", file: file, line: line)
  }

  // MARK: Downloads and the cache

  func testDownloadsAnImageWithItsExactBytesUnderTheHashOfItsURL() throws {
    let url = server.url("/image.jpg")
    let path = try cachePath(url)
    XCTAssertEqual(fetch(url), .file(path: path, fromCache: false))
    XCTAssertEqual(FileManager.default.contents(atPath: path), jpeg)
    let name = try cacheName(url)
    XCTAssertEqual(cacheNames(), [name, name + ".meta"])
    let sidecar = try XCTUnwrap(
      JSONSerialization.jsonObject(with: XCTUnwrap(FileManager.default.contents(atPath: path + ".meta")))
        as? [String: Any])
    XCTAssertEqual(sidecar["url"] as? String, url)
    XCTAssertEqual((sidecar["etag"] as? String)?.hasPrefix("\"jpeg-"), true)
    XCTAssertEqual(sidecar["lastModified"] as? String, "Tue, 14 Nov 2023 22:13:20 GMT")
    XCTAssertNotNil(sidecar["fetched"] as? String)
    let stats = try server.stats()
    XCTAssertEqual(stats.statuses("/image.jpg"), ["200": 1])
    XCTAssertEqual(stats.userAgents, ["contactsheet/test"])
  }

  func testASecondFetchRevalidatesAndTheServerAnswers304() throws {
    let url = server.url("/image.jpg")
    let path = try cachePath(url)
    XCTAssertEqual(fetch(url), .file(path: path, fromCache: false))
    XCTAssertEqual(fetch(url), .file(path: path, fromCache: true))
    XCTAssertEqual(try server.stats().statuses("/image.jpg"), ["200": 1, "304": 1])
    XCTAssertEqual(FileManager.default.contents(atPath: path), jpeg)
  }

  func testLastModifiedAloneIsSentBackAsIfModifiedSince() throws {
    let url = server.url("/dated.jpg")
    let path = try cachePath(url)
    XCTAssertEqual(fetch(url), .file(path: path, fromCache: false))
    XCTAssertEqual(fetch(url), .file(path: path, fromCache: true))
    XCTAssertEqual(try server.stats().statuses("/dated.jpg"), ["200": 1, "304": 1])
  }

  func testAnETagAloneIsSentBackAsIfNoneMatch() throws {
    let url = server.url("/image.png")
    let path = try cachePath(url)
    XCTAssertEqual(fetch(url), .file(path: path, fromCache: false))
    XCTAssertEqual(fetch(url), .file(path: path, fromCache: true))
    XCTAssertEqual(try server.stats().statuses("/image.png"), ["200": 1, "304": 1])
    XCTAssertEqual(
      FileManager.default.contents(atPath: path), FileManager.default.contents(atPath: TestServer.pngPath))
  }

  func testWithoutValidatorsEveryFetchDownloadsAgainAndReplacesTheCopy() throws {
    let url = server.url("/plain.jpg")
    let path = try cachePath(url)
    XCTAssertEqual(fetch(url), .file(path: path, fromCache: false))
    // Another image in its place: the plain GET's 200 must replace it.
    try FileManager.default.removeItem(atPath: path)
    XCTAssertTrue(
      FileManager.default.createFile(
        atPath: path, contents: FileManager.default.contents(atPath: TestServer.pngPath)))
    XCTAssertEqual(fetch(url), .file(path: path, fromCache: false))
    XCTAssertEqual(FileManager.default.contents(atPath: path), jpeg)
    XCTAssertEqual(try server.stats().statuses("/plain.jpg"), ["200": 2])
    let name = try cacheName(url)
    XCTAssertEqual(cacheNames(), [name, name + ".meta"])
  }

  func testACompressedTransferIsStoredDecoded() throws {
    let url = server.url("/gzip.jpg")
    XCTAssertEqual(fetch(url), .file(path: try cachePath(url), fromCache: false))
    XCTAssertEqual(FileManager.default.contents(atPath: try cachePath(url)), jpeg)
  }

  func testOfflineUsesTheCacheWithoutAnyRequest() throws {
    let url = server.url("/image.jpg")
    XCTAssertEqual(fetch(url), .file(path: try cachePath(url), fromCache: false))
    XCTAssertEqual(try server.stats().hits("/image.jpg"), 1)
    let outcomes = images(offline: true).fetch([url])
    XCTAssertEqual(outcomes, [url: .file(path: try cachePath(url), fromCache: true)])
    XCTAssertEqual(try server.stats().hits("/image.jpg"), 1)
  }

  func testOfflineWithoutACachedCopyFails() throws {
    let url = server.url("/image.jpg")
    let outcomes = images(offline: true).fetch([url])
    XCTAssertEqual(outcomes, [url: .failed(reason: "not in the download cache, and --offline was given")])
    XCTAssertEqual(try server.stats().hits, [:])
    XCTAssertEqual(cacheNames(), [])
  }

  func testDuplicatesAreFetchedOnceAndProgressCountsDistinctURLs() throws {
    let image = server.url("/image.jpg")
    let png = server.url("/image.png")
    let calls = Mutex<[[Int]]>([])
    let outcomes = images().fetch([image, image, png, image]) { done, total in
      calls.withLock { $0.append([done, total]) }
    }
    XCTAssertEqual(
      outcomes,
      [
        image: .file(path: try cachePath(image), fromCache: false),
        png: .file(path: try cachePath(png), fromCache: false),
      ])
    XCTAssertEqual(calls.withLock { $0 }, [[1, 2], [2, 2]])
    let stats = try server.stats()
    XCTAssertEqual(stats.hits("/image.jpg"), 1)
    XCTAssertEqual(stats.hits("/image.png"), 1)
  }

  func testAtMostConcurrencyDownloadsRunAtOnce() throws {
    let urls = (1...12).map { server.url("/latency?ms=300&n=\($0)") }
    let start = Date()
    let outcomes = images(limits: FetchLimits(connectTimeout: 5, totalTimeout: 20, concurrency: 3)).fetch(
      urls)
    let elapsed = Date().timeIntervalSince(start)
    XCTAssertEqual(outcomes.count, 12)
    for url in urls {
      XCTAssertEqual(outcomes[url], .file(path: try cachePath(url), fromCache: false), url)
    }
    let stats = try server.stats()
    XCTAssertEqual(stats.hits("/latency"), 12)
    XCTAssertEqual(Set(stats.hitsWithQuery.values), [1])
    XCTAssertLessThanOrEqual(stats.maxInFlight, 3)
    XCTAssertGreaterThanOrEqual(stats.maxInFlight, 2)
    // Four rounds of 0.3 s: more than one round (the bound holds), less than one at a time.
    XCTAssertGreaterThanOrEqual(elapsed, 1.15)
    XCTAssertLessThan(elapsed, 3.0)
  }

  // MARK: Redirects

  func testRedirectsUpToTheLimitAreFollowed() throws {
    let url = server.url("/redirect/5")
    XCTAssertEqual(
      fetch(url, limits: FetchLimits(connectTimeout: 5, totalTimeout: 20, maxRedirects: 5)),
      .file(path: try cachePath(url), fromCache: false))
    XCTAssertEqual(FileManager.default.contents(atPath: try cachePath(url)), jpeg)
    XCTAssertEqual(try server.stats().hits("/image.jpg"), 1)
  }

  func testOneRedirectTooManyFails() throws {
    assertFails(
      "/redirect/6", "too many redirects (more than 5)",
      limits: FetchLimits(connectTimeout: 5, totalTimeout: 20, maxRedirects: 5))
    XCTAssertEqual(try server.stats().hits("/image.jpg"), 0)
  }

  func testARedirectLoopFails() throws {
    assertFails("/loop", "too many redirects (more than 3)", limits: FetchLimits(maxRedirects: 3))
    XCTAssertEqual(try server.stats().hits("/loop"), 4)
  }

  func testARedirectToFTPIsNotFollowed() {
    assertFails("/ftp-redirect", "redirected to an ftp URL; only http and https URLs are fetched")
  }

  // MARK: Failures

  func testA404Fails() {
    assertFails("/missing", "HTTP 404 Not Found")
  }

  func testASlowServerTimesOut() {
    let start = Date()
    assertFails("/slow?s=5", "timed out after 1 s", limits: FetchLimits(connectTimeout: 1, totalTimeout: 1))
    XCTAssertLessThan(Date().timeIntervalSince(start), 4)
  }

  func testAnHTMLPageServedWith200IsNotAnImage() {
    assertFails("/html", "not an image (the server sent text/html)")
  }

  func testTextLabelledAsJPEGIsNotAnImage() {
    assertFails("/text-as-jpeg", "not an image (not JPEG, PNG, GIF, WebP, TIFF, HEIF or AVIF data)")
  }

  func testAnEmptyBodyIsNotAnImage() {
    assertFails("/empty", "not an image (the server sent nothing)")
  }

  func testABodyWithoutLengthIsStoppedAtMaxBytes() {
    let start = Date()
    assertFails(
      "/huge?bytes=\(64 << 20)", "more than 1 MB",
      limits: FetchLimits(connectTimeout: 5, totalTimeout: 20, maxBytes: 1 << 20))
    XCTAssertLessThan(Date().timeIntervalSince(start), 10)
  }

  func testAnAnnouncedLengthOverMaxBytesFails() {
    assertFails(
      "/huge-announced", "more than 1 MB",
      limits: FetchLimits(connectTimeout: 5, totalTimeout: 20, maxBytes: 1 << 20))
  }

  func testABodyShorterThanAnnouncedFails() {
    assertFails("/lying-length/long", "the server closed the connection after 12 KB of 13 KB")
  }

  func testABodyLongerThanAnnouncedIsCutAtTheAnnouncedLength() throws {
    let url = server.url("/lying-length/short")
    XCTAssertEqual(fetch(url), .file(path: try cachePath(url), fromCache: false))
    XCTAssertEqual(FileManager.default.contents(atPath: try cachePath(url)), jpeg.prefix(100))
  }

  func testAStoppedServerCannotBeConnectedTo() {
    let port = server.port
    server.stop()
    XCTAssertEqual(
      fetch("http://127.0.0.1:\(port)/image.jpg"), .failed(reason: "could not connect to 127.0.0.1:\(port)"))
    XCTAssertEqual(cacheNames(), [])
  }

  func testTLSToAPlainHTTPServerIsATLSError() throws {
    let url = "https://127.0.0.1:\(server.port)/image.jpg"
    guard case .failed(let reason)? = fetch(url) else { return XCTFail("fetched \(url)") }
    XCTAssertTrue(reason.hasPrefix("TLS error: "), reason)
    XCTAssertGreaterThan(reason.count, "TLS error: ".count + 5, reason)
    XCTAssertEqual(cacheNames(), [])
  }

  func testOnlyHTTPAndHTTPSAreFetched() throws {
    let references = ["ftp://127.0.0.1:\(server.port)/image.jpg", "file:///etc/hostname", "photo.jpg"]
    let outcomes = images().fetch(references)
    XCTAssertEqual(
      outcomes,
      Dictionary(
        uniqueKeysWithValues: references.map { ($0, .failed(reason: "only http and https URLs are fetched")) }
      ))
    XCTAssertEqual(try server.stats().hits, [:])
    XCTAssertEqual(cacheNames(), [])
  }

  func testAnInvalidURLFails() {
    XCTAssertEqual(fetch("http://exa mple.com/image.jpg"), .failed(reason: "not a valid URL"))
    XCTAssertEqual(cacheNames(), [])
  }

  func testACacheFolderThatIsAFileFailsEveryDownload() throws {
    XCTAssertTrue(FileManager.default.createFile(atPath: cache, contents: Data("not a folder".utf8)))
    let urls = [server.url("/image.jpg"), server.url("/image.png")]
    let reason = "cannot create the download cache: \(cache) is a file, not a folder"
    XCTAssertEqual(
      images().fetch(urls), [urls[0]: .failed(reason: reason), urls[1]: .failed(reason: reason)])
    XCTAssertEqual(try server.stats().hits, [:])
  }

  func testIsRemote() {
    XCTAssertTrue(RemoteImages.isRemote("https://cdn.shopify.com/a.jpg"))
    XCTAssertTrue(RemoteImages.isRemote("HTTP://example.com/a.jpg"))
    XCTAssertTrue(RemoteImages.isRemote("Https://example.com"))
    XCTAssertFalse(RemoteImages.isRemote("http:/example.com/a.jpg"))
    XCTAssertFalse(RemoteImages.isRemote("ftp://example.com/a.jpg"))
    XCTAssertFalse(RemoteImages.isRemote("photos/http://a.jpg"))
    XCTAssertFalse(RemoteImages.isRemote("https:"))
  }

  // MARK: Revalidation that fails

  func testWhenTheServerIsDownTheCachedCopyIsUsed() throws {
    let url = server.url("/image.jpg")
    XCTAssertEqual(fetch(url), .file(path: try cachePath(url), fromCache: false))
    server.stop()
    XCTAssertEqual(fetch(url), .file(path: try cachePath(url), fromCache: true))
    XCTAssertEqual(FileManager.default.contents(atPath: try cachePath(url)), jpeg)
  }

  func testAServerErrorOnRevalidationUsesTheCachedCopy() throws {
    let url = server.url("/flaky.jpg")
    XCTAssertEqual(fetch(url), .file(path: try cachePath(url), fromCache: false))
    XCTAssertEqual(fetch(url), .file(path: try cachePath(url), fromCache: true))
    XCTAssertEqual(try server.stats().statuses("/flaky.jpg"), ["200": 1, "503": 1])
  }

  func testA404OnRevalidationFailsAndKeepsTheCopyForLater() throws {
    let url = server.url("/gone-later.jpg")
    XCTAssertEqual(fetch(url), .file(path: try cachePath(url), fromCache: false))
    XCTAssertEqual(fetch(url), .failed(reason: "HTTP 404 Not Found"))
    XCTAssertEqual(FileManager.default.contents(atPath: try cachePath(url)), jpeg)
    let name = try cacheName(url)
    XCTAssertEqual(cacheNames(), [name, name + ".meta"])
  }
}
