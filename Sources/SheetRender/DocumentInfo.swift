import Foundation

/// Metadata written into a PDF.
public struct DocumentInfo: Sendable, Hashable {
  /// The PDF's title, also used for `{title}` in headers and footers; nil for none.
  public var title: String?
  /// The PDF's author; nil for none.
  public var author: String?
  /// The PDF's subject; nil for none.
  public var subject: String?
  /// The PDF's keywords, as one string; nil for none.
  public var keywords: String?
  /// The program named as the PDF's creator. Default `ContactSheet`.
  public var creator: String
  /// The creation date, also `{date}` in headers and footers: from `SOURCE_DATE_EPOCH` when
  /// set (reproducible builds' convention: two runs then give the same bytes), else now.
  public var creationDate: Date

  /// Metadata with the given fields; by default no title, author, subject or keywords, creator
  /// `ContactSheet`, and the date from ``runDate(environment:)``.
  public init(
    title: String? = nil, author: String? = nil, subject: String? = nil, keywords: String? = nil,
    creator: String = "ContactSheet", creationDate: Date = DocumentInfo.runDate()
  ) {
    self.title = title
    self.author = author
    self.subject = subject
    self.keywords = keywords
    self.creator = creator
    self.creationDate = creationDate
  }

  /// `SOURCE_DATE_EPOCH` (whole seconds since 1970) if set and valid, else the current time.
  public static func runDate(environment: [String: String] = ProcessInfo.processInfo.environment) -> Date {
    if let text = environment["SOURCE_DATE_EPOCH"], let seconds = Int64(text) {
      return Date(timeIntervalSince1970: TimeInterval(seconds))
    }
    return Date()
  }
}
