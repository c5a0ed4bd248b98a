import Foundation

/// What a video clip's container and video stream say: the facts its card and captions show
/// (``ImageHeader/video``).
public struct VideoDetails: Sendable, Hashable {
  /// Seconds; nil when the container does not say.
  public var duration: Double?
  /// Frames per second (the stream's average); nil when unknown.
  public var framesPerSecond: Double?
  /// The codec's short name: `h264`, `hevc`, `vp9`, `prores`.
  public var codec: String
  /// Bits per second over all streams; nil when unknown.
  public var bitrate: Int?
  /// The number of frames, when the container records it.
  public var frameCount: Int?
  /// Whether the clip has sound.
  public var hasAudio: Bool
  /// The container as FFmpeg names its demuxer: `mov,mp4,m4a,3gp,3g2,mj2`, `matroska,webm`,
  /// `avi`, `mpegts`.
  public var container: String

  /// `0:42`, `12:05`, `1:02:03`: the duration as a player shows it (whole seconds, rounded
  /// to the nearest); nil when unknown.
  public var durationText: String? {
    guard let duration, duration.isFinite, duration >= 0 else { return nil }
    return Self.clock(duration, long: duration >= 3600)
  }

  /// `seconds` as a player's clock in a clip lasting `duration` seconds: with hours when the
  /// clip lasts an hour or more, so every time on its sheet has the same shape.
  public static func clock(_ seconds: Double, inClipOf duration: Double?) -> String {
    clock(seconds, long: (duration ?? 0) >= 3600)
  }

  /// `seconds` as a player's clock: `0:42`, `12:05`, or with hours (`long`, for a clip of an
  /// hour or more, so every time on its sheet has the same shape) `0:00:42`, `1:02:03`.
  public static func clock(_ seconds: Double, long: Bool) -> String {
    let total = seconds.isFinite ? max(0, Int(seconds.rounded())) : 0
    let (hours, minutes, rest) = (total / 3600, total / 60 % 60, total % 60)
    return long || hours > 0
      ? String(format: "%d:%02d:%02d", hours, minutes, rest) : String(format: "%d:%02d", minutes, rest)
  }
}
