import CCurl
import Foundation
import SheetSupport

/// The words a failed download is reported with: short, lowercase (but for names such as
/// HTTP and TLS), naming the cause.
enum FailureReason {
  /// A URL, or a redirect, with another scheme.
  static let notHTTP = "only http and https URLs are fetched"

  /// "HTTP 404 Not Found": the status and its standard reason phrase, else the phrase the server
  /// gave (`serverPhrase`, made printable), else the status alone.
  static func http(_ status: Int, serverPhrase: String?) -> String {
    let phrase = phrases[status] ?? serverPhrase.map { printable($0, limit: 60) } ?? ""
    return phrase.isEmpty ? "HTTP \(status)" : "HTTP \(status) \(phrase)"
  }

  /// A body that does not start like an image: what the server called it (its
  /// `Content-Type`, when that is not an image type), or else what it is not.
  static func notAnImage(contentType: String?, empty: Bool) -> String {
    if empty { return "not an image (the server sent nothing)" }
    if let type = contentType.map({ mediaType($0) }), !type.isEmpty, !type.hasPrefix("image/") {
      return "not an image (the server sent \(type))"
    }
    return "not an image (not JPEG, PNG, GIF, WebP, TIFF, HEIF or AVIF data)"
  }

  /// A body larger than the limit.
  static func tooLarge(_ limit: Int) -> String {
    "more than \(ByteCount.text(limit))"
  }

  /// Seconds in words: "60 s", "1.5 s".
  static func seconds(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e9 ? "\(Int(value)) s" : String(format: "%g s", value)
  }

  /// What went wrong when libcurl ended a transfer with `code`.
  ///
  /// - Parameters:
  ///   - code: libcurl's result for the transfer.
  ///   - detail: libcurl's own message for it (CURLOPT_ERRORBUFFER), possibly empty.
  ///   - url: The URL the transfer was at when it failed (after any redirects).
  ///   - redirectURL: Where a last redirect that was not followed pointed, if anywhere.
  ///   - limits: The limits the transfer ran under.
  ///   - received: The body bytes received.
  ///   - expected: The body's announced length, or -1.
  /// - Returns: The reason, in words.
  static func curl(
    _ code: CURLcode, detail: String, url: String, redirectURL: String?, limits: FetchLimits,
    received: Int, expected: Int
  ) -> String {
    let detail = printable(detail.trimmingCharacters(in: .whitespacesAndNewlines), limit: 200)
    switch code {
    case CURLE_URL_MALFORMAT:
      return "not a valid URL"
    case CURLE_UNSUPPORTED_PROTOCOL:
      if let scheme = redirectURL.flatMap(Self.scheme) ?? Self.scheme(url),
        scheme != "http" && scheme != "https"
      {
        return "redirected to an \(scheme) URL; \(notHTTP)"
      }
      return notHTTP
    case CURLE_COULDNT_RESOLVE_HOST:
      return "could not find the server \(host(url) ?? "named")"
    case CURLE_COULDNT_CONNECT:
      return "could not connect to \(hostAndPort(url) ?? "the server")"
    case CURLE_OPERATION_TIMEDOUT:
      if detail.hasPrefix("Connection timed out") || detail.hasPrefix("Resolving timed out") {
        let waited = seconds(min(limits.connectTimeout, limits.totalTimeout))
        return "could not connect to \(hostAndPort(url) ?? "the server") (timed out after \(waited))"
      }
      return "timed out after \(seconds(limits.totalTimeout))"
    case CURLE_TOO_MANY_REDIRECTS:
      return "too many redirects (more than \(limits.maxRedirects))"
    case CURLE_FILESIZE_EXCEEDED:
      return tooLarge(limits.maxBytes)
    case CURLE_PARTIAL_FILE:
      let of = expected > 0 ? " of \(ByteCount.text(expected))" : ""
      return "the server closed the connection after \(ByteCount.text(received))\(of)"
    case CURLE_GOT_NOTHING:
      return "the server closed the connection without answering"
    case CURLE_WEIRD_SERVER_REPLY:
      return "the server's answer is not HTTP"
    case CURLE_BAD_CONTENT_ENCODING:
      return "the server's compressed data is corrupt"
    case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
      CURLE_SSL_CACERT_BADFILE, CURLE_SSL_SHUTDOWN_FAILED, CURLE_SSL_CRL_BADFILE, CURLE_SSL_ISSUER_ERROR,
      CURLE_SSL_PINNEDPUBKEYNOTMATCH, CURLE_SSL_INVALIDCERTSTATUS, CURLE_SSL_CLIENTCERT, CURLE_USE_SSL_FAILED,
      CURLE_SSL_ENGINE_NOTFOUND, CURLE_SSL_ENGINE_SETFAILED, CURLE_SSL_ENGINE_INITFAILED:
      return "TLS error: \(detail.isEmpty ? String(cString: curl_easy_strerror(code)) : tlsDetail(detail))"
    case CURLE_SEND_ERROR, CURLE_RECV_ERROR:
      return "the connection failed (\(lowercasedStart(detail.isEmpty ? "no reason given" : detail)))"
    default:
      return lowercasedStart(detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail)
    }
  }

