import SheetPixels

extension ImageReader {
  /// The frame of the clip at `path` shown at `seconds` (the first frame at or after that
  /// time), upright, at least `minimumSize` (upright pixels) when given, never enlarged: a
  /// card of a sheet of one video. Give the `header` read earlier in the run; a clip that
  /// changed since is an ``ImageError``.
  ///
  /// - Throws: ``ImageError`` when the file is not a readable video, its frames hold more than
  ///   `maxPixels` pixels, or no frame decodes there.
  public static func videoFrame(
    path: String, header: ImageHeader, at seconds: Double, minimumSize: (width: Int, height: Int)? = nil,
    maxPixels: Int = .max
  ) throws -> DecodedImage {
    let clip = try openClip(path: path, header: header, maxPixels: maxPixels)
    let size = VideoCodec.outputSize(
      width: header.storedWidth, height: header.storedHeight, keeping: storedSize(minimumSize, header))
    let frame = try clip.frame(at: seconds, size: size).image
    return DecodedImage(image: frame.oriented(header.orientation), warnings: [])
  }

  /// The times of `count` frames where the clip at `path` changes scene, in order: its first
  /// key frame (the opening scene) and the key frames that differ most from the one before
  /// them, at least a third of an even spacing apart, so one busy passage does not take every
  /// pick. Key frames only are decoded (the other streams are not read), at most 100,000 of
  /// them and for at most two minutes; `searchedUntil` is the last key frame's time when that
  /// stopped the search before the clip's end (the times then come from the part searched), nil
  /// when the whole clip was searched. A clip with fewer key frames gives them all.
  ///
  /// - Throws: ``ImageError`` when the file is not a readable video, its frames hold more than
  ///   `maxPixels` pixels, or no key frame decodes.
  public static func sceneTimes(path: String, header: ImageHeader, count: Int, maxPixels: Int = .max) throws
    -> (
      times: [Double], searchedUntil: Double?
    )
  {
    let clip = try openClip(path: path, header: header, maxPixels: maxPixels)
    let (frames, complete) = try clip.keyFrames(limit: 100_000, seconds: 120)
    let duration = header.video?.duration ?? frames.last?.time ?? 0
    let gap = duration / Double(max(1, count)) / 3
    var chosen = [frames[0].time]
    for frame in frames.dropFirst().sorted(by: { $0.change > $1.change }) where chosen.count < count {
      if chosen.allSatisfy({ abs($0 - frame.time) >= gap }) { chosen.append(frame.time) }
    }
    return (chosen.sorted(), complete ? nil : frames.last?.time)
  }

  /// The clip at `path`, whose `header` was read earlier in the run, opened for frames: refused
  /// when it is not a video, changed since, or its frames hold more than `maxPixels` pixels.
  private static func openClip(path: String, header: ImageHeader, maxPixels: Int) throws -> VideoClip {
    guard header.format == .video else { throw ImageError(path: path, reason: "is not a video") }
    let file = try ImageFile(path: path)
    try checkUnchanged(file, header: header)
    try checkPixelLimit(header, maxPixels: maxPixels, path: path)
    return try VideoClip(file: file, maxPixels: maxPixels)
  }
}
