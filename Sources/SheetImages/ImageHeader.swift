import SheetPixels

/// Everything an image file's first bytes say, read once per file and run without decoding
/// pixels: layout uses the upright size, captions the EXIF fields, and decoding takes the
/// header instead of sniffing and scanning the file again.
public struct ImageHeader: Sendable, Hashable {
  /// The format, from the file's signature.
  public let format: ImageFormat
  /// Width of the stored pixels.
  public let storedWidth: Int
  /// Height of the stored pixels.
  public let storedHeight: Int
  /// How the stored pixels turn upright: a JPEG's EXIF orientation, a TIFF's Orientation tag, a
  /// camera RAW's own flag; `.up` for PNG and WebP, whose EXIF orientation is not applied, and
  /// for HEIF and AVIF, whose size is already upright (their transforms apply while decoding).
  public let orientation: Orientation
  /// The EXIF fields captions and sorting use; empty when the file has no EXIF data.
  public let exif: ExifFields
  /// The embedded ICC colour profile: a JPEG's APP2 `ICC_PROFILE` segments joined in order, a
  /// WebP's `ICCP` chunk, a PNG's `iCCP` profile (inflated), a TIFF's ICC tag or a HEIF's `colr`
  /// profile. Decoding converts through it to sRGB. Nil when there is none or it is malformed.
  /// Headers carrying the same profile share one copy of its bytes.
  public var iccProfile: [UInt8]? { colorProfile?.iccBytes }
  /// The embedded XMP packet: a JPEG's APP1 `http://ns.adobe.com/xap/1.0/` segment, a PNG's
  /// uncompressed `iTXt` `XML:com.adobe.xmp` chunk, a WebP's `XMP ` chunk or a RAW's packet;
  /// nil once ``droppingXMP()`` has been called (the caller has read what it needs from it).
  public private(set) var xmp: [UInt8]?
  /// A JPEG's APP13 `Photoshop 3.0` segment, where IPTC-IIM captions live; nil for other
  /// formats, and once ``droppingXMP()`` has been called.
  public private(set) var iptc: [UInt8]?
  /// Upright sizes of the embedded previews a decoder uses instead of the image when one covers
  /// the size asked for (a HEIF's thumbnails, a camera RAW's preview); empty when there are none.
  public let previewSizes: [PixelSize]
  /// A video clip's duration, frame rate, codec and bitrate; nil for photos. Its recording
  /// time and device are in ``exif`` (`dateTaken`, `camera`), as a photo's are.
  public let video: VideoDetails?

  /// The colour space decoding converts from: the ICC profile, or a HEIF's nclx description.
  let colorProfile: ColorProfile?
  /// Whether decoding converts the pixels from a colour space of the file's own (an ICC profile or nclx).
  package var hasColorProfile: Bool { colorProfile != nil }

  /// What the decoder needs beyond the size (JPEG components, WebP alpha).
  let codec: CodecDetails
  /// The file's size and modification time when the header was read, nil when read from bytes.
  let stamp: FileStamp?

  init(
    format: ImageFormat, storedWidth: Int, storedHeight: Int,
    metadata: HeaderMetadata = HeaderMetadata(), codec: CodecDetails, stamp: FileStamp? = nil
  ) {
    self.format = format
    self.storedWidth = storedWidth
    self.storedHeight = storedHeight
    orientation = metadata.orientation
    exif = metadata.exif
    colorProfile = metadata.iccProfile.map { .icc(ICCProfile.shared($0)) } ?? metadata.nclx.map { .nclx($0) }
    xmp = metadata.xmp
    iptc = metadata.iptc
    previewSizes = metadata.previewSizes
    video = metadata.video
    self.codec = codec
    self.stamp = stamp
  }

  /// Width after EXIF orientation: the size a viewer shows, and the one layout uses.
  public var width: Int { orientation.swapsDimensions ? storedHeight : storedWidth }
  /// Height after EXIF orientation.
  public var height: Int { orientation.swapsDimensions ? storedWidth : storedHeight }

  /// The same header without its XMP packet and IPTC segment: what a caller keeps for the rest
  /// of a run once it has read the rating, label and descriptive fields from them, so
  /// thousands of headers do not each hold kilobytes of XML nothing reads again.
  package func droppingXMP() -> ImageHeader {
    var header = self
    header.xmp = nil
    header.iptc = nil
    return header
  }

  /// The number of stored pixels, or `Int.max` when the declared size overflows.
  public var pixelCount: Int {
    let (count, overflow) = storedWidth.multipliedReportingOverflow(by: storedHeight)
    return overflow ? .max : count
  }
}

/// Format details the decoders need from the header.
enum CodecDetails: Sendable, Hashable {
  case jpeg(JPEGFrame)
  case png
  case webp(hasAlpha: Bool, isAnimated: Bool)
  case tiff(TIFFDetails)
  /// HEIF or AVIF, decoded through libheif.
  case heif
  case raw
  /// A video clip, decoded through FFmpeg.
  case video
}

/// The metadata a header scan collects besides the size.
struct HeaderMetadata: Sendable, Hashable {
  var exif = ExifFields()
  /// Set from EXIF for JPEG only.
  var orientation = Orientation.up
  var iccProfile: [UInt8]?
  /// A HEIF's nclx colour description, used when it has no ICC profile and needs converting.
  var nclx: NCLXColour?
  var xmp: [UInt8]?
  /// A JPEG's APP13 segment (see ``ImageHeader/iptc``).
  var iptc: [UInt8]?
  /// Upright sizes of the embedded previews (see ``ImageHeader/previewSizes``).
  var previewSizes: [PixelSize] = []
  /// A video clip's facts.
  var video: VideoDetails?
}
