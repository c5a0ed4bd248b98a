import Foundation
import SheetLayout
import SheetSupport
import SheetText

/// Builds every item's caption from its template: fields filled in, cut when too long, numbers
/// bound to their units, and escaped when the result is not valid markup. Each caption depends
/// on its own item alone, so they are built on every core at once, and returned in item order.
package struct CaptionBuilder {
  /// One item's caption, and what building it found.
  package struct Caption: Sendable {
    package var text: String
    /// The value of the index field (`--index`), when asked for and filled.
    package var indexTerm: String?
    /// Whether the caption was longer than ``SheetPreparer/maxCaptionBytes`` and cut.
    package var wasCut = false
    /// Whether the template made text that is not valid markup, so it was escaped.
    package var wasInvalid = false
    /// The font size, in points, markup asked for when it was more than ``largestFontSize``,
    /// so the caption was escaped into plain text.
    package var tooLargeFont: Double?
  }

  /// The largest font size caption markup may ask for, in points (a letter 35 cm tall; a
  /// size of about two million points makes FreeType fail the whole drawing). Markup that only
  /// scales the caption's font (`<big>`, `size="larger"`) is taken as scaling 10 points.
  package static let largestFontSize = 1000.0

  /// The caption field whose value is each item's index term (`--index`), if any.
  package var indexField: String?
  /// Each item's index term as a template (`--index '{sku} – {name}'`), its text made plain;
  /// wins over ``indexField``.
  package var indexTemplate: CaptionTemplate?
  /// File sizes and times by path, for the fields that show them.
  package var attributes: [String: FileAttributes]
  /// What follows a `{date}` taken from the file's time; nil leaves it empty.
  package var fileDateMarker: String?
  /// Whether the document's language is written right to left: the direction of a caption
  /// line with no letters (a price), in captions that hold right-to-left text.
  package var rightToLeftDocument = false
  /// Whether the template lines of each caption are kept apart (``CaptionSlots``), for the row
  /// modes.
  package var slotted = false

  /// The captions of `items`, whose templates are `templates` (one each, in the same order).
  package func captions(_ items: [CatalogItem], templates: [CaptionTemplate]) -> [Caption] {
    precondition(items.count == templates.count)
    guard !items.isEmpty else { return [] }
    // Each thread builds its captions straight into the array returned, each index once: no
    // slot or copy per caption on the way.
    return [Caption](unsafeUninitializedCapacity: items.count) { buffer, count in
      let slots = Slots(base: buffer.baseAddress!)
      // Chunks of items, so threads take work in few steps.
      let chunk = 1024
      DispatchQueue.concurrentPerform(iterations: (items.count + chunk - 1) / chunk) { part in
        for index in part * chunk..<min(items.count, (part + 1) * chunk) {
          (slots.base + index).initialize(
            to: caption(items[index], number: index + 1, template: templates[index]))
        }
      }
      count = items.count
    }
  }

  /// Where the threads put the captions: each index is written once, by one thread.
  private struct Slots: @unchecked Sendable {
    let base: UnsafeMutablePointer<Caption>
  }

  /// The caption of `item`, the `number`th item (from 1).
  private func caption(_ item: CatalogItem, number: Int, template: CaptionTemplate) -> Caption {
    let fields = CaptionFields(
      item: item, index: number, fileAttributes: attributes.isEmpty ? nil : attributes[item.path],
      fileDateMarker: fileDateMarker)
    var text = template.renderValues({ fields.fieldValue($0, format: $1) }, slotted: slotted)
    // Right-to-left text among the values: each value isolated, each line its own direction.
    if CaptionDirection.hasRightToLeft(text) {
      let isolated = template.renderValues(
        { name, format in
          fields.fieldValue(name, format: format).map { $0.text.isEmpty ? $0 : CaptionDirection.isolated($0) }
        }, slotted: slotted)
      text = CaptionDirection.markingLines(isolated, rightToLeftDocument: rightToLeftDocument)
    }
    var wasCut = false
    if text.utf8.count > SheetPreparer.maxCaptionBytes {
      // Cut as plain text, so the cut never splits a tag or an entity; then escaped again.
      // Only the first 4,160 bytes are made plain: `shortened` keeps fewer, in whole characters.
      text = Markup.escape(
        SheetPreparer.shortened(Markup.plainText(text, limit: SheetPreparer.maxCaptionBytes + 64)))
      wasCut = true
    }
    // A number never parts from its currency or unit where the caption wraps.
    text = NoBreakSpaces.bind(text)
    // Decided once per caption: text that is not valid markup, or that asks for a font too
    // large to make, is escaped into markup.
    let largest = Self.needsParsing(text) ? TextEngine.largestFontSize(inMarkup: text, baseSize: 10) : 0
    let tooLargeFont = largest.flatMap { $0 > Self.largestFontSize ? $0 : nil }
    if largest == nil || tooLargeFont != nil { text = Markup.escape(text) }
    // Markup that spans template lines (`<big>{title}\n{price}</big>`) is drawn whole.
    if slotted && Self.needsParsing(text) && CaptionSlots.isSlotted(text)
      && !CaptionSlots.parts(text).allSatisfy({ Self.isValidMarkup(String($0)) })
    {
      text = CaptionTemplate.unslotted(text)
    }
    return Caption(
      text: text, indexTerm: indexTerm(fields), wasCut: wasCut,
      wasInvalid: largest == nil, tooLargeFont: tooLargeFont)
  }

  /// The index term of the item whose fields are `fields`: ``indexTemplate`` filled in, as
  /// plain text, or ``indexField``'s value; nil when empty.
  private func indexTerm(_ fields: CaptionFields) -> String? {
    guard let indexTemplate else { return indexField.flatMap { fields.value($0, format: nil) } }
    let term = Markup.plainText(indexTemplate.render { fields.value($0, format: $1) })
      .trimmingCharacters(in: .whitespaces)
    return term.isEmpty ? nil : term
  }

  /// Whether `text` holds `<`, `>` or `&`: without them Pango finds no tag or entity in it.
  private static func needsParsing(_ text: String) -> Bool {
    text.containsByte(UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"))
  }

  /// Whether `text` is valid Pango markup. Text without `<`, `>` or `&` is: Pango finds no tag
  /// or entity in it, so it is not handed to Pango's parser.
  package static func isValidMarkup(_ text: String) -> Bool {
    !needsParsing(text) || TextEngine.isValidMarkup(text)
  }
}
