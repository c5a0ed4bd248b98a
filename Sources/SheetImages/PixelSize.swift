/// A width and height in pixels.
public struct PixelSize: Codable, Hashable, Sendable, CustomStringConvertible {
  /// Number of pixel columns.
  public var width: Int
  /// Number of pixel rows.
  public var height: Int

  /// A size of `width`×`height` pixels, stored as given.
  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }

  /// `W×H`.
  public var description: String { "\(width)×\(height)" }
}
