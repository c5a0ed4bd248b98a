import Foundation
import SheetLayout

/// The JSON that `contactsheet layout --json` prints: the layout (every key `Layout` decodes
/// from), with each item's source, pixel size, caption and where its card is (page and element
/// index), in item order. Written by a streaming writer: the output of a 100,000-item catalog is
/// about 100 MB, which `JSONEncoder` would build in memory as a tree and then as text.
struct LayoutExport {
  struct Item {
    var source: String
    var width: Int
    var height: Int
    var caption: String
    /// The page (from 0) and the index of the card among that page's elements.
    var page: Int?
    var element: Int?
    /// Why the image cannot be shown, when it cannot.
    var problem: String?
    /// The XMP rating (-1 rejected, 0 unrated, 1–5), when recorded.
    var rating: Int?
    /// The XMP colour label, when recorded.
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
    for item in items { write(item, to: &json) }
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

  private func write(_ item: Item, to json: inout JSONStreamWriter) {
    json.beginObject()
    json.member("caption", item.caption)
    json.member("element", item.element)
    json.member("height", item.height)
    json.member("label", item.label)
    json.member("page", item.page)
    json.member("problem", item.problem)
    json.member("rating", item.rating)
    json.member("source", item.source)
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

  private func rect(_ name: String, _ rect: Rect?, to json: inout JSONStreamWriter) {
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
