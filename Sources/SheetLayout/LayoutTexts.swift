/// The texts a layout of some entries measures, grouped for measuring ahead (in parallel, say):
/// every item's caption by item, all set in one style at one width, and each other text
/// (banners, header and footer, cover) once, as a request.
///
/// Captions are kept by item rather than as distinct requests: each is usually unique (a file
/// name, a product), so putting them in a set and a table cost more (hashing every caption
/// three times) than measuring a repeated one again.
public struct LayoutTexts: Sendable {
  /// Each item's caption, in item order (empty for none).
  public var captions: ItemCaptions
  /// The style every caption is set in.
  public var captionStyle: TextStyle
  /// The width every caption wraps at, in points.
  public var captionWidth: Double
  /// Every distinct text other than the captions, with its style and width.
  public var others: [TextRequest]

  /// The captions `captions`, set in `captionStyle` at `captionWidth` points, and the texts
  /// `others`.
  public init(captions: ItemCaptions, captionStyle: TextStyle, captionWidth: Double, others: [TextRequest]) {
    self.captions = captions
    self.captionStyle = captionStyle
    self.captionWidth = captionWidth
    self.others = others
  }
}

/// The caption of each item of some entries, by item: the `n`th is the caption of the `n`th
/// ``LayoutEntry/item(_:)`` entry (banners have none). Read in place, not copied.
public struct ItemCaptions: RandomAccessCollection, Sendable {
  private let entries: [LayoutEntry]
  /// The entry index of each item, when some entries are banners; nil when all are items.
  private let positions: [Int]?

  /// The captions of the items among `entries`.
  public init(_ entries: [LayoutEntry]) {
    self.entries = entries
    let allItems = entries.allSatisfy { if case .item = $0 { true } else { false } }
    positions =
      allItems ? nil : entries.indices.filter { if case .item = entries[$0] { true } else { false } }
  }

  /// The first item's index, 0.
  public var startIndex: Int { 0 }

  /// The number of items.
  public var endIndex: Int { positions?.count ?? entries.count }

  /// The caption of item `index`.
  public subscript(index: Int) -> String {
    switch entries[positions?[index] ?? index] {
    case .item(let item): item.caption
    case .banner: ""
    }
  }
}
