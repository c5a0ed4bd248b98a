// Imported for its link directives: the shim calls FFmpeg, Swift does not.
import CFFmpeg
import CVideoShim
import Foundation
import SheetPixels

/// Video clips through FFmpeg: the header phase reads the container's facts (frame size,
/// rotation, duration, codec, recording time, device), the decode phase one poster frame.
enum VideoCodec {
  /// The most seconds one call into FFmpeg may take (opening a clip, decoding a frame): a
  /// hostile file that would keep the demuxer busy is stopped.
  static let secondsLimit = 20.0
  /// Clips claiming a longer duration are refused before decoding.
  static let maxDuration = 100.0 * 3600
  /// The most pixels a clip's frame may have, whatever `--max-pixels` allows: 8K DCI
  /// (8192×4320) is 35 million. Probing a clip decodes a few frames before its header is
  /// known, and a hostile header could otherwise ask for gigabytes on every thread.
  static let maxFramePixels = 40_000_000
  /// Where in a clip its poster frame is looked for, as fractions of its duration: the first
  /// of these frames that is neither black nor flat is the poster (the first frame of a clip is
  /// often black: a fade in, a lens cap, a pocket).
  static let posterPoints = [0.1, 0.3, 0.5, 0.7]

  /// Reads the header of the clip `source` holds.
  static func header(_ source: HeaderBytes, path: String, stamp: FileStamp?) throws -> ImageHeader {
    let clip = try VideoClip(
      reader: { try source.bytes(at: $0, count: $1) }, size: source.totalSize, maxPixels: maxFramePixels,
      path: path)
    let info = clip.info
    let details = VideoDetails(info)
    if let duration = details.duration, duration > maxDuration {
      throw ImageError(
        path: path,
        reason:
          "the video claims to last \(Int(duration / 3600)) hours, more than the limit of \(Int(maxDuration / 3600))"
      )
    }
    var metadata = HeaderMetadata()
    metadata.orientation = orientation(rotation: Int(info.rotation))
    metadata.exif.dateTaken = recordingDate(text(info.creation_time))
    metadata.exif.camera = ExifFields.cameraName(make: text(info.make), model: text(info.model))
    metadata.video = details
    return ImageHeader(
      format: .video, storedWidth: Int(info.width), storedHeight: Int(info.height), metadata: metadata,
      codec: .video, stamp: stamp)
  }

  /// The poster frame of `file`, as stored (the caller turns it upright), at least
  /// `minimumSize` (stored orientation) when given: the camera's `.THM` poster beside the clip
  /// when it is that large (and of the clip's shape, for a clip that needs no turning: cameras
  /// write THMs, phones turn clips), else the first frame at ``posterPoints`` that is neither
  /// black nor flat (or the liveliest of them). A clip that cannot be decoded shows its `.THM`
  /// when it has one, with a warning.
  static func decode(
    file: ImageFile, header: ImageHeader, path: String, minimumSize: (width: Int, height: Int)?,
    maxPixels: Int, warnings: inout [String]
  ) throws -> RasterImage {
    let poster =
      header.orientation == .up
      ? (try? cameraPoster(of: file.path, maxPixels: maxPixels)).flatMap { poster in
        // A letterboxed 4:3 THM of a 16:9 clip would show its black bars: not that one.
        let shape = Double(poster.width) / Double(max(1, poster.height))
        let clipShape = Double(header.storedWidth) / Double(max(1, header.storedHeight))
        return abs(shape / clipShape - 1) <= 0.02 ? poster : nil
      } : nil
    if let poster, let minimumSize, poster.width >= minimumSize.width, poster.height >= minimumSize.height {
      return poster
    }
    let size = outputSize(width: header.storedWidth, height: header.storedHeight, keeping: minimumSize)
    do {
      let clip = try VideoClip(file: file, maxPixels: maxPixels)
      let duration = VideoDetails(clip.info).duration ?? 0
      var best: (image: RasterImage, liveliness: Double)?
      for point in duration > 0 ? posterPoints : [0] {
        let image = try clip.frame(at: duration * point, size: size).image
        let liveliness = liveliness(of: image)
        if liveliness >= lively { return image }
        if liveliness > best?.liveliness ?? -1 { best = (image, liveliness) }
      }
      // posterPoints is never empty, so there is a best frame.
      return best!.image
    } catch let error as ImageError {
      guard let poster else { throw error }
      warnings.append("its frames cannot be decoded (\(error.reason)): the camera's .THM poster is shown")
      return poster
    }
  }

