import SheetCache
import SheetImages
import SheetSupport

/// An image file (JPEG, PNG, WebP, TIFF, HEIF/AVIF, camera RAW): decoded at the smallest size a
/// card needs, through the thumbnail cache when there is one (the same pixels either way); an
/// upright, untagged JPEG keeps its own bytes in output that keeps originals.
public struct FileImageSource: ImageSource, Hashable {
  /// The file.
  public let path: String
  /// The header read before layout, so that decoding opens the file once more; nil reads it
  /// then. Boxed: a document holds one source per card.
  private let headerBox: Box<ImageHeader>?

  /// The file at `path`, with its header when it was read already.
  public init(path: String, header: ImageHeader? = nil) {
    self.path = path
    headerBox = header.map(Box.init)
  }

  /// The file at `path`, whose header is in `sharedHeader` (a box other items of the same file
  /// may share).
  package init(path: String, sharedHeader: Box<ImageHeader>?) {
    self.path = path
    headerBox = sharedHeader
  }

  /// The header read before layout, if any.
  public var header: ImageHeader? { headerBox?.value }

  /// Whether both are the same file with the same header read.
  public static func == (left: FileImageSource, right: FileImageSource) -> Bool {
    left.path == right.path && left.header == right.header
  }

  /// Hashes what `==` compares.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(path)
    hasher.combine(header)
  }

  /// The path.
  public var name: String { path }

  /// The path: one file is one picture within a run.
  public var identity: String { path }

  /// The size the header declares, upright.
  public func pixelSize() throws -> PixelSize {
    let header = try header ?? ImageReader.header(path: path)
    return PixelSize(width: header.width, height: header.height)
  }

  /// The file decoded at the canonical ``ShrinkLevel`` for a card of `placed` pixels, through
  /// the cache when there is one. The file is opened once.
  public func image(forCard placed: PixelSize, context: DecodeContext) throws -> DecodedImage {
    if context.cache == nil, let header {
      try ImageReader.checkPixelLimit(header, maxPixels: context.maxPixels, path: path)
      let level = ShrinkLevel(
        card: placed, width: header.width, height: header.height, previews: header.previewSizes)
      return try ImageReader.load(
        path: path, header: header, minimumSize: (level.minimumSize.width, level.minimumSize.height),
        maxPixels: context.maxPixels, spare: context.spare)
    }
    let opened = try OpenedImageFile(path: path, header: header)
    try ImageReader.checkPixelLimit(opened.header, maxPixels: context.maxPixels, path: path)
    let level = ShrinkLevel(
      card: placed, width: opened.header.width, height: opened.header.height,
      previews: opened.header.previewSizes)
    if let cache = context.cache {
      return try cache.image(for: opened, level: level, maxPixels: context.maxPixels, spare: context.spare)
    }
    return try opened.load(
      minimumSize: (level.minimumSize.width, level.minimumSize.height), maxPixels: context.maxPixels,
      spare: context.spare)
  }

  /// An upright JPEG without a colour profile, within `bound`, as its own bytes; anything else
  /// decoded (and converted to sRGB), shrinking as it decodes when larger than `bound`. The
  /// file is opened once here (twice when no header was read before, as ``pixelSize()`` then
  /// read it too).
  public func originalPicture(bound: PixelSize, context: DecodeContext) throws -> OriginalPicture {
    let header = try header ?? ImageReader.header(path: path)
    try ImageReader.checkPixelLimit(header, maxPixels: context.maxPixels, path: path)
    let fits = header.width <= bound.width && header.height <= bound.height
    if fits && header.format == .jpeg && header.orientation == .up && header.iccProfile == nil {
      let bytes = try ImageReader.fileBytes(path: path, header: header)
      return .jpegFile(bytes: bytes, width: header.storedWidth, height: header.storedHeight)
    }
    let loaded = try ImageReader.load(
      path: path, header: header,
      minimumSize: (min(bound.width, header.width), min(bound.height, header.height)),
      maxPixels: context.maxPixels)
    return .pixels(loaded)
  }
}
