import Foundation
import SheetImages
import SheetLayout
import SheetSupport

/// How a sheet of a video picks its frames: the kind of contact sheet vcsi and `ffmpeg`'s tile
/// filter make, one card per frame with its time on it.
public enum VideoFrameChoice: Equatable, Sendable {
  /// This many frames, one in the middle of each equal part of the clip (so neither the
  /// first nor the last frame, often black, is among them).
  case count(Int)
  /// A frame every this many seconds, from that time on.
  case interval(seconds: Double)
  /// This many frames where scenes change: the opening and the key frames that differ most
  /// from the one before them (``ImageReader/sceneTimes(path:header:count:)``).
  case scenes(Int)

  /// The most frames a sheet of one clip may have.
  public static let maxFrames = 1000

  /// `--interval 30s`, `90`, `2m`, `1:30`, `1h`: seconds.
  public static func seconds(parsing text: String) -> Double? {
    let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
    if trimmed.contains(":") {
      let parts = trimmed.split(separator: ":", omittingEmptySubsequences: false).map { Double($0) }
      guard (2...3).contains(parts.count), !parts.contains(nil) else { return nil }
      return parts.reduce(0) { $0 * 60 + $1! }
    }
    let units: [(suffix: String, scale: Double)] = [("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600)]
    for (suffix, scale) in units where trimmed.hasSuffix(suffix) {
      return Double(trimmed.dropLast(suffix.count)).map { $0 * scale }
    }
    return Double(trimmed)
  }

  /// The times (seconds) of the frames of a clip lasting `duration` seconds, in order.
  func times(duration: Double) -> [Double] {
    switch self {
    case .count(let count):
      let count = min(max(1, count), Self.maxFrames)
      return (0..<count).map { duration * (Double($0) + 0.5) / Double(count) }
    case .scenes(let count):
      return Self.count(count).times(duration: duration)
    case .interval(let seconds):
      // Compared as a Double first: a tiny interval would overflow an Int.
      let quotient = (duration / seconds).rounded(.down)
      let count = quotient >= Double(Self.maxFrames) ? Self.maxFrames : Int(quotient)
      guard count >= 1 else { return [duration / 2] }
      return (1...count).map { Double($0) * seconds }.filter { $0 < duration }.ifEmpty([duration / 2])
    }
  }
}

extension Array {
  fileprivate func ifEmpty(_ replacement: [Element]) -> [Element] { isEmpty ? replacement : self }
}

/// Turns each video among a sheet's items into a banner naming it and the cards of its frames.
enum VideoFrames {
  /// `entries` with every clip replaced by its banner (the file's name; its duration, frame
  /// size, codec, bitrate and file size) and one item per frame `choice` picks, each with its
  /// ``CatalogItem/videoTime``; warnings for photos among them (kept as they are) and clips
  /// whose duration is unknown (one frame, from their start).
  static func expand(_ entries: inout [CatalogEntry], choice: VideoFrameChoice, maxPixels: Int)
    -> [JobMessage]
  {
    var expanded: [CatalogEntry] = []
    var photos = 0
    var warnings: [JobMessage] = []
    for entry in entries {
      guard case .item(let item) = entry, let video = item.video else {
        if case .item(let item) = entry, item.failure == nil { photos += 1 }
        expanded.append(entry)
        continue
      }
      expanded.append(
        .banner(
          BannerContent(
            title: PathBytes.readable((item.path as NSString).lastPathComponent), subtitle: facts(item, video)
          )))
      guard let duration = video.duration else {
        warnings.append("\(item.path): the video does not say how long it is: only its first frame is shown")
        var frame = item
        frame.videoTime = 0
        expanded.append(.item(frame))
        continue
      }
      var times = choice.times(duration: duration)
      if case .scenes(let count) = choice, let header = item.sharedHeader?.value {
        do {
          let scenes = try ImageReader.sceneTimes(
            path: item.path, header: header, count: min(count, VideoFrameChoice.maxFrames),
            maxPixels: maxPixels)
          times = scenes.times
          if let searched = scenes.searchedUntil {
            warnings.append(
              "\(item.path): its scenes were looked for in its first \(VideoDetails.clock(searched, inClipOf: duration)) only (the search stops after two minutes)"
            )
          }
        } catch {
          let reason = (error as? ImageError)?.reason ?? "\(error)"
          warnings.append("\(item.path): its scenes cannot be found (\(reason)): frames are spread evenly")
        }
      }
      for time in times {
        var frame = item
        frame.videoTime = time
        expanded.append(.item(frame))
      }
    }
    if photos > 0 {
      warnings.append(
        "\(photos) photo\(photos == 1 ? " is" : "s are") shown as \(photos == 1 ? "it is" : "they are"): \(setting: .frames), \(setting: .interval) and \(setting: .scenes) pick frames of videos"
      )
    }
    entries = expanded
    return warnings
  }

  /// `1:02:03 · 1920×1080 · H.264 · 29.97 fps · 8.2 Mb/s · 1.2 GB`: what a video sheet's
  /// header says about its clip.
  static func facts(_ item: CatalogItem, _ video: VideoDetails) -> String {
    var parts: [String] = []
    if let duration = video.durationText { parts.append(duration) }
    let size = item.layoutSize
    parts.append("\(size.width)\u{D7}\(size.height)")
    parts.append(CaptionFields.codecName(video.codec))
    if let fps = video.framesPerSecond { parts.append(CaptionFields.framesPerSecond(fps) + "\u{A0}fps") }
    if let bitrate = video.bitrate { parts.append(bitrateText(bitrate)) }
    if let size = FileAttributes(path: item.path)?.size { parts.append(CaptionFields.humanSize(size)) }
    return parts.joined(separator: " \u{B7} ")
  }

  /// `8.2 Mb/s`, `640 kb/s`.
  static func bitrateText(_ bitsPerSecond: Int) -> String {
    bitsPerSecond >= 1_000_000
      ? String(format: "%.1f\u{A0}Mb/s", Double(bitsPerSecond) / 1_000_000)
      : "\(bitsPerSecond / 1000)\u{A0}kb/s"
  }
}
