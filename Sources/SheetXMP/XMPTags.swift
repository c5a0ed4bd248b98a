/// What a photographer marks a photo with in Lightroom, Bridge, darktable or a camera: a star
/// rating and a colour label, as XMP stores them (`xmp:Rating`, `xmp:Label`).
public struct XMPTags: Sendable, Hashable {
  /// `xmp:Rating`: -1 for rejected, 0 for unrated, 1–5 stars; nil when not recorded.
  public var rating: Int?
  /// `xmp:Label`, as written (`Red`, `Select`, …); nil when not recorded or empty.
  public var label: String?

  /// Tags with the given values.
  public init(rating: Int? = nil, label: String? = nil) {
    self.rating = rating
    self.label = label
  }

  /// Whether the photo is marked rejected (rating -1).
  public var isRejected: Bool { rating == -1 }

  /// Whether both fields are recorded, so no other source can add anything.
  public var isComplete: Bool { rating != nil && label != nil }

  /// These tags, with each field they lack taken from `other`.
  public func filling(from other: XMPTags) -> XMPTags {
    XMPTags(rating: rating ?? other.rating, label: label ?? other.label)
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
