import SheetCache
import SheetImages
import SheetSupport

/// Where a card's picture comes from: anything that can tell its size and give its pixels at
/// about the size a card needs. Image files are ``FileImageSource``s; a library user's
/// in-memory pixels are a ``RasterImageSource``; a source of your own (a video's frame, a
/// downloaded image) conforms by giving these.
///
/// The renderer asks from several threads at once, each source once a card.
public protocol ImageSource: Sendable {
  /// What messages call the picture: a file's path, a URL, a clip and its time.
  var name: String { get }
  /// Equal for sources that give the same picture: what ``RenderItem``s compare, and what a
  /// document part's fingerprint holds.
  var identity: String { get }
  /// The picture's upright size in pixels, as the layout shapes its card.
  func pixelSize() throws -> PixelSize
  /// The picture upright and in sRGB, at least `placed` when it is that large (a larger
  /// image is fine: the renderer crops its centre to the card's shape and resamples it).
  ///
  /// - Throws: `ImageError` when the picture cannot be given, or holds more than
  ///   `context.maxPixels` pixels.
  func image(forCard placed: PixelSize, context: DecodeContext) throws -> DecodedImage
  /// The picture at its own size, for output that keeps originals (`--ppi original`):
  /// `bound` is its own size, or less when that is more than a card's image may be (the
  /// renderer shrinks what comes larger than `bound`).
  func originalPicture(bound: PixelSize, context: DecodeContext) throws -> OriginalPicture
}

/// What a source is given when it decodes: the limit, and what the renderer lends it.
public struct DecodeContext {
  /// Pictures holding more pixels are refused before decoding.
  public var maxPixels: Int
  /// Where decoded files are kept between runs, for sources that are files.
  package var cache: ThumbnailCache?
  /// A worker's spare storage, which a cached image or a JPEG may be read into.
  package var spare: SpareStorage?

  /// A context refusing pictures of more than `maxPixels` pixels.
  public init(maxPixels: Int) { self.maxPixels = maxPixels }
}

/// A picture kept at its own size (`--ppi original`).
public enum OriginalPicture: Sendable {
  /// A JPEG file's own bytes, embedded as they are, and its stored size.
  case jpegFile(bytes: [UInt8], width: Int, height: Int)
  /// Pixels, with what they do not show.
  case pixels(DecodedImage)
}

extension ImageSource {
  /// The picture as a card of `bound` pixels gets it (the renderer shrinks a larger one).
  public func originalPicture(bound: PixelSize, context: DecodeContext) throws -> OriginalPicture {
    .pixels(try image(forCard: bound, context: context))
  }
}

/// Pixels a program holds, shown as they are (premultiplied BGRA, as Cairo draws).
public struct RasterImageSource: ImageSource {
  /// The pixels.
  public let image: RasterImage
  /// What messages call the picture.
  public let name: String
  /// The pixels' SHA-256: two sources of the same pixels are the same picture.
  public let identity: String

  /// A source giving `image`, called `name` in messages.
  public init(_ image: RasterImage, name: String = "image in memory") {
    self.image = image
    self.name = name
    identity = "raster \(image.width)x\(image.height) " + SHA256.hex(SHA256.digest(image.pixels))
  }

  /// The pixels' size.
  public func pixelSize() throws -> PixelSize { PixelSize(width: image.width, height: image.height) }

  /// The pixels, whatever the card's size (the renderer resamples them).
  public func image(forCard placed: PixelSize, context: DecodeContext) throws -> DecodedImage {
    try ImageReader.checkPixelLimit(
      width: image.width, height: image.height, pixelCount: image.width * image.height,
      maxPixels: context.maxPixels, path: name)
    return DecodedImage(image: image)
  }
}
