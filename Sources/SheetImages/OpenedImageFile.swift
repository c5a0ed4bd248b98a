import SheetPixels

/// An image file opened once, with its header: the bytes a cache hashes and the decode that
/// follows come from the same open file, so what is cached is what was hashed. The bytes are
/// read on first use, so a cache that finds the image by the file's identity never reads them.
package final class OpenedImageFile {
  /// The path as given.
  package let path: String
  /// The header, read earlier in the run or from the file's bytes.
  package let header: ImageHeader
  let file: ImageFile
  private var contents: [UInt8]?

  /// Opens `path`; with the `header` read earlier in the run, a file that changed since is
  /// refused, and without one the file is read whole for its header.
  ///
  /// - Throws: ``ImageError`` when the file cannot be read, changed, or is not an image.
  package init(path: String, header: ImageHeader?) throws {
    let file = try ImageFile(path: path)
    try ImageReader.checkUnchanged(file, header: header)
    self.path = path
    self.file = file
    if let header {
      self.header = header
    } else {
      (self.header, contents) = try ImageReader.readHeader(file)
    }
  }

  /// Which file was opened and when it had last changed, at the moment it was opened.
  package var identity: FileIdentity { file.identity }
  /// When it was opened, in nanoseconds since 1970.
  package var openedAt: Int64 { file.openedAt }
  /// Whether an unchanged ``identity`` proves unchanged bytes on the file's file system (see
  /// `ImageFile.keepsChangeTime`).
  package var keepsChangeTime: Bool { file.keepsChangeTime }

  /// The open file's identity as the kernel reports it now (nil when it cannot say): equal to
  /// ``identity`` when nothing wrote to the file since it was opened.
  package func currentIdentity() -> FileIdentity? { file.currentIdentity() }

  /// The file's whole contents, read from the open file on first use.
  ///
  /// - Throws: ``ImageError`` when the file cannot be read.
  package func bytes() throws -> [UInt8] {
    if let contents { return contents }
    let bytes = try file.readAll()
    contents = bytes
    return bytes
  }

  /// What a cache hashes to know the file by its content: its whole contents, but for a video
  /// (which may be gigabytes) its size, first and last mebibyte, which change with any edit a
  /// camera or an editor makes (the index, the recording time, the length).
  ///
  /// - Throws: ``ImageError`` when the file cannot be read.
  package func contentSample() throws -> [UInt8] {
    guard header.format == .video else { return try bytes() }
    let edge = 1 << 20
    var size = UInt64(file.size)
    var sample = withUnsafeBytes(of: &size) { Array($0) }
    sample += try file.read(at: 0, count: edge)
    if file.size > edge { sample += try file.read(at: max(edge, file.size - edge), count: edge) }
    return sample
  }

  /// Decodes the file as ``ImageReader/load(path:header:minimumSize:maxPixels:)`` does, from
  /// the bytes ``bytes()`` gives (libtiff and LibRaw read the same open file).
  ///
  /// - Throws: ``ImageError`` when nothing could be decoded or the image is over `maxPixels`.
  /// A JPEG is decoded into `spare`'s storage when there is one.
  package func load(
    minimumSize: (width: Int, height: Int)?, maxPixels: Int, spare: SpareStorage? = nil
  ) throws -> DecodedImage {
    try ImageReader.decode(
      file, header: header, bytes: header.format == .video ? nil : try bytes(), minimumSize: minimumSize,
      maxPixels: maxPixels, spare: spare)
  }
}
