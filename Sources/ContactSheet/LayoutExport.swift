import Foundation
import SheetLayout
import SheetSupport

/// The JSON that `contactsheet layout --json` prints: the layout (every key `Layout` decodes
/// from), with each item's source, pixel size, caption and where its card is (page and element
/// index), in item order. Written by a streaming writer: the output of a 100,000-item catalog is
/// about 100 MB, which `JSONEncoder` would build in memory as a tree and then as text.
package struct LayoutExport {
  package var layout: Layout
  /// The items, in order: each one's source, pixel size, problem and XMP tags come from here.
  package var items: [ExportedItem]

  /// The export of `layout`, whose items are `items`.
  package init(layout: Layout, items: [ExportedItem]) {
    self.layout = layout
    self.items = items
  }

  /// The export of `layout`, made from `sheet`'s items.
  package init(layout: Layout, sheet: PreparedSheet) {
    self.init(layout: layout, items: sheet.items.map(ExportedItem.init))
  }

  /// Writes the JSON to `output`, keys sorted as `JSONEncoder`'s `.sortedKeys` would.
  package func write(to output: FileHandle) throws {
    var json = JSONStreamWriter(output: output)
    let small = JSONEncoder()
    small.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    json.beginObject()
    if let slots = layout.captionSlots {
      json.key("captionSlots")
      json.raw(try small.encode(slots))
    }
    json.key("fonts")
    json.raw(try small.encode(layout.fonts))
    json.key("items")
    json.beginArray()
    // Read in place through buffer pointers: no item or element is copied (and retained).
    layout.items.withUnsafeBufferPointer { placed in
      items.withUnsafeBufferPointer { items in
        for index in items.indices {
          Self.write(
            item: items[index], placed: index < placed.count ? placed.baseAddress! + index : nil, to: &json)
        }
      }
    }
    json.endArray()
    json.key("metrics")
    json.raw(try small.encode(layout.metrics))
    json.key("pages")
    json.beginArray()
    for pageIndex in layout.pages.indices {
      json.beginObject()
      json.key("elements")
      json.beginArray()
      layout.pages[pageIndex].elements.withUnsafeBufferPointer { elements in
        for index in elements.indices { Self.write(elements[index], to: &json) }
      }
      json.endArray()
      json.member("height", layout.pages[pageIndex].height)
      json.member("width", layout.pages[pageIndex].width)
      json.endObject()
    }
    json.endArray()
    json.key("textStyles")
    json.raw(try small.encode(layout.textStyles))
    json.member("unit", layout.unit)
    json.endObject()
    try json.finish()
  }

  /// An item: its source, pixel size, problem and tags, with its caption and where its card is
  /// (page and element index) when the layout placed it.
  private static func write(
    item: borrowing ExportedItem, placed: UnsafePointer<PlacedItem>?, to json: inout JSONStreamWriter
  ) {
    json.beginObject()
    json.key("caption")
    if let placed { json.value(placed.pointee.caption) } else { json.value("") }
    json.member("element", placed?.pointee.element)
    json.member("height", item.height)
    json.member("label", item.label)
    json.member("page", placed?.pointee.page)
    json.member("problem", item.problem)
    json.member("rating", item.rating)
    json.member("source", item.path)
    json.member("width", item.width)
    json.endObject()
  }

  private static func write(_ element: borrowing LayoutElement, to json: inout JSONStreamWriter) {
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

  private static func rect(_ name: StaticString, _ rect: Rect?, to json: inout JSONStreamWriter) {
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
package struct ExportedItem: Sendable {
  /// The image file.
  package let path: String
  /// The upright pixel size the layout used.
  package let width: Int
  package let height: Int
  /// What few items have, boxed: nil when the item has none of it.
  private let rare: Box<Rare>?

  private struct Rare: Sendable {
    var problem: String?
    var rating: Int?
    var label: String?
  }

  /// What `item` shows in the export.
  package init(_ item: CatalogItem) {
    path = item.path
    (width, height) = item.layoutSize
    let rare = Rare(problem: item.failure?.reason, rating: item.tags?.rating, label: item.tags?.label)
    self.rare = rare.problem == nil && rare.rating == nil && rare.label == nil ? nil : Box(rare)
  }

  /// Why the image cannot be shown, if it cannot.
  package var problem: String? { rare?.value.problem }
  /// The XMP rating, when the photo has one.
  package var rating: Int? { rare?.value.rating }
  /// The XMP colour label, when the photo has one.
  package var label: String? { rare?.value.label }
}
