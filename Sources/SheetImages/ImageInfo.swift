/// What an image file's header says, read without decoding its pixels.
public struct ImageInfo: Sendable, Hashable {
  public var format: ImageFormat
  /// Width of the stored pixels.
  public var storedWidth: Int
  /// Height of the stored pixels.
  public var storedHeight: Int
  public var orientation: Orientation

  public init(format: ImageFormat, storedWidth: Int, storedHeight: Int, orientation: Orientation = .up) {
    self.format = format
    self.storedWidth = storedWidth
    self.storedHeight = storedHeight
    self.orientation = orientation
  }

  /// Width after EXIF orientation: the size a viewer shows, and the one layout uses.
  public var width: Int { orientation.swapsDimensions ? storedHeight : storedWidth }
  /// Height after EXIF orientation.
  public var height: Int { orientation.swapsDimensions ? storedWidth : storedHeight }
}
