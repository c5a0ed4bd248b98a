import SheetPixels

/// Reads image files: a cheap header phase for layout, and a decode phase that returns
/// upright pixels at (about) the size they will be drawn. Each phase opens the file once; a
/// decode given the header neither sniffs nor scans the file again.
public enum ImageReader {
  /// How much of a file the header phase reads first; a file whose header segments are longer
  /// is read further, as far as its header needs.
  static let headerPrefix = 128 * 1024

  /// Reads the header of `path` (format, size, orientation, EXIF fields, ICC profile and XMP)
  /// without decoding pixels, opening the file once and reading only its start.
  ///
  /// - Throws: ``ImageError`` when the file cannot be read or is not a readable image.
  public static func header(path: String) throws -> ImageHeader {
    let file = try ImageFile(path: path)
    return try header(of: HeaderBytes(file: file, firstRead: headerPrefix), path: path, stamp: file.stamp)
  }

  /// Decodes `path` upright, opening it once; see ``load(path:header:minimumSize:maxPixels:)``,
  /// whose warnings this leaves out.
  public static func decode(
    path: String, header: ImageHeader? = nil, minimumSize: (width: Int, height: Int)? = nil,
    maxPixels: Int = .max
  ) throws -> RasterImage {
    try load(path: path, header: header, minimumSize: minimumSize, maxPixels: maxPixels).image
  }

  /// Decodes `path` upright and in sRGB, opening it once. Give the `header` read earlier in the
  /// run and the file is neither sniffed nor scanned again; a file that changed since (another
  /// size or time) is an ``ImageError``. When `minimumSize` (upright pixels) is given, formats
  /// that can shrink while decoding (JPEG's DCT scaling, WebP's scaling, a HEIF thumbnail or a
  /// RAW's preview) do so, never below that size; the caller resamples to the exact size it
  /// draws. Images whose header claims more than `maxPixels` pixels are refused before any
  /// pixel is decoded. An embedded ICC profile is converted to sRGB.
  ///
  /// - Returns: the pixels, with a warning for each thing the picture does not show (a file cut
  ///   short shows the part that decoded; a multi-page TIFF shows its first page).
  /// - Throws: ``ImageError`` when nothing could be decoded.
  public static func load(
    path: String, header: ImageHeader? = nil, minimumSize: (width: Int, height: Int)? = nil,
    maxPixels: Int = .max
  ) throws -> DecodedImage {
    try load(path: path, header: header, minimumSize: minimumSize, maxPixels: maxPixels, spare: nil)
  }

  /// As ``load(path:header:minimumSize:maxPixels:)``, a JPEG decoded into `spare`'s storage
  /// when it holds some (a worker thread's, already paged in).
  package static func load(
    path: String, header: ImageHeader?, minimumSize: (width: Int, height: Int)?, maxPixels: Int,
    spare: SpareStorage?
  ) throws -> DecodedImage {
    let file = try ImageFile(path: path)
    try checkUnchanged(file, header: header)
    var bytes: [UInt8]?
    let header =
      try header
      ?? { () throws -> ImageHeader in
        let read = try readHeader(file)
        bytes = read.bytes
        return read.header
      }()
    return try decode(
      file, header: header, bytes: bytes, minimumSize: minimumSize, maxPixels: maxPixels, spare: spare)
  }

  /// The header of the open `file`, read before its decode: an image is read whole once, for
  /// the header and the decoder alike (`bytes`); a video, which may be gigabytes, only as far
  /// as its header needs (`bytes` nil).
  static func readHeader(_ file: ImageFile) throws -> (header: ImageHeader, bytes: [UInt8]?) {
    let start = try file.read(at: 0, count: headerPrefix)
    if start.count < file.size, ImageFormat.sniff(start) == .video {
      let source = HeaderBytes(file: file, prefix: start)
      return (try header(of: source, path: file.path, stamp: file.stamp), nil)
    }
    let all =
      start.count < file.size
      ? start + (try file.read(at: start.count, count: file.size - start.count)) : start
    return (try header(of: HeaderBytes(bytes: all), path: file.path, stamp: file.stamp), all)
  }

