/// A width and height in pixels.
public struct PixelSize: Codable, Hashable, Sendable, CustomStringConvertible {
  public var width: Int
  public var height: Int

  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }

  /// `W×H`.
  public var description: String { "\(width)×\(height)" }
}
