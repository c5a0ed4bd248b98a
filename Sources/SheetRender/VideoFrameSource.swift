import SheetImages
import SheetSupport

/// One frame of a video clip, at a time in it: a card of a sheet of one video (vcsi's kind of
/// contact sheet). Decoded at the size its card needs; not cached (a frame is one seek and a
/// few packets of decoding).
public struct VideoFrameSource: ImageSource, Hashable {
  /// The clip.
  public let path: String
  /// Seconds from the clip's start.
  public let time: Double
  private let headerBox: Box<ImageHeader>

  /// The frame of the clip at `path` (whose header was read) shown at `time` seconds.
  public init(path: String, header: ImageHeader, time: Double) {
    self.init(path: path, sharedHeader: Box(header), time: time)
  }

  /// The frame at `time` of the clip at `path`, whose header is in `sharedHeader` (a box the
  /// other frames of the clip share).
  package init(path: String, sharedHeader: Box<ImageHeader>, time: Double) {
    self.path = path
    self.time = time
    headerBox = sharedHeader
  }

  /// The clip's header.
  public var header: ImageHeader { headerBox.value }

  /// Whether both are the same clip, header and time.
  public static func == (left: VideoFrameSource, right: VideoFrameSource) -> Bool {
    left.path == right.path && left.time == right.time && left.header == right.header
  }

  /// Hashes what `==` compares.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(path)
    hasher.combine(time)
  }

  /// The clip and the time: `clip.mp4 at 0:12:30`.
  public var name: String { "\(path) at \(VideoDetails.clock(time, inClipOf: header.video?.duration))" }

  /// The clip's path and the time in seconds.
  public var identity: String { "\(path)@\(time)" }

  /// The clip's frame size, upright.
  public func pixelSize() throws -> PixelSize { PixelSize(width: header.width, height: header.height) }

  /// The frame, at least `placed` when the clip's frames are that large.
  public func image(forCard placed: PixelSize, context: DecodeContext) throws -> DecodedImage {
    try ImageReader.videoFrame(
      path: path, header: header, at: time, minimumSize: (placed.width, placed.height),
      maxPixels: context.maxPixels)
  }
}
