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

  /// The largest whole factor an image of `width`×`height` can shrink by (each side divided by
  /// it) and still cover `minimumSize`; 1 when it cannot shrink.
  package static func wholeShrinkFactor(
    width: Int, height: Int, keeping minimumSize: (width: Int, height: Int)
  )
    -> Int
  {
    max(1, min(width / max(1, minimumSize.width), height / max(1, minimumSize.height)))
  }
}

/// How many pixels an image's header may claim before it is refused undecoded, unless the
/// caller says otherwise (`--max-pixels`): 200 million, above any camera's.
public enum PixelLimit {
  /// 200 million pixels.
  public static let `default` = 200_000_000
}
