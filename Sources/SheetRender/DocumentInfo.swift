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
  /// The creation date: from `SOURCE_DATE_EPOCH` when set, else a fixed date, so two runs
  /// give the same bytes.
  public var creationDate: Date

  /// Metadata with the given fields; by default no title, author, subject or keywords, creator
  /// `ContactSheet`, and the date from ``reproducibleDate(environment:)``.
  public init(
    title: String? = nil, author: String? = nil, subject: String? = nil, keywords: String? = nil,
    creator: String = "ContactSheet", creationDate: Date = DocumentInfo.reproducibleDate()
  ) {
    self.title = title
    self.author = author
    self.subject = subject
    self.keywords = keywords
    self.creator = creator
    self.creationDate = creationDate
  }

  /// `SOURCE_DATE_EPOCH` if set and valid, else 2000-01-01T00:00:00Z.
  public static func reproducibleDate(environment: [String: String] = ProcessInfo.processInfo.environment)
    -> Date
  {
    if let text = environment["SOURCE_DATE_EPOCH"], let seconds = TimeInterval(text) {
      return Date(timeIntervalSince1970: seconds)
    }
    return Date(timeIntervalSince1970: 946_684_800)
  }
}
