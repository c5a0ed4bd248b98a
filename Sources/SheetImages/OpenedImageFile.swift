/// An image file opened once and read whole, with its header: the bytes a cache hashes and the
/// decode that follows come from the same open file, so what is cached is what was hashed.
package final class OpenedImageFile {
  /// The path as given.
  package let path: String
  /// The file's whole contents.
  package let bytes: [UInt8]
  /// The header, read earlier in the run or from `bytes`.
  package let header: ImageHeader
  let file: ImageFile

  /// Opens `path` and reads all of it; with the `header` read earlier in the run, a file that
  /// changed since is refused, and without one the header is read from the bytes.
  ///
  /// - Throws: ``ImageError`` when the file cannot be read, changed, or is not an image.
  package init(path: String, header: ImageHeader?) throws {
    let file = try ImageFile(path: path)
    try ImageReader.checkUnchanged(file, header: header)
    let bytes = try file.readAll()
    self.path = path
    self.file = file
    self.bytes = bytes
    self.header =
      try header ?? ImageReader.header(of: HeaderBytes(bytes: bytes), path: path, stamp: file.stamp)
  }

  /// Decodes the file as ``ImageReader/load(path:header:minimumSize:maxPixels:)`` does, from
  /// the bytes already read (libtiff and LibRaw read the same open file).
  ///
  /// - Throws: ``ImageError`` when nothing could be decoded or the image is over `maxPixels`.
  package func load(minimumSize: (width: Int, height: Int)?, maxPixels: Int) throws -> DecodedImage {
    try ImageReader.decode(file, header: header, bytes: bytes, minimumSize: minimumSize, maxPixels: maxPixels)
  }
}
