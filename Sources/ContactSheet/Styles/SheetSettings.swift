import Foundation
import SheetLayout
import SheetRender
import SheetSupport
import SheetText

/// A merged style read as the values a job uses, every key its setting or its default from
/// `StyleKeys`: the one place a style key becomes an option. `contactsheet render`'s flags
/// are the last style layer, so the command and a library user get the same document.
public struct SheetSettings {
  /// Where things go.
  public var layout: LayoutOptions
  /// How cards are painted.
  public var style: RenderStyle
  /// What the output is made at: the PNG resolution and the resolution of images in PDF and SVG.
  public var output: OutputSettings
  /// Bleed and crop marks.
  public var printMarks: PrintMarks
  /// The printing condition of a PDF/X file (`pdfx`); nil for a plain PDF.
  public var outputIntent: OutputIntent?
  /// Whether a PDF is tagged for screen readers (`tagged`).
  public var tagged: Bool
  /// The language of the text (`lang`, BCP 47).
  public var language: String
  /// The words ContactSheet prints itself, in ``language`` unless `text-…` keys say otherwise.
  public var words: BuiltInWords
  /// The cover asked for (`cover`, or a `cover-image` alone), if any.
  public var cover: CoverRequest?
  /// Metadata that wins over the inputs' own.
  public var metadata: MetadataOverrides
  /// The fonts text is set in (`font-file`, else the system's).
  public var fonts: FontSet
  /// The caption template every item without its own gets, if a style gives one.
  public var caption: String?
  /// The caption field whose value is each item's index term, if an index is wanted.
  public var indexField: String?
  /// What follows a caption's `{date}` taken from the file's time (`2026-11-28 (file date)`);
  /// nil leaves such a date empty.
  public var fileDateMarker: String?
  /// Whether cards show their photo's stars and colour label.
  public var showRating: Bool
  /// The order sections come in (`section-order`).
  public var sectionOrder: SectionOrder
  /// Warnings about the style's templates (a header field that nothing fills).
  public var warnings: [String]

  /// The settings with every default.
  public init() {
    // The defaults are checked by the tests, so they always read.
    try! self.init(style: MergedStyle([]))
  }

  /// Reads `style`, keys it leaves unset taking their defaults. Messages spell a key with
  /// `spelling` (`--gutter` on the command line; `'gutter'` by default). Without `forDrawing`
  /// (a layout only), the paint and print marks keep their defaults and are not checked.
  ///
  /// - Throws: ``StyleError`` for a value its key cannot take.
  package init(
    style: MergedStyle, spelling: @escaping (StyleKey) -> String = { "'\($0.name)'" }, forDrawing: Bool = true
  ) throws {
    let reader = StyleReader(style: style, spelling: spelling)
    tagged = try reader.flag(StyleKeys.tagged)
    language = try reader.language()
    words = try reader.words(language: language)
    layout = try reader.layoutOptions(words: words)
    self.style = forDrawing ? try reader.renderStyle() : RenderStyle()
    output = forDrawing ? try reader.outputSettings() : OutputSettings()
    printMarks = forDrawing ? try reader.printMarks() : PrintMarks()
    outputIntent = forDrawing ? try reader.outputIntent() : nil
    cover = try reader.cover(words: words)
    metadata = try MetadataOverrides(
      title: reader.setText(StyleKeys.title), author: reader.setText(StyleKeys.author),
      subject: reader.setText(StyleKeys.subject), keywords: reader.setText(StyleKeys.keywords))
    let fontFiles = try reader.list(StyleKeys.fontFile)
    fonts = fontFiles.isEmpty ? .system : .pinned(fontFiles)
    caption = try reader.setText(StyleKeys.caption)
    indexField = try reader.setText(StyleKeys.index)
    showRating = try reader.flag(StyleKeys.showRating)
    sectionOrder = SectionOrder(parsing: try reader.required(StyleKeys.sectionOrder))
    let fileDate: FileDateChoice = try reader.required(StyleKeys.fileDate)
    fileDateMarker = fileDate == .mark ? " (\(words.fileDate))" : nil
    warnings = try reader.templateWarnings()
  }
}

/// A style value a key cannot take: the key, and what is wrong (spelled as the caller asked).
public struct StyleError: Error, CustomStringConvertible {
  /// The key's name (`gutter`).
  public var key: String
  /// What is wrong and what would work.
  public var description: String
}

/// Reads each key of a merged style as its type, with the key's default when no layer sets it.
struct StyleReader {
  let style: MergedStyle
  let spelling: (StyleKey) -> String

  /// The text a layer sets for `key`, or nil.
  func setText(_ key: StyleKey) throws -> String? {
    try style[key.name].map { try $0.value(as: String.self) }
  }

  /// The value of `key` as `Value`: the setting's, else the key's default (nil for none).
  func value<Value: StyleValueType>(_ key: StyleKey, as _: Value.Type = Value.self) throws -> Value? {
    if let setting = style[key.name] { return try setting.value(as: Value.self) }
    return key.defaultText.flatMap(Value.init(styleText:))
  }

  /// The value of a key that has a default.
  func required<Value: StyleValueType>(_ key: StyleKey, as type: Value.Type = Value.self) throws -> Value {
    guard let value = try value(key, as: type) else {
      preconditionFailure("style key '\(key.name)' has no default that reads as \(Value.self)")
    }
    return value
  }

  func flag(_ key: StyleKey) throws -> Bool { try style[key.name]?.flag() ?? false }

  func list(_ key: StyleKey) throws -> [String] { try style[key.name]?.list() ?? [] }

  func error(_ key: StyleKey, _ message: (String) -> String) -> StyleError {
    StyleError(key: key.name, description: message(spelling(key)))
  }

  /// Pixels per inch that px lengths refer to.
  func dpi() throws -> Double {
    let dpi: Double = try required(StyleKeys.dpi)
    guard (10...2400).contains(dpi) else {
      throw error(StyleKeys.dpi) { "\($0) must be between 10 and 2400 (got \(dpi))" }
    }
    return dpi
  }

  /// `text` as a length in points, with px at the style's dpi; messages name `key`.
  func length(_ text: String, _ key: StyleKey) throws -> Double {
    do {
      return try Length.parse(text, dpi: dpi())
    } catch let parseError as Length.ParseError {
      throw error(key) { "\($0): \(parseError.message)" }
    }
  }

  /// `text` as a length of 0 or more (a gap, a margin); messages name `key`.
  func space(_ text: String, _ key: StyleKey) throws -> Double {
    let value = try length(text, key)
    guard value >= 0 else { throw error(key) { "\($0) \(text): must be 0 or more" } }
    return value
  }

  func space(_ key: StyleKey) throws -> Double { try space(required(key), key) }

  func color(_ text: String, _ key: StyleKey) throws -> Color {
    guard let parsed = Color(parsing: text) else {
      throw error(key) { "\($0) \(text): not a colour; use #rgb, #rrggbb, #rrggbbaa or a CSS name" }
    }
    return parsed
  }

  func color(_ key: StyleKey) throws -> Color { try color(required(key), key) }
}
