import Foundation

/// Metadata written into a PDF.
public struct DocumentInfo: Sendable, Hashable {
  public var title: String?
  public var author: String?
  public var subject: String?
  public var keywords: String?
  public var creator: String
  /// The creation date: from `SOURCE_DATE_EPOCH` when set, else a fixed date, so two runs
  /// give the same bytes.
  public var creationDate: Date

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
