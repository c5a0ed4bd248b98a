import Foundation

/// A text to measure: what a ``TextMeasuring`` implementation is asked, as a value.
///
/// Texts compare and hash by their UTF-8 bytes (what Pango is given), not by Unicode canonical
/// equivalence: faster, and two spellings of "é" may indeed measure differently.
public struct TextRequest: Hashable, Sendable {
  /// The text, plain or markup as `style` says.
  public var text: String
  /// The font, markup flag and line limit.
  public var style: TextStyle
  /// The width the text wraps at, in points.
  public var width: Double

  /// A request to measure `text` in `style`, wrapped at `width` points.
  public init(text: String, style: TextStyle, width: Double) {
    self.text = text
    self.style = style
    self.width = width
  }

  /// Whether both requests have the same width, style and UTF-8 bytes of text.
  public static func == (lhs: TextRequest, rhs: TextRequest) -> Bool {
    lhs.width == rhs.width && sameBytes(lhs.text, rhs.text) && lhs.style == rhs.style
  }

  /// Whether two strings have the same UTF-8 bytes, compared as memory (a table of 100,000
  /// captions compares them on every lookup).
  package static func sameBytes(_ a: String, _ b: String) -> Bool {
    guard a.utf8.count == b.utf8.count else { return false }
    var a = a
    var b = b
    return a.withUTF8 { first in
      b.withUTF8 { second in
        first.isEmpty || memcmp(first.baseAddress!, second.baseAddress!, first.count) == 0
      }
    }
  }

  /// Hashes the width, style and UTF-8 bytes of the text, consistently with `==`.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(width)
    hasher.combine(style)
    var text = text
    text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
  }
}
