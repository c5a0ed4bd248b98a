import Foundation
import SheetLayout
import SheetSupport

/// The JSON that `contactsheet layout --json` prints: the layout (every key `Layout` decodes
/// from), with each item's source, pixel size, caption and where its card is (page and element
/// index), in item order. Written by a streaming writer: the output of a 100,000-item catalog is
/// about 100 MB, which `JSONEncoder` would build in memory as a tree and then as text.
struct LayoutExport {
  var layout: Layout
  /// The items, in order: each one's source, pixel size, problem and XMP tags come from here.
  var items: [ExportedItem]

  /// The export of `layout`, whose items are `items`.
  init(layout: Layout, items: [ExportedItem]) {
    self.layout = layout
    self.items = items
  }

  /// The export of `layout`, made from `sheet`'s items.
  init(layout: Layout, sheet: PreparedSheet) {
    self.init(layout: layout, items: sheet.items.map(ExportedItem.init))
  }

  /// Writes the JSON to `output`, keys sorted as `JSONEncoder`'s `.sortedKeys` would.
  func write(to output: FileHandle) throws {
    var json = JSONStreamWriter(output: output)
    let small = JSONEncoder()
    small.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    json.beginObject()
    json.key("fonts")
    json.raw(try small.encode(layout.fonts))
    json.key("items")
    json.beginArray()
    for index in items.indices { write(item: index, to: &json) }
    json.endArray()
    json.key("metrics")
    json.raw(try small.encode(layout.metrics))
    json.key("pages")
    json.beginArray()
    for page in layout.pages {
      json.beginObject()
      json.key("elements")
      json.beginArray()
      for element in page.elements { write(element, to: &json) }
      json.endArray()
      json.member("height", page.height)
      json.member("width", page.width)
      json.endObject()
    }
    json.endArray()
    json.key("textStyles")
    json.raw(try small.encode(layout.textStyles))
    json.member("unit", layout.unit)
    json.endObject()
    json.finish()
  }

  /// Item `index`: its source, pixel size, problem and tags, with its caption and where its
  /// card is (page and element index) when the layout placed it.
  private func write(item index: Int, to json: inout JSONStreamWriter) {
    let placed = index < layout.items.count ? layout.items[index] : nil
    let item = items[index]
    json.beginObject()
    json.member("caption", placed?.caption ?? "")
    json.member("element", placed?.element)
    json.member("height", item.height)
    json.member("label", item.label)
    json.member("page", placed?.page)
    json.member("problem", item.problem)
    json.member("rating", item.rating)
    json.member("source", item.path)
    json.member("width", item.width)
    json.endObject()
  }

  private func write(_ element: LayoutElement, to json: inout JSONStreamWriter) {
    json.beginObject()
    rect("caption", element.caption, to: &json)
    json.member("column", element.column)
    rect("frame", element.frame, to: &json)
    rect("image", element.image, to: &json)
    rect("imageArea", element.imageArea, to: &json)
    json.member("item", element.item)
    json.member("kind", element.kind.rawValue)
    rect("qrCode", element.qrCode, to: &json)
    json.member("scaledToFit", element.scaledToFit)
    json.member("section", element.section)
    json.member("subtitle", element.subtitle)
    rect("subtitleFrame", element.subtitleFrame, to: &json)
    if let target = element.target {
      json.key("target")
      json.beginObject()
      json.member("page", target.page)
      json.member("x", target.x)
      json.member("y", target.y)
      json.endObject()
    }
    json.member("text", element.text)
    json.endObject()
  }

  private func rect(_ name: StaticString, _ rect: Rect?, to json: inout JSONStreamWriter) {
    guard let rect else { return }
    json.key(name)
    json.beginObject()
    json.member("height", rect.height)
    json.member("width", rect.width)
    json.member("x", rect.x)
    json.member("y", rect.y)
    json.endObject()
  }
}

/// What the export prints of an item besides its card (its source, pixel size, problem, rating
/// and label), kept in 40 bytes instead of the whole item's 128: a run lets go of its items once
/// they are laid out, and holds these while it writes.
struct ExportedItem: Sendable {
  /// The image file.
  let path: String
  /// The upright pixel size the layout used.
  let width: Int
  let height: Int
  /// What few items have, boxed: nil when the item has none of it.
  private let rare: Box<Rare>?

  private struct Rare: Sendable {
    var problem: String?
    var rating: Int?
    var label: String?
  }

  /// What `item` shows in the export.
  init(_ item: CatalogItem) {
    path = item.path
    (width, height) = item.layoutSize
    let rare = Rare(problem: item.failure?.reason, rating: item.tags?.rating, label: item.tags?.label)
    self.rare = rare.problem == nil && rare.rating == nil && rare.label == nil ? nil : Box(rare)
  }

  /// Why the image cannot be shown, if it cannot.
  var problem: String? { rare?.value.problem }
  /// The XMP rating, when the photo has one.
  var rating: Int? { rare?.value.rating }
  /// The XMP colour label, when the photo has one.
  var label: String? { rare?.value.label }
}
