import SheetLayout

/// The JSON that `contactsheet layout --json` prints: the layout, with each item's source,
/// pixel size, caption and where its card is (page and element index), in item order.
struct LayoutExport: Encodable {
  struct Item: Encodable {
    var source: String
    var width: Int
    var height: Int
    var caption: String
    /// The page (from 0) and the index of the card among that page's elements.
    var page: Int?
    var element: Int?
    /// Why the image cannot be shown, when it cannot.
    var problem: String?
    /// The XMP rating (-1 rejected, 0 unrated, 1–5) and label, when recorded.
    var rating: Int?
    var label: String?
  }

  var layout: Layout
  var items: [Item]

  init(layout: Layout, sheet: PreparedSheet) {
    self.layout = layout
    items = sheet.items.enumerated().map { index, item in
      let placed = layout.items.indices.contains(index) ? layout.items[index] : nil
      return Item(
        source: item.path, width: item.layoutSize.width, height: item.layoutSize.height,
        caption: placed?.caption ?? "", page: placed?.page, element: placed?.element,
        problem: item.failure?.reason, rating: item.tags?.rating, label: item.tags?.label)
    }
  }

  private enum CodingKeys: String, CodingKey {
    case items
  }

  func encode(to encoder: any Encoder) throws {
    try layout.encode(to: encoder)
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(items, forKey: .items)
  }
}
