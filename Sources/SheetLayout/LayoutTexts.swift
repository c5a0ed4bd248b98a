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
///
/// When `slotted` (the row modes), a caption with template lines (``CaptionSlots``) counts as
/// one element per part, in order, so each part is measured apart.
public struct ItemCaptions: RandomAccessCollection, Sendable {
  private let entries: [LayoutEntry]
  /// The entry index of each item, when some entries are banners; nil when all are items.
  private let positions: [Int]?
  /// When some captions have parts: for each element, its item and part.
  private let parts: [(item: Int32, part: Int32)]?

  /// The captions of the items among `entries`, each part apart when `slotted`.
  public init(_ entries: [LayoutEntry], slotted: Bool = false) {
    self.entries = entries
    let allItems = entries.allSatisfy { if case .item = $0 { true } else { false } }
    let positions =
      allItems ? nil : entries.indices.filter { if case .item = entries[$0] { true } else { false } }
    self.positions = positions
    guard slotted else {
      parts = nil
      return
    }
    let count = positions?.count ?? entries.count
    var parts: [(item: Int32, part: Int32)] = []
    var anySlotted = false
    for item in 0..<count {
      guard case .item(let value) = entries[positions?[item] ?? item] else { continue }
      let partCount = CaptionSlots.partCount(value.caption)
      anySlotted = anySlotted || partCount > 1
      for part in 0..<partCount { parts.append((Int32(item), Int32(part))) }
    }
    self.parts = anySlotted ? parts : nil
  }

  /// The first item's index, 0.
  public var startIndex: Int { 0 }

  /// The number of items (or of caption parts, when some captions have several).
  public var endIndex: Int { parts?.count ?? positions?.count ?? entries.count }

  /// The caption of item `index` (or the `index`th caption part).
  public subscript(index: Int) -> String {
    guard let parts else { return caption(index) }
    let (item, part) = parts[index]
    let caption = caption(Int(item))
    guard CaptionSlots.isSlotted(caption) else { return caption }
    return String(CaptionSlots.parts(caption)[Int(part)])
  }

  private func caption(_ item: Int) -> String {
    switch entries[positions?[item] ?? item] {
    case .item(let item): item.caption
    case .banner: ""
    }
  }
}