  /// Whether a transfer that failed with `code` means the server could not be reached or its
  /// answer did not arrive whole (a cached copy then stands in), rather than an answer.
  static func isUnreachable(_ code: CURLcode) -> Bool {
    switch code {
    case CURLE_URL_MALFORMAT, CURLE_UNSUPPORTED_PROTOCOL, CURLE_TOO_MANY_REDIRECTS, CURLE_FILESIZE_EXCEEDED,
      CURLE_WRITE_ERROR, CURLE_OUT_OF_MEMORY, CURLE_ABORTED_BY_CALLBACK, CURLE_BAD_CONTENT_ENCODING:
      return false
    default:
      return true
    }
  }

  /// A `Content-Type` value's media type, lowercase, without parameters.
  static func mediaType(_ value: String) -> String {
    let type = value.split(separator: ";", maxSplits: 1).first.map(String.init) ?? ""
    return printable(type.trimmingCharacters(in: .whitespaces).lowercased(), limit: 60)
  }

  /// `text` with anything but printable ASCII dropped, cut to `limit` characters: server text
  /// goes into messages.
  static func printable(_ text: String, limit: Int) -> String {
    let kept = String(text.unicodeScalars.filter { $0.value >= 0x20 && $0.value < 0x7F })
    return String(kept.prefix(limit))
  }

  /// OpenSSL's message without its library version and error code: "OpenSSL/3.0.19:
  /// error:0A00010B:SSL routines::wrong version number" is "wrong version number".
  private static func tlsDetail(_ detail: String) -> String {
    var text = Substring(detail)
    if text.hasPrefix("OpenSSL/"), let colon = text.firstIndex(of: ":") {
      text = text[text.index(after: colon)...].drop { $0 == " " }
    }
    if text.hasPrefix("error:"), let last = text.lastIndex(of: ":"), text.index(after: last) < text.endIndex {
      text = text[text.index(after: last)...]
    }
    return text.isEmpty ? detail : String(text)
  }

  private static func lowercasedStart(_ text: String) -> String {
    guard let first = text.first, first.isUppercase, text.dropFirst().first?.isUppercase != true else {
      return text
    }
    return first.lowercased() + text.dropFirst()
  }

  /// A URL's scheme, lowercase; nil when it has none.
  private static func scheme(_ url: String) -> String? {
    guard let colon = url.firstIndex(of: ":") else { return nil }
    let scheme = url[..<colon].lowercased()
    guard !scheme.isEmpty, scheme.count <= 20,
      scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
    else { return nil }
    return scheme
  }

  /// A URL's host, as libcurl parses it.
  private static func host(_ url: String) -> String? {
    part(url, CURLUPART_HOST, flags: 0)
  }

  /// "host:port" of a URL (the scheme's default port when none is written).
  private static func hostAndPort(_ url: String) -> String? {
    guard let host = host(url) else { return nil }
    guard let port = part(url, CURLUPART_PORT, flags: UInt32(CURLU_DEFAULT_PORT)) else { return host }
    return "\(host):\(port)"
  }

  private static func part(_ url: String, _ which: CURLUPart, flags: UInt32) -> String? {
    guard let handle = curl_url() else { return nil }
    defer { curl_url_cleanup(handle) }
    guard curl_url_set(handle, CURLUPART_URL, url, 0) == CURLUE_OK else { return nil }
    var value: UnsafeMutablePointer<CChar>?
    guard curl_url_get(handle, which, &value, flags) == CURLUE_OK, let value else { return nil }
    defer { curl_free(value) }
    return printable(String(cString: value), limit: 200)
  }

  /// The standard reason phrases of the statuses a download may end with.
  private static let phrases: [Int: String] = [
    201: "Created", 202: "Accepted", 203: "Non-Authoritative Information", 204: "No Content",
    205: "Reset Content", 206: "Partial Content", 300: "Multiple Choices", 301: "Moved Permanently",
    302: "Found", 303: "See Other", 304: "Not Modified", 305: "Use Proxy", 307: "Temporary Redirect",
    308: "Permanent Redirect", 400: "Bad Request", 401: "Unauthorized", 402: "Payment Required",
    403: "Forbidden", 404: "Not Found", 405: "Method Not Allowed", 406: "Not Acceptable",
    407: "Proxy Authentication Required", 408: "Request Timeout", 409: "Conflict", 410: "Gone",
    411: "Length Required", 412: "Precondition Failed", 413: "Content Too Large", 414: "URI Too Long",
    415: "Unsupported Media Type", 416: "Range Not Satisfiable", 417: "Expectation Failed",
    418: "I'm a teapot", 421: "Misdirected Request", 422: "Unprocessable Content", 425: "Too Early",
    426: "Upgrade Required", 428: "Precondition Required", 429: "Too Many Requests",
    431: "Request Header Fields Too Large", 451: "Unavailable For Legal Reasons",
    500: "Internal Server Error", 501: "Not Implemented", 502: "Bad Gateway", 503: "Service Unavailable",
    504: "Gateway Timeout", 505: "HTTP Version Not Supported", 507: "Insufficient Storage",
    508: "Loop Detected", 511: "Network Authentication Required",
  ]
}
