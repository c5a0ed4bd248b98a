/// How a block of text is set: the font, whether the text is Pango markup, and a line limit.
public struct TextStyle: Codable, Hashable, Sendable {
  /// A Pango font description such as `"DejaVu Sans 8"` or `"Sans Bold 14"`.
  public var font: String
  /// Whether the text is Pango markup (`<b>`, `<i>`, `<span>`) rather than plain text.
  ///
  /// Markup is trusted, not validated on every measure and draw: decide once per text, before
  /// laying out, whether it is valid markup, and escape it when not.
  public var isMarkup: Bool
  /// The most lines shown; text past it ends in an ellipsis. Zero means no limit.
  public var maxLines: Int
  /// Horizontal alignment of each line within the box.
  public var alignment: TextAlignment

  /// A style setting text in `font` (a Pango font description), as plain text unless `isMarkup`,
  /// with at most `maxLines` lines (0, the default, for no limit), aligned `alignment` (default
  /// left).
  public init(font: String, isMarkup: Bool = false, maxLines: Int = 0, alignment: TextAlignment = .left) {
    self.font = font
    self.isMarkup = isMarkup
    self.maxLines = maxLines
    self.alignment = alignment
  }
}

/// Horizontal alignment of text lines.
public enum TextAlignment: String, Codable, Hashable, Sendable {
  case left, center, right
}

/// The size that a block of text occupies when set at a given width.
public struct TextMeasurement: Codable, Hashable, Sendable {
  /// Width of the widest line as set, in points.
  public var width: Double
  /// Height of all lines shown (after the line limit), in points.
  public var height: Double
  /// Number of lines shown, after wrapping and the style's line limit.
  public var lineCount: Int
  /// Whether lines were dropped because of the style's line limit.
  public var isTruncated: Bool

  /// A measurement of `width`×`height` points over `lineCount` lines, `isTruncated` when the line
  /// limit cut lines off.
  public init(width: Double, height: Double, lineCount: Int, isTruncated: Bool) {
    self.width = width
    self.height = height
    self.lineCount = lineCount
    self.isTruncated = isTruncated
  }

  /// The measurement of no text at all.
  public static let empty = TextMeasurement(width: 0, height: 0, lineCount: 0, isTruncated: false)
}

/// Measures text for the layout. The real implementation uses Pango (module `SheetText`);
/// tests may use a fake with exact numbers.
///
/// Implementations need not be thread-safe: the layout uses one measurer per thread.
public protocol TextMeasuring {
  /// The size of `text` set in `style`, wrapped at `width` points.
  func measure(_ text: String, style: TextStyle, width: Double) -> TextMeasurement

  /// The fonts the measurements come from; the layout records them so the sheet is drawn in
  /// the same fonts.
  var fonts: FontSet { get }
}
