/// An image file format, recognised from the file's first bytes, never from its name.
public enum ImageFormat: String, Sendable, Hashable {
  case jpeg, png, webp

  /// The format whose signature `bytes` start with, or nil.
  public static func sniff<Bytes: Collection>(_ bytes: Bytes) -> ImageFormat? where Bytes.Element == UInt8 {
    let head = Array(bytes.prefix(12))
    if head.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
    if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
    if head.count >= 12, head[0..<4].elementsEqual(Array("RIFF".utf8)),
      head[8..<12].elementsEqual(Array("WEBP".utf8))
    {
      return .webp
    }
    return nil
  }
}
