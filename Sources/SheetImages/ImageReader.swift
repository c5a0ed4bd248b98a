import Foundation

/// Reads image files: a cheap header phase for layout, and a decode phase that returns
/// upright pixels at (about) the size they will be drawn.
public enum ImageReader {
  /// Reads the format, stored size and orientation without decoding pixels.
  public static func info(path: String) throws -> ImageInfo {
    let bytes = try readBytes(path)
    return try info(bytes: bytes, path: path)
  }

  /// Decodes `path` upright. When `minimumSize` (upright pixels) is given, formats that can
  /// shrink while decoding (JPEG, WebP) do so, never below that size; the caller resamples
  /// to the exact size it draws.
  public static func decode(path: String, minimumSize: (width: Int, height: Int)? = nil) throws -> RasterImage
  {
    let bytes = try readBytes(path)
    let header = try info(bytes: bytes, path: path)
    let stored = minimumSize.map {
      header.orientation.swapsDimensions ? ($0.height, $0.width) : ($0.width, $0.height)
    }
    let image: RasterImage
    switch header.format {
    case .jpeg: image = try JPEGCodec.decode(bytes, path: path, minimumSize: stored)
    case .png: image = try PNGCodec.decode(bytes, path: path)
    case .webp: throw ImageError(path: path, reason: "WebP is not supported yet")
    }
    return image.oriented(header.orientation)
  }

  static func info(bytes: [UInt8], path: String) throws -> ImageInfo {
    guard let format = ImageFormat.sniff(bytes) else {
      throw ImageError(path: path, reason: bytes.isEmpty ? "file is empty" : "not a JPEG, PNG or WebP image")
    }
    switch format {
    case .jpeg:
      let size = try JPEGCodec.info(bytes, path: path)
      return ImageInfo(
        format: .jpeg, storedWidth: size.width, storedHeight: size.height,
        orientation: ExifReader.orientation(bytes))
    case .png:
      let size = try PNGCodec.info(bytes, path: path)
      return ImageInfo(format: .png, storedWidth: size.width, storedHeight: size.height)
    case .webp:
      throw ImageError(path: path, reason: "WebP is not supported yet")
    }
  }

  static func readBytes(_ path: String) throws -> [UInt8] {
    guard let data = FileManager.default.contents(atPath: path) else {
      let exists = FileManager.default.fileExists(atPath: path)
      throw ImageError(
        path: path, reason: exists ? "cannot be read (check its permissions)" : "file not found")
    }
    return [UInt8](data)
  }
}
