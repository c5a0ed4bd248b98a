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
    guard header.format == .video else { throw ImageError(path: path, reason: "is not a video") }
    let file = try ImageFile(path: path)
    try checkUnchanged(file, header: header)
    try checkPixelLimit(header, maxPixels: maxPixels, path: path)
    let stored = minimumSize.map {
      header.orientation.swapsDimensions ? ($0.height, $0.width) : ($0.width, $0.height)
    }
    let size = VideoCodec.outputSize(width: header.storedWidth, height: header.storedHeight, keeping: stored)
    let reader = BlockReader(file)
    let clip = try VideoClip(
      reader: { try reader.read(at: $0, count: $1) }, size: file.size, maxPixels: maxPixels, path: path)
    let frame = try clip.frame(at: seconds, size: size).image
    return DecodedImage(image: frame.oriented(header.orientation), warnings: [])
  }
}
