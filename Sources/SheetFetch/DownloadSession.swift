import CCurl
import CCurlShim
import Foundation
import SheetSupport

/// libcurl, set up once per process (`curl_global_init` is not to be raced; a `static let` is
/// initialised once, under a lock).
enum Curl {
  /// Whether libcurl's global setup succeeded.
  static let ready: Bool = curl_global_init(Int(CURL_GLOBAL_DEFAULT)) == CURLE_OK
}

/// The downloads of one fetch, run through one libcurl multi handle on the calling thread: at
/// most ``FetchLimits/concurrency`` transfers at once, the next started as soon as one ends.
final class DownloadSession {
  private let limits: FetchLimits
  private let userAgent: String

  init(limits: FetchLimits, userAgent: String) {
    self.limits = limits
    self.userAgent = userAgent
  }

  /// Downloads or revalidates every entry, calling `settle` with each one's outcome as it ends.
  func run(_ entries: [CacheEntry], settle: (String, FetchOutcome) -> Void) {
    guard Curl.ready, let multi = curl_multi_init() else {
      for entry in entries { settle(entry.url, .failed(reason: "libcurl could not be set up")) }
      return
    }
    defer { curl_multi_cleanup(multi) }
    let concurrency = max(1, limits.concurrency)
    // Never more connections than transfers: each transfer is one request at a time.
    _ = cs_multi_setopt_long(multi, CURLMOPT_MAX_TOTAL_CONNECTIONS, concurrency)

    var waiting = entries[...]
    var active: [UnsafeMutableRawPointer: Transfer] = [:]
    while true {
      while active.count < concurrency, let entry = waiting.popFirst() {
        do {
          let transfer = try Transfer(entry: entry, limits: limits, userAgent: userAgent)
          guard curl_multi_add_handle(multi, transfer.handle) == CURLM_OK else {
            transfer.close()
            settle(entry.url, .failed(reason: "libcurl could not start the download"))
            continue
          }
          active[transfer.handle] = transfer
        } catch {
          settle(entry.url, .failed(reason: error.reason))
        }
      }
      if active.isEmpty { break }

      var running: Int32 = 0
      let performed = curl_multi_perform(multi, &running)
      if performed != CURLM_OK {
        let reason = "libcurl failed: \(String(cString: curl_multi_strerror(performed)))"
        for (handle, transfer) in active {
          curl_multi_remove_handle(multi, handle)
          transfer.close()
          settle(transfer.entry.url, .failed(reason: reason))
        }
        active.removeAll()
        for entry in waiting { settle(entry.url, .failed(reason: reason)) }
        return
      }

      var ended = false
      var left: Int32 = 0
      while let message = curl_multi_info_read(multi, &left) {
        // The message is gone once its handle is removed: read it first.
        guard message.pointee.msg == CURLMSG_DONE, let handle = message.pointee.easy_handle else { continue }
        let code = message.pointee.data.result
        guard let transfer = active.removeValue(forKey: handle) else { continue }
        curl_multi_remove_handle(multi, handle)
        settle(transfer.entry.url, transfer.finish(code))
        ended = true
      }
      // A transfer ended: start the next ones before waiting on the network.
      if ended && !waiting.isEmpty { continue }
      if active.isEmpty { continue }
      _ = curl_multi_poll(multi, nil, 0, 1000, nil)
    }
  }
}

/// Why a transfer could not even be started.
struct StartFailure: Error {
  /// In words, for the URL's outcome.
  var reason: String
}

/// One URL's download: its libcurl handle, the temporary file its body goes to, and what the
/// response's headers said. Lives on the session's thread; libcurl's callbacks reach it
/// through an unretained pointer, valid while the session holds it.
final class Transfer {
  /// The URL's place in the cache.
  let entry: CacheEntry
  /// The libcurl easy handle.
  let handle: UnsafeMutableRawPointer
  private let limits: FetchLimits
  private var requestHeaders: UnsafeMutablePointer<curl_slist>?
  private let errorBuffer: UnsafeMutablePointer<CChar>
  /// The body's temporary file and the sidecar's, moved into place together.
  private let output = AtomicOutput()
  private var descriptor: Int32 = -1
  private var closed = false