  /// Decodes the open `file` whose `header` was read; `bytes`, when given, are its whole
  /// contents already read (otherwise each codec reads what it needs). A JPEG is decoded into
  /// `spare`'s storage when there is one.
  static func decode(
    _ file: ImageFile, header: ImageHeader, bytes: [UInt8]?, minimumSize: (width: Int, height: Int)?,
    maxPixels: Int, spare: SpareStorage? = nil
  ) throws -> DecodedImage {
    let path = file.path
    func allBytes() throws -> [UInt8] { try bytes ?? file.readAll() }
    try checkPixelLimit(header, maxPixels: maxPixels, path: path)
    let stored = storedSize(minimumSize, header)
    let size = (width: header.storedWidth, height: header.storedHeight)
    var warnings: [String] = []
    var image: RasterImage
    switch header.codec {
    case .jpeg(let frame):
      image = try JPEGCodec.decode(
        try allBytes(), size: size, frame: frame, path: path, minimumSize: stored, warnings: &warnings,
        manageCMYK: header.iccProfile.map { profile in
          { ColorManagement.convertCMYK(&$0, profile: profile, inverted: $1) }
        }, storage: spare.map { spare in { spare.takeZeroed(count: $0) } })
    case .png:
      image = try PNGCodec.decode(try allBytes(), expectedSize: size, path: path, minimumSize: stored)
    case .webp(let hasAlpha, let isAnimated):
      image = try WebPCodec.decode(
        try allBytes(), size: size, hasAlpha: hasAlpha, isAnimated: isAnimated, path: path,
        minimumSize: stored, warnings: &warnings)
    case .tiff(let details):
      // libtiff reads the strips or tiles it needs from the open file, not a copy of all of it.
      image = try TIFFCodec.decode(
        file: file, header: header, details: details, path: path, minimumSize: stored, warnings: &warnings)
    case .heif:
      // Upright already: libheif applies the file's transforms.
      image = try HEIFCodec.decode(try allBytes(), path: path, minimumSize: minimumSize)
      if let profile = header.colorProfile { ColorManagement.convertToSRGB(&image, profile: profile) }
      return DecodedImage(image: image, warnings: warnings)
    case .video:
      // FFmpeg reads what it needs (the index, a few packets) from the open file.
      image = try VideoCodec.decode(
        file: file, header: header, path: path, minimumSize: stored, maxPixels: maxPixels, warnings: &warnings
      )
    case .raw:
      // LibRaw reads what it needs (the preview, or the raw data) from the open file; the
      // result is upright and in sRGB already.
      let image = try RAWCodec.decode(
        .file(file), header: header, path: path, minimumSize: stored, maxPixels: maxPixels,
        warnings: &warnings)
      return DecodedImage(image: image, warnings: warnings)
    }
    if let profile = header.colorProfile { ColorManagement.convertToSRGB(&image, profile: profile) }
    return DecodedImage(image: image.oriented(header.orientation), warnings: warnings)
  }

  /// An upright `size` as the stored pixels of the file whose `header` this is measure it.
  static func storedSize(_ size: (width: Int, height: Int)?, _ header: ImageHeader) -> (
    width: Int, height: Int
  )? {
    size.map { header.orientation.swapsDimensions ? ($0.height, $0.width) : ($0.width, $0.height) }
  }

  /// The bytes of the file whose `header` was read earlier, opening it once: how an original
  /// JPEG is embedded in a PDF as it is.
  ///
  /// - Throws: ``ImageError`` when the file cannot be read or changed since its header was read.
  public static func fileBytes(path: String, header: ImageHeader) throws -> [UInt8] {
    let file = try ImageFile(path: path)
    try checkUnchanged(file, header: header)
    return try file.readAll()
  }

  /// Throws when the header claims more than `maxPixels` pixels.
  public static func checkPixelLimit(_ header: ImageHeader, maxPixels: Int, path: String) throws {
    try checkPixelLimit(
      width: header.width, height: header.height, pixelCount: header.pixelCount, maxPixels: maxPixels,
      path: path)
  }

