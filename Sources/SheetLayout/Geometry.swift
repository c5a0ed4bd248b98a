/// A rectangle in points, with the origin at the top-left corner and y growing downwards.
public struct Rect: Codable, Hashable, Sendable {
  /// Horizontal position of the left edge, in points from the page's left edge.
  public var x: Double
  /// Vertical position of the top edge, in points down from the page's top edge.
  public var y: Double
  /// Extent to the right of `x`, in points; zero or more for a meaningful rectangle.
  public var width: Double
  /// Extent downwards from `y`, in points; zero or more for a meaningful rectangle.
  public var height: Double

  /// A rectangle whose top-left corner is at (`x`, `y`), `width` wide and `height` tall, all in
  /// points. Values are stored as given: nothing is normalised or clamped.
  public init(x: Double, y: Double, width: Double, height: Double) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  /// Horizontal position of the right edge (`x + width`), in points.
  public var maxX: Double { x + width }
  /// Vertical position of the bottom edge (`y + height`), in points.
  public var maxY: Double { y + height }

  /// Whether the two rectangles share interior area (touching edges do not count).
  public func intersects(_ other: Rect) -> Bool {
    x < other.maxX && other.x < maxX && y < other.maxY && other.y < maxY
  }

  /// Whether `other` lies entirely inside this rectangle, allowing `tolerance` points of slack.
  public func contains(_ other: Rect, tolerance: Double = 1e-6) -> Bool {
    other.x >= x - tolerance && other.y >= y - tolerance
      && other.maxX <= maxX + tolerance && other.maxY <= maxY + tolerance
  }

  /// The rectangle shrunk by `inset` on every side.
  public func insetBy(_ inset: Double) -> Rect {
    Rect(x: x + inset, y: y + inset, width: width - 2 * inset, height: height - 2 * inset)
  }
}

/// A width and height in points (or pixels, where a name says so).
public struct Size: Codable, Hashable, Sendable {
  /// Horizontal extent, in points unless the owning property says pixels.
  public var width: Double
  /// Vertical extent, in points unless the owning property says pixels.
  public var height: Double

  /// A size `width` wide and `height` tall, stored as given.
  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }
}

/// Distances from each edge of a box, in points.
public struct EdgeInsets: Codable, Hashable, Sendable {
  /// Distance from the top edge inwards, in points.
  public var top: Double
  /// Distance from the right edge inwards, in points.
  public var right: Double
  /// Distance from the bottom edge inwards, in points.
  public var bottom: Double
  /// Distance from the left edge inwards, in points.
  public var left: Double

  /// Insets that may differ on each side, in points, in CSS order (top, right, bottom, left).
  public init(top: Double, right: Double, bottom: Double, left: Double) {
    self.top = top
    self.right = right
    self.bottom = bottom
    self.left = left
  }

  /// The same inset on all four sides.
  public init(all inset: Double) {
    self.init(top: inset, right: inset, bottom: inset, left: inset)
  }
}