  /// Body bytes received so far (all written to the temporary file).
  private var received = 0
  /// The body's first bytes, enough to check that it is an image.
  private var head: [UInt8] = []
  /// The status when the first body bytes arrived (that of the final response).
  private var bodyStatus: Int?
  private var stopped: Stop?

  /// What the latest response's headers said (reset by each status line, as redirects come).
  private var statusPhrase: String?
  private var validators = CacheEntry.Validators()
  private var contentType: String?

  /// Why the body callback stopped a transfer.
  private enum Stop {
    /// The response is not a 200: its body is not wanted.
    case notOK
    /// More than the limit arrived.
    case tooLarge
    /// The first bytes are not an image's.
    case notAnImage
    /// The temporary file could not be created or written (`errno`).
    case cannotWrite(Int32)
  }

  /// A transfer of `entry`'s URL (conditional when a copy is cached), not yet started.
  init(entry: CacheEntry, limits: FetchLimits, userAgent: String) throws(StartFailure) {
    guard let handle = curl_easy_init() else {
      throw StartFailure(reason: "libcurl could not start the download")
    }
    self.entry = entry
    self.handle = handle
    self.limits = limits
    errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
    errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)

    if let cached = entry.cached {
      if let etag = cached.etag { appendHeader("If-None-Match: \(etag)") }
      if let lastModified = cached.lastModified { appendHeader("If-Modified-Since: \(lastModified)") }
    }
    let context = Unmanaged.passUnretained(self).toOpaque()
    // At least a millisecond (0 would mean no limit at all); NaN is taken as that too.
    let milliseconds = { (seconds: Double) in seconds > 0.001 ? Int(min(seconds, 1e9) * 1000) : 1 }
    let results: [CURLcode] = [
      cs_setopt_str(handle, CURLOPT_URL, entry.url),
      cs_setopt_str(handle, CURLOPT_PROTOCOLS_STR, "http,https"),
      cs_setopt_str(handle, CURLOPT_REDIR_PROTOCOLS_STR, "http,https"),
      cs_setopt_long(handle, CURLOPT_FOLLOWLOCATION, 1),
      cs_setopt_long(handle, CURLOPT_MAXREDIRS, max(0, limits.maxRedirects)),
      cs_setopt_long(handle, CURLOPT_CONNECTTIMEOUT_MS, milliseconds(limits.connectTimeout)),
      cs_setopt_long(handle, CURLOPT_TIMEOUT_MS, milliseconds(limits.totalTimeout)),
      cs_setopt_off(handle, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(max(0, limits.maxBytes))),
      cs_setopt_long(handle, CURLOPT_NOSIGNAL, 1),
      cs_setopt_long(handle, CURLOPT_FAILONERROR, 0),
      cs_setopt_str(handle, CURLOPT_USERAGENT, userAgent),
      // Every encoding this libcurl decodes (gzip, brotli, zstd); the limit counts decoded bytes.
      cs_setopt_str(handle, CURLOPT_ACCEPT_ENCODING, ""),
      cs_setopt_ptr(handle, CURLOPT_ERRORBUFFER, errorBuffer),
      cs_setopt_ptr(handle, CURLOPT_HTTPHEADER, requestHeaders),
      cs_setopt_write(
        handle,
        { data, size, count, context in
          Unmanaged<Transfer>.fromOpaque(context!).takeUnretainedValue()
            .receiveBody(UnsafeRawBufferPointer(start: data, count: size * count))
        }, context),
      cs_setopt_header(
        handle,
        { data, size, count, context in
          Unmanaged<Transfer>.fromOpaque(context!).takeUnretainedValue()
            .receiveHeader(UnsafeRawBufferPointer(start: data, count: size * count))
        }, context),
    ]
    if let failed = results.first(where: { $0 != CURLE_OK }) {
      let reason =
        failed == CURLE_URL_MALFORMAT
        ? "not a valid URL" : "libcurl refused an option (\(String(cString: curl_easy_strerror(failed))))"
      close()
      throw StartFailure(reason: reason)
    }
  }

  private func appendHeader(_ line: String) {
    // Appending copies the line; on failure the list so far is kept (and freed in `close`).
    if let longer = curl_slist_append(requestHeaders, line) { requestHeaders = longer }
  }

  /// libcurl's write callback: takes the body of a 200 response into the temporary file, and
  /// stops the transfer (by taking fewer bytes than given) on anything else.
  private func receiveBody(_ bytes: UnsafeRawBufferPointer) -> Int {
    if stopped != nil { return 0 }
    if bodyStatus == nil {
      var status = 0
      _ = cs_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
      bodyStatus = status
    }
    guard bodyStatus == 200 else { return stop(.notOK) }
    guard bytes.count <= limits.maxBytes - received else { return stop(.tooLarge) }
    if head.count < ImageSignature.bytesNeeded {
      head += bytes.prefix(ImageSignature.bytesNeeded - head.count)
      if head.count == ImageSignature.bytesNeeded && !ImageSignature.isImage(head) {
        return stop(.notAnImage)
      }
    }
    if descriptor < 0 {
      let path = output.temporaryPath(for: entry.bodyPath)
      descriptor = PathBytes.withCString(path) { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644) }
      if descriptor < 0 { return stop(.cannotWrite(errno)) }
    }
    if let failure = Self.writeAll(descriptor, bytes) { return stop(.cannotWrite(failure)) }
    received += bytes.count
    return bytes.count
  }

  private func stop(_ reason: Stop) -> Int {
    stopped = reason
    return 0
  }

  /// libcurl's header callback: one header line of a response (each response of a redirect
  /// chain, each starting with its status line).
  private func receiveHeader(_ bytes: UnsafeRawBufferPointer) -> Int {
    let line = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    if line.hasPrefix("HTTP/") {
      // "HTTP/1.1 404 Not Found": a new response; what an earlier one said no longer counts.
      let parts = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true)
      statusPhrase = parts.count > 2 ? String(parts[2]) : nil
      validators = CacheEntry.Validators()
      contentType = nil
    } else if let colon = line.firstIndex(of: ":") {
      let name = line[..<colon].lowercased()
      let value = FailureReason.printable(
        line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces), limit: 1000)
      switch name {
      case "etag": validators.etag = value.isEmpty ? nil : value
      case "last-modified": validators.lastModified = value.isEmpty ? nil : value
      case "content-type": contentType = value
      default: break
      }
    }
    return bytes.count
  }

  /// The outcome once libcurl has ended the transfer with `code` (the handle already out of
  /// the multi handle); frees everything the transfer held.
  func finish(_ code: CURLcode) -> FetchOutcome {
    defer { close() }
    if descriptor >= 0 {
      let closedCleanly = Glibc.close(descriptor) == 0
      let failure = errno
      descriptor = -1
      if !closedCleanly && stopped == nil { stopped = .cannotWrite(failure) }
    }
    var status = 0
    _ = cs_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
    let cachedCopy = FetchOutcome.file(path: entry.bodyPath, fromCache: true)

    switch stopped {
    case .notOK?:
      return answer(status, cachedCopy: cachedCopy)
    case .tooLarge?:
      return .failed(reason: FailureReason.tooLarge(limits.maxBytes))
    case .notAnImage?:
      return .failed(reason: FailureReason.notAnImage(contentType: contentType, empty: head.isEmpty))
    case .cannotWrite(let failure)?:
      return .failed(reason: "cannot write the download cache (\(String(cString: strerror(failure))))")
    case nil:
      break
    }
    guard code == CURLE_OK else {
      if entry.cached != nil && FailureReason.isUnreachable(code) { return cachedCopy }
      var url: UnsafePointer<CChar>?
      _ = cs_getinfo_str(handle, CURLINFO_EFFECTIVE_URL, &url)
      var redirect: UnsafePointer<CChar>?
      _ = cs_getinfo_str(handle, CURLINFO_REDIRECT_URL, &redirect)
      var expected: curl_off_t = -1
      _ = cs_getinfo_off(handle, CURLINFO_CONTENT_LENGTH_DOWNLOAD_T, &expected)
      return .failed(
        reason: FailureReason.curl(
          code, detail: String(cString: errorBuffer), url: url.map { String(cString: $0) } ?? entry.url,
          redirectURL: redirect.map { String(cString: $0) }, limits: limits, received: received,
          expected: Int(expected)))
    }
    guard status == 200 else { return answer(status, cachedCopy: cachedCopy) }
    guard ImageSignature.isImage(head) else {
      return .failed(reason: FailureReason.notAnImage(contentType: contentType, empty: head.isEmpty))
    }
    return store(validators, bodyWritten: true) ?? .file(path: entry.bodyPath, fromCache: false)
  }

  /// The outcome of a response other than 200: a 304 (or a server error) keeps a cached copy,
  /// anything else fails with its status.
  private func answer(_ status: Int, cachedCopy: FetchOutcome) -> FetchOutcome {
    if let cached = entry.cached {
      if status == 304 {
        // A 304 may bring new validators; the ones it leaves out stay as they were.
        let current = CacheEntry.Validators(
          etag: validators.etag ?? cached.etag, lastModified: validators.lastModified ?? cached.lastModified)
        return store(current, bodyWritten: false) ?? cachedCopy
      }
      if (500...599).contains(status) { return cachedCopy }
    }
    return .failed(reason: FailureReason.http(status, serverPhrase: statusPhrase))
  }

  /// Writes the sidecar for `validators` and moves it (and the body, when one was written)
  /// into place; a failure to write, nil when all went well.
  private func store(_ validators: CacheEntry.Validators, bodyWritten: Bool) -> FetchOutcome? {
    let path = output.temporaryPath(for: entry.metaPath)
    let file = PathBytes.withCString(path) { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644) }
    var failure: Int32? = file < 0 ? errno : nil
    if file >= 0 {
      failure = entry.sidecar(validators).withUnsafeBytes { Self.writeAll(file, $0) }
      if Glibc.close(file) != 0 && failure == nil { failure = errno }
    }
    if let failure {
      // A 304 whose sidecar cannot be renewed keeps the old one.
      output.discard()
      if !bodyWritten { return nil }
      return .failed(reason: "cannot write the download cache (\(String(cString: strerror(failure))))")
    }
    do {
      try output.commit()
      return nil
    } catch {
      return .failed(reason: "cannot write the download cache (\(error.localizedDescription))")
    }
  }

  /// Writes all of `bytes` to `descriptor`; the `errno` of a write that failed, else nil.
  private static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32? {
    var done = 0
    while done < bytes.count {
      let wrote = write(descriptor, bytes.baseAddress! + done, bytes.count - done)
      if wrote < 0 && errno == EINTR { continue }
      guard wrote > 0 else { return wrote < 0 ? errno : EIO }
      done += wrote
    }
    return nil
  }

  /// Frees the handle, the header list and the error buffer, and removes any temporary file;
  /// safe to call more than once.
  func close() {
    guard !closed else { return }
    closed = true
    if descriptor >= 0 {
      _ = Glibc.close(descriptor)
      descriptor = -1
    }
    curl_easy_cleanup(handle)
    curl_slist_free_all(requestHeaders)
    requestHeaders = nil
    errorBuffer.deallocate()
    output.discard()
  }

  deinit { close() }
}