  /// How far a frame is from black or flat: its mean luma plus its spread, each capped, so a
  /// dark but detailed scene passes and a black or grey card does not.
  static func liveliness(of image: RasterImage) -> Double {
    var sum = 0.0
    var squares = 0.0
    var count = 0.0
    image.pixels.withUnsafeBufferPointer { pixels in
      // Every 7th pixel: enough to tell black from a picture, whatever the size.
      for index in Swift.stride(from: 0, to: pixels.count - 3, by: 28) {
        let luma =
          0.114 * Double(pixels[index]) + 0.587 * Double(pixels[index + 1]) + 0.299
          * Double(pixels[index + 2])
        sum += luma
        squares += luma * luma
        count += 1
      }
    }
    guard count > 0 else { return 0 }
    let mean = sum / count
    let spread = (max(0, squares / count - mean * mean)).squareRoot()
    return min(mean, 40) + min(spread, 20)
  }

  /// The liveliness a poster needs: a mean luma of 20 (of 255) and a spread of 6.
  static let lively = 26.0

  /// `width`×`height` shrunk to the smallest size that still covers `minimumSize` (never
  /// enlarged); the whole size without one.
  static func outputSize(width: Int, height: Int, keeping minimumSize: (width: Int, height: Int)?)
    -> PixelSize
  {
    guard let minimumSize, width > 0, height > 0 else { return PixelSize(width: width, height: height) }
    let scale = min(
      1, max(Double(minimumSize.width) / Double(width), Double(minimumSize.height) / Double(height)))
    return PixelSize(
      width: max(1, Int((Double(width) * scale).rounded(.up))),
      height: max(1, Int((Double(height) * scale).rounded(.up))))
  }

  /// The camera's poster for the clip at `path`: a JPEG of the same name with the extension
  /// `.THM` (Canon, Nikon and others write one beside each clip), decoded upright; nil when
  /// there is none.
  static func cameraPoster(of path: String, maxPixels: Int) throws -> RasterImage? {
    guard let poster = posterPath(of: path) else { return nil }
    let header = try ImageReader.header(path: poster)
    guard header.format == .jpeg else { return nil }
    return try ImageReader.decode(path: poster, header: header, maxPixels: maxPixels)
  }

  /// The `.THM` file beside `path` (`MVI_1251.MP4` → `MVI_1251.THM` or `.thm`), when one exists.
  static func posterPath(of path: String) -> String? {
    let stem = (path as NSString).deletingPathExtension
    return ["THM", "thm", "Thm"].lazy.map { stem + "." + $0 }.first {
      FileManager.default.fileExists(atPath: $0)
    }
  }

  /// EXIF orientation for a clip whose frames turn `rotation` degrees clockwise to stand upright.
  static func orientation(rotation: Int) -> Orientation {
    switch rotation {
    case 90: .right
    case 180: .upsideDown
    case 270: .left
    default: .up
    }
  }

  /// A container's recording time as EXIF dates are kept (the clock time read as UTC): the
  /// first six numbers of `2026-11-28T13:30:00+0100` (Apple's local time) or of
  /// `2026-11-28T12:30:00.000000Z` (UTC). A date before 1980 is a clock never set (QuickTime
  /// counts from 1904, Unix from 1970): nil.
  static func recordingDate(_ text: String?) -> Date? {
    guard let text else { return nil }
    let numbers = text.split { !$0.isNumber }.prefix(6).compactMap { Int($0) }
    guard numbers.count == 6, numbers[0] >= 1980 else { return nil }
    let joined = String(
      format: "%04d:%02d:%02d %02d:%02d:%02d", numbers[0], numbers[1], numbers[2], numbers[3], numbers[4],
      numbers[5])
    return ExifFields.parseDate(joined)
  }

  /// A message the shim wrote into `buffer`, as Swift text.
  static func string(_ buffer: [CChar]) -> String {
    buffer.withUnsafeBytes(cString)
  }

  /// A field of `cvideo_info` (a fixed C array) as text, nil when empty.
  static func text<Tuple>(_ field: Tuple) -> String? {
    let value = withUnsafeBytes(of: field, cString).trimmingCharacters(in: .whitespacesAndNewlines)
    return value.isEmpty ? nil : value
  }