  /// Refuses a `width`×`height` image of `pixelCount` pixels (`.max` when the count overflows)
  /// over `maxPixels`, naming `path`.
  public static func checkPixelLimit(
    width: Int, height: Int, pixelCount: Int, maxPixels: Int, path: String
  ) throws {
    guard pixelCount <= maxPixels else {
      let count = pixelCount == .max ? "too many" : "\(pixelCount)"
      throw ImageError(
        path: path,
        reason: "\(width)×\(height) is \(count) pixels, more than the limit of \(maxPixels) (--max-pixels)")
    }
  }

  static func checkUnchanged(_ file: ImageFile, header: ImageHeader?) throws {
    guard let stamp = header?.stamp, stamp != file.stamp else { return }
    throw ImageError(
      path: file.path, reason: "the file changed after its header was read (run again to use the new file)")
  }

  /// The header of the file whose first bytes `source` holds.
  static func header(of source: HeaderBytes, path: String, stamp: FileStamp?) throws -> ImageHeader {
    guard let format = ImageFormat.sniff(source.prefix) else {
      throw ImageError(
        path: path,
        reason: source.totalSize == 0
          ? "file is empty" : "not a JPEG, PNG, WebP, TIFF, HEIF, AVIF, camera RAW or video file")
    }
    switch format {
    case .jpeg: return try jpegHeader(source, path: path, stamp: stamp)
    case .png: return try PNGMetadata.header(source, path: path, stamp: stamp)
    case .webp: return try WebPMetadata.header(source, path: path, stamp: stamp)
    case .tiff:
      switch try TIFFCodec.header(source, path: path, stamp: stamp) {
      case .tiff(let header): return header
      case .raw: return try RAWCodec.header(rawSource(source, path: path), path: path, stamp: stamp)
      }
    case .heif, .avif:
      return try HEIFCodec.header(try wholeFile(source, path: path), format: format, path: path, stamp: stamp)
    case .raw:
      return try RAWCodec.header(rawSource(source, path: path), path: path, stamp: stamp)
    case .video:
      return try VideoCodec.header(source, path: path, stamp: stamp)
    }
  }

  /// The open file for LibRaw to read itself, or the bytes when they are all in memory.
  private static func rawSource(_ source: HeaderBytes, path: String) throws -> RAWCodec.Source {
    if let file = source.file { return .file(file, prefix: source.prefix) }
    return .bytes(source.prefix)
  }

  /// The whole file, for the formats whose libraries read their headers from all of it.
  private static func wholeFile(_ source: HeaderBytes, path: String) throws -> [UInt8] {
    while source.prefix.count < source.totalSize {
      guard try source.extend(toAtLeast: source.totalSize) else { break }
    }
    guard source.prefix.count == source.totalSize else {
      throw ImageError(path: path, reason: "file is truncated (it ended while being read)")
    }
    return source.prefix
  }

  private static func jpegHeader(_ source: HeaderBytes, path: String, stamp: FileStamp?) throws -> ImageHeader
  {
    while true {
      switch JPEGHeader.scan(source.prefix) {
      case .found(let jpeg):
        guard jpeg.width > 0, jpeg.height > 0 else {
          throw ImageError(path: path, reason: "JPEG header gives no size")
        }
        var metadata = HeaderMetadata(
          iccProfile: jpeg.iccProfile, xmp: jpeg.xmp.map(Array.init), iptc: jpeg.iptc.map(Array.init))
        if let exif = jpeg.exif { (metadata.exif, metadata.orientation) = ExifBlock.parse(exif) }
        return ImageHeader(
          format: .jpeg, storedWidth: jpeg.width, storedHeight: jpeg.height, metadata: metadata,
          codec: .jpeg(jpeg.frame), stamp: stamp)
      case .needsMoreBytes(let count):
        guard try source.extend(toAtLeast: count) else {
          throw ImageError(path: path, reason: "file is truncated (the JPEG header ends early)")
        }
      case .invalid(let reason):
        throw ImageError(path: path, reason: reason)
      }
    }
  }
}
