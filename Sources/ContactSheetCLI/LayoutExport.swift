import SheetLayout

/// The JSON that `contactsheet layout --json` prints: the layout, plus each item's source,
/// pixel size and caption, in the layout's item order.
struct LayoutExport: Encodable {
  struct Item: Encodable {
    var source: String
    var width: Int
    var height: Int
    var caption: String
    /// Why the image cannot be shown, when it cannot.
    var problem: String?
  }

  var layout: Layout
  var items: [Item]

  init(layout: Layout, sheet: PreparedSheet) {
    self.layout = layout
    items = zip(sheet.items, sheet.renderItems).map { item, rendered in
      Item(
        source: item.path, width: item.layoutSize.width, height: item.layoutSize.height,
        caption: rendered.caption,
        problem: item.failure?.reason)
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
