/// What a photographer marks and describes a photo with in Lightroom, Bridge, Photo Mechanic,
/// darktable or a camera: a star rating and a colour label (`xmp:Rating`, `xmp:Label`), and
/// the descriptive IPTC fields a caption shows (``DescriptiveField``).
public struct XMPTags: Sendable, Hashable {
  /// `xmp:Rating`: -1 for rejected, 0 for unrated, 1–5 stars; nil when not recorded.
  public var rating: Int?
  /// `xmp:Label`, as written (`Red`, `Select`, …); nil when not recorded or empty.
  public var label: String?
  /// The descriptive fields recorded, each trimmed and not empty; lists (keywords, creators)
  /// joined by `, `.
  public var descriptive: [DescriptiveField: String]

  /// Tags with the given values.
  public init(rating: Int? = nil, label: String? = nil, descriptive: [DescriptiveField: String] = [:]) {
    self.rating = rating
    self.label = label
    self.descriptive = descriptive
  }

  /// Whether the photo is marked rejected (rating -1).
  public var isRejected: Bool { rating == -1 }

  /// Whether nothing is recorded.
  public var isEmpty: Bool { rating == nil && label == nil && descriptive.isEmpty }

  /// Whether every field is recorded, so no other source can add anything.
  public var isComplete: Bool {
    rating != nil && label != nil && descriptive.count == DescriptiveField.allCases.count
  }

  /// These tags, with each field they lack taken from `other`.
  public func filling(from other: XMPTags) -> XMPTags {
    XMPTags(
      rating: rating ?? other.rating, label: label ?? other.label,
      descriptive: descriptive.merging(other.descriptive) { mine, _ in mine })
  }

  /// The rating as `xmp:Rating` writes it (`3`, `-1`, `4.0`), or nil when it is not a number
  /// from -1 to 5. Fractions are rounded, as Lightroom reads them.
  static func rating(parsing text: String) -> Int? {
    // Checked before converting: `1e19` or `9223372036854775807` would trap in `Int(_:)`.
    guard let value = Double(text.trimmingCharacters(in: .whitespaces)), value.isFinite else { return nil }
    let rounded = value.rounded()
    return (-1...5).contains(rounded) ? Int(rounded) : nil
  }
}

/// The descriptive fields of the IPTC Photo Metadata Standard that captions show, as XMP
/// (Dublin Core, Photoshop and IPTC Core schemas) and IPTC-IIM (a JPEG's APP13) record them.
/// Each case's raw value is its caption field's name (`{creator}`).
public enum DescriptiveField: String, CaseIterable, Sendable, Hashable {
  /// `dc:title` (IIM 2:05 Object Name): a short title.
  case title
  /// `dc:description` (IIM 2:120 Caption/Abstract): the caption proper.
  case description
  /// `dc:subject` (IIM 2:25), joined by `, `.
  case keywords
  /// `dc:creator` (IIM 2:80 By-line), joined by `, `.
  case creator
  /// `dc:rights` (IIM 2:116 Copyright Notice).
  case copyright
  /// `photoshop:City` (IIM 2:90).
  case city
  /// `photoshop:Country` (IIM 2:101).
  case country
  /// `photoshop:Headline` (IIM 2:105).
  case headline
}