  /// The text of a C string in `bytes`, up to its NUL (or the end).
  private static func cString(_ bytes: UnsafeRawBufferPointer) -> String {
    String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
  }
}

/// One open clip: its facts, and frames decoded from it on request.
final class VideoClip {
  /// What the container and the video stream say.
  let info: cvideo_info
  let path: String
  private let handle: OpaquePointer
  private let box: CallbackReader

  /// Opens the clip `file`, read in blocks, refusing frames over `maxPixels` (and over
  /// ``VideoCodec/maxFramePixels``).
  ///
  /// - Throws: ``ImageError`` naming the file when it is not a video FFmpeg can decode.
  convenience init(file: ImageFile, maxPixels: Int) throws {
    let reader = BlockReader(file)
    try self.init(
      reader: { try reader.read(at: $0, count: $1) }, size: file.size, maxPixels: maxPixels, path: file.path)
  }

  /// Opens the clip `reader` reads (`size` bytes), refusing frames over `maxPixels` (and over
  /// ``VideoCodec/maxFramePixels``).
  ///
  /// - Throws: ``ImageError`` naming `path` when it is not a video FFmpeg can decode.
  init(reader: @escaping CallbackReader.Read, size: Int, maxPixels: Int, path: String) throws {
    box = CallbackReader(reader, size: size)
    self.path = path
    var info = cvideo_info()
    var message = [CChar](repeating: 0, count: 256)
    let opened = cvideo_open(
      { context, offset, buffer, count in
        CallbackReader.from(context).read(offset: offset, into: buffer!, count: count)
      }, box.context, UInt64(size),
      Int64(min(maxPixels, VideoCodec.maxFramePixels)),
      VideoCodec.secondsLimit, &info, &message, 256)
    guard let opened else { throw ImageError(path: path, reason: VideoCodec.string(message)) }
    handle = opened
    self.info = info
  }

  deinit { cvideo_close(handle) }

  /// The frame shown at `seconds`, `size` pixels as stored (not turned upright), and its time.
  ///
  /// - Throws: ``ImageError`` when no frame can be decoded there.
  func frame(at seconds: Double, size: PixelSize) throws -> (image: RasterImage, time: Double) {
    var pixels = [UInt8](repeating: 0, count: size.width * size.height * 4)
    var shownAt = 0.0
    var message = [CChar](repeating: 0, count: 256)
    let status = pixels.withUnsafeMutableBufferPointer { buffer in
      cvideo_frame(
        handle, seconds, Int32(size.width), Int32(size.height), buffer.baseAddress!, &shownAt, &message, 256)
    }
    guard status == 0 else { throw ImageError(path: path, reason: VideoCodec.string(message)) }
    return (RasterImage(width: size.width, height: size.height, pixels: pixels, hasAlpha: false), shownAt)
  }

  /// The clip's key frames from its start (at most `limit`), each with its time and how much
  /// it differs from the key frame before it (0–255; the first's is 255), read for at most
  /// `seconds` seconds, and whether they reached the clip's end.
  ///
  /// - Throws: ``ImageError`` when no key frame decodes.
  func keyFrames(limit: Int, seconds: Double) throws -> (
    frames: [(time: Double, change: Double)], complete: Bool
  ) {
    var times = [Double](repeating: 0, count: limit)
    var changes = [Double](repeating: 0, count: limit)
    var complete: Int32 = 0
    var message = [CChar](repeating: 0, count: 256)
    let count = cvideo_key_frames(
      handle, Int32(clamping: limit), seconds, &times, &changes, &complete, &message, 256)
    guard count > 0 else { throw ImageError(path: path, reason: VideoCodec.string(message)) }
    return ((0..<Int(count)).map { (times[$0], changes[$0]) }, complete != 0)
  }
}

extension VideoDetails {
  init(_ info: cvideo_info) {
    duration = info.duration > 0 && info.duration.isFinite ? info.duration : nil
    framesPerSecond = info.fps > 0 && info.fps.isFinite ? info.fps : nil
    codec = VideoCodec.text(info.codec) ?? "unknown"
    bitrate = info.bitrate > 0 ? Int(info.bitrate) : nil
    frameCount = info.frames > 0 ? Int(info.frames) : nil
    hasAudio = info.has_audio != 0
    container = VideoCodec.text(info.container) ?? ""
  }
}
