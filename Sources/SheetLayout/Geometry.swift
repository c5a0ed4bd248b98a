/// A rectangle in points, with the origin at the top-left corner and y growing downwards.
public struct Rect: Codable, Hashable, Sendable {
  public var x: Double
  public var y: Double
  public var width: Double
  public var height: Double

  public init(x: Double, y: Double, width: Double, height: Double) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  public var maxX: Double { x + width }
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
  public var width: Double
  public var height: Double

  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }
}

/// Distances from each edge of a box, in points.
public struct EdgeInsets: Codable, Hashable, Sendable {
  public var top: Double
  public var right: Double
  public var bottom: Double
  public var left: Double

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
