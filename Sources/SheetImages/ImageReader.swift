import Foundation

/// Reads image files: a cheap header phase for layout, and a decode phase that returns
/// upright pixels at (about) the size they will be drawn.
public enum ImageReader {
  /// How much of a file the header phase reads first; a JPEG whose EXIF or ICC segments are
  /// larger is read further, as far as its frame header.
  static let headerPrefix = 128 * 1024

  /// Reads the format, stored size and orientation without decoding pixels, reading only
  /// the start of the file.
  public static func info(path: String) throws -> ImageInfo {
    let head = try readBytes(path, limit: headerPrefix)
    do {
      return try info(bytes: head, path: path).info
    } catch HeaderError.needsWholeFile {
      return try info(bytes: try readBytes(path), path: path).info
    }
  }

  /// Decodes `path` upright. When `minimumSize` (upright pixels) is given, formats that can
  /// shrink while decoding (JPEG, WebP) do so, never below that size; the caller resamples
  /// to the exact size it draws. Images whose header claims more than `maxPixels` pixels
  /// are refused before any pixel is decoded.
  public static func decode(
    path: String, minimumSize: (width: Int, height: Int)? = nil, maxPixels: Int = .max
  ) throws -> RasterImage {
    let bytes = try readBytes(path)
    let (header, jpeg) = try info(bytes: bytes, path: path)
    try checkPixelLimit(header, maxPixels: maxPixels, path: path)
    let stored = minimumSize.map {
      header.orientation.swapsDimensions ? ($0.height, $0.width) : ($0.width, $0.height)
    }
    let image: RasterImage
    switch header.format {
    case .jpeg: image = try JPEGCodec.decode(bytes, header: jpeg!, path: path, minimumSize: stored)
    case .png: image = try PNGCodec.decode(bytes, path: path)
    case .webp: image = try WebPCodec.decode(bytes, path: path, minimumSize: stored)
    }
    return image.oriented(header.orientation)
  }

  /// Throws when the header claims more than `maxPixels` pixels.
  public static func checkPixelLimit(_ info: ImageInfo, maxPixels: Int, path: String) throws {
    guard info.storedWidth * info.storedHeight <= maxPixels else {
      throw ImageError(
        path: path,
        reason:
          "\(info.width)×\(info.height) is \(info.storedWidth * info.storedHeight) pixels, more than the limit of \(maxPixels) (--max-pixels)"
      )
    }
  }

  private enum HeaderError: Error { case needsWholeFile }

  static func info(bytes: [UInt8], path: String) throws -> (info: ImageInfo, jpeg: JPEGHeader?) {
    guard let format = ImageFormat.sniff(bytes) else {
      throw ImageError(path: path, reason: bytes.isEmpty ? "file is empty" : "not a JPEG, PNG or WebP image")
    }
    switch format {
    case .jpeg:
      switch JPEGHeader.scan(bytes) {
      case .found(let header):
        guard header.width > 0, header.height > 0 else {
          throw ImageError(path: path, reason: "JPEG header gives no size")
        }
        let info = ImageInfo(
          format: .jpeg, storedWidth: header.width, storedHeight: header.height,
          orientation: ExifReader.orientation(header.exif))
        return (info, header)
      case .needsMoreBytes:
        if bytes.count == headerPrefix { throw HeaderError.needsWholeFile }
        throw ImageError(path: path, reason: "file is truncated (the JPEG header ends early)")
      case .invalid(let reason):
        throw ImageError(path: path, reason: reason)
      }
    case .png:
      let size = try PNGCodec.info(bytes, path: path)
      return (ImageInfo(format: .png, storedWidth: size.width, storedHeight: size.height), nil)
    case .webp:
      let size = try WebPCodec.info(bytes, path: path)
      return (ImageInfo(format: .webp, storedWidth: size.width, storedHeight: size.height), nil)
    }
  }

  /// The file's bytes, or its first `limit` bytes, read straight into the array (no copy).
  static func readBytes(_ path: String, limit: Int? = nil) throws -> [UInt8] {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else {
      let code = errno
      var isFolder: ObjCBool = false
      let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
      let reason =
        !exists
        ? "file not found"
        : isFolder.boolValue ? "is a folder" : "cannot be read (\(String(cString: strerror(code))))"
      throw ImageError(path: path, reason: reason)
    }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      throw ImageError(path: path, reason: "cannot be read (\(String(cString: strerror(errno))))")
    }
    guard status.st_mode & S_IFMT != S_IFDIR else { throw ImageError(path: path, reason: "is a folder") }
    let size = min(Int(status.st_size), limit ?? .max)
    var failure: Int32 = 0
    let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
      while count < size {
        let got = read(descriptor, buffer.baseAddress! + count, size - count)
        if got < 0 && errno == EINTR { continue }
        if got <= 0 {
          failure = got < 0 ? errno : 0
          break
        }
        count += got
      }
    }
    if failure != 0 {
      throw ImageError(path: path, reason: "cannot be read (\(String(cString: strerror(failure))))")
    }
    return bytes
  }
}
