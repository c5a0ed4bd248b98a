import SheetLayout
import SheetRender

/// A type a style key's value is read as: a style gives every value as text, as it would be
/// typed after the option.
package protocol StyleValueType {
  /// The value `text` stands for, or nil when it stands for none.
  init?(styleText text: String)
  /// The values there are to choose from, for messages; empty when any value of the type goes.
  static var styleChoices: [String] { get }
  /// The value as a style writes it (what ``init(styleText:)`` reads back).
  var styleText: String { get }
}

extension StyleValueType where Self: RawRepresentable & CaseIterable, RawValue == String {
  package init?(styleText text: String) { self.init(rawValue: text) }
  package static var styleChoices: [String] { allCases.map(\.rawValue) }
  package var styleText: String { rawValue }
}

extension String: StyleValueType {
  package var styleText: String { self }
  package init?(styleText text: String) { self = text }
  package static var styleChoices: [String] { [] }
}

extension Int: StyleValueType {
  package var styleText: String { description }
  package init?(styleText text: String) { self.init(text) }
  package static var styleChoices: [String] { [] }
}

extension Double: StyleValueType {
  package var styleText: String { description }
  package init?(styleText text: String) { self.init(text) }
  package static var styleChoices: [String] { [] }
}

extension LayoutMode: StyleValueType {}
extension Placement: StyleValueType {}
extension SectionStart: StyleValueType {}
extension QRCodePosition: StyleValueType {}
extension Direction: StyleValueType {}
extension ImageFit: StyleValueType {}
extension ImageAlignment: StyleValueType {}
extension Logo.Slot: StyleValueType {}
extension LastRowStyle: StyleValueType {}

/// What a caption's `{date}` shows for a photo without a capture date (`file-date`).
public enum FileDateChoice: String, CaseIterable, Sendable, StyleValueType {
  /// The file's modification date, followed by the `text-file-date` words in brackets.
  case mark
  /// Nothing: the field is empty, and its label and separator go with it.
  case empty
}
extension RowBreaker: StyleValueType {}

/// How section banners look (`banner-style`).
public enum BannerStyle: String, CaseIterable, Sendable, StyleValueType {
  /// Text over a hairline, inside the margins.
  case rule
  /// Text on a band of colour inside the margins.
  case band
  /// Text on a band of colour from page edge to page edge, into the bleed.
  case fullBleed = "full-bleed"
}
