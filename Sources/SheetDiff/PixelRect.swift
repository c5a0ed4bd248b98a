import Foundation

/// A rectangle of whole pixels, measured from the image's top-left corner.
public struct PixelRect: Codable, Hashable, Sendable, CustomStringConvertible {
  /// Column of the left edge, in pixels from the image's left edge.
  public var x: Int
  /// Row of the top edge, in pixels down from the image's top edge.
  public var y: Int
  /// Number of pixel columns covered.
  public var width: Int
  /// Number of pixel rows covered.
  public var height: Int

  /// A rectangle `width` columns by `height` rows whose top-left pixel is (`x`, `y`); stored as
  /// given, without checks (``init(parsing:)`` checks).
  public init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  /// Parses `x,y,w,h` (whole pixels, width and height positive); nil otherwise.
  ///
  /// ```swift
  /// PixelRect(parsing: "10,20,300,40")  // PixelRect(x: 10, y: 20, width: 300, height: 40)
  /// ```
  public init?(parsing text: String) {
    let parts = text.split(separator: ",").map { Int($0.trimmingCharacters(in: .whitespaces)) }
    // Each within the largest image side read (1,000,000), so no edge overflows.
    let side = 0...1_000_000
    guard parts.count == 4, let x = parts[0], let y = parts[1], let width = parts[2], let height = parts[3],
      width > 0, height > 0, [x, y, width, height].allSatisfy({ side.contains(abs($0)) })
    else { return nil }
    self.init(x: x, y: y, width: width, height: height)
  }

  /// `x,y,w,h`, the form `init(parsing:)` reads.
  public var description: String { "\(x),\(y),\(width),\(height)" }

  /// `region x 10, y 10, 1×1`: how people read it.
  public var readable: String { "region x \(x), y \(y), \(width)×\(height)" }

  /// The first column right of the rectangle (`x + width`), exclusive.
  public var maxX: Int { x + width }
  /// The first row below the rectangle (`y + height`), exclusive.
  public var maxY: Int { y + height }
  /// Number of pixels covered (`width × height`).
  public var area: Int { width * height }

  /// The part of this rectangle inside `other`, or nil when they do not overlap.
  public func intersection(_ other: PixelRect) -> PixelRect? {
    let left = max(x, other.x)
    let top = max(y, other.y)
    let right = min(maxX, other.maxX)
    let bottom = min(maxY, other.maxY)
    guard right > left, bottom > top else { return nil }
    return PixelRect(x: left, y: top, width: right - left, height: bottom - top)
  }
}
