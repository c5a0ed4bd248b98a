import CRaw
import Foundation
import SheetPixels

/// Camera RAW reading through LibRaw (DNG, CR2, CR3, NEF, ARW, RAF, ORF, RW2, PEF and the rest
/// LibRaw knows). Proofing wants speed: the camera's embedded JPEG preview is used when it
/// covers the size wanted, else LibRaw's half-size decode (one pixel per 2×2 Bayer block, no
/// demosaicing). Either way the RAW's own orientation flag turns the result upright.
enum RAWCodec {
  /// Where LibRaw reads a RAW from.
  enum Source {
    /// The whole file in memory.
    case bytes([UInt8])
    /// An open file LibRaw reads itself (only the parts it needs), and the bytes of its start
    /// already read, if any.
    case file(ImageFile, prefix: [UInt8] = [])

    /// The file's first bytes, for the EXIF fields of TIFF-based RAWs.
    var start: [UInt8] {
      switch self {
      case .bytes(let bytes): bytes
      case .file(_, let prefix): prefix
      }
    }
  }

  /// The size, orientation (from LibRaw's flip) and fields of a RAW file.
  static func header(_ source: Source, path: String, stamp: FileStamp?) throws -> ImageHeader {
    let bytes = source.start
    var damage: [String] = []  // the decode reports it
    _ = try layout(source, path: path)
    return try withRAW(source, path: path, warnings: &damage) { raw in
      let sizes = raw.pointee.sizes
      guard sizes.width > 0, sizes.height > 0 else {
        throw ImageError(path: path, reason: "camera RAW gives no size")
      }
      var metadata = HeaderMetadata()
      metadata.orientation = orientation(flip: sizes.flip)
      let preview = raw.pointee.thumbnail
      if preview.twidth > 0, preview.theight > 0 {
        let (width, height) = (Int(preview.twidth), Int(preview.theight))
        metadata.previewSizes = [
          metadata.orientation.swapsDimensions
            ? PixelSize(width: height, height: width) : PixelSize(width: width, height: height)
        ]
      }
      let tiffBased = ImageFormat.sniff(bytes) == .tiff || bytes.starts(with: Array("II*\0".utf8))
      metadata.exif = tiffBased ? ExifBlock.parse(bytes[...]).fields : fields(raw)
      let xmp = raw.pointee.idata
      if let data = xmp.xmpdata, xmp.xmplen > 0, Int(xmp.xmplen) <= HeaderBytes.maxMetadataBytes {
        metadata.xmp = Array(UnsafeRawBufferPointer(start: data, count: Int(xmp.xmplen)))
      }
      return ImageHeader(
        format: .raw, storedWidth: Int(sizes.width), storedHeight: Int(sizes.height), metadata: metadata,
        codec: .raw, stamp: stamp)
    }
  }

  /// Decodes upright: the embedded JPEG preview when it is at least `minimumSize` (stored
  /// orientation) or, with no size given, at least half the sensor's size; else a half-size
  /// decode of the raw data. Damage LibRaw reads past (a truncated or corrupt file) is added
  /// to `warnings`. A preview larger than `maxPixels` is not used, and raw data of more than
  /// twice `maxPixels` (the sensor's whole area, margins included: a few percent more than the
  /// image in real cameras) is refused before LibRaw allocates it, since the header's size is
  /// the cropped image's, which a hostile file can make far smaller.
  static func decode(
    _ source: Source, header: ImageHeader, path: String, minimumSize: (width: Int, height: Int)?,
    maxPixels: Int = .max, warnings: inout [String]
  ) throws -> RasterImage {
    let wanted = minimumSize ?? (header.storedWidth / 2, header.storedHeight / 2)
    let previewInFile = try layout(source, path: path).previewInFile
    let fromFirstOpen: RasterImage? = try withRAW(source, path: path, warnings: &warnings) { raw in
      // A thumbnail LibRaw fails to read leaves it reset (as if never opened), so the raw
      // data is then decoded from a second open below; a file with no (usable) thumbnail is
      // decoded from this one.
      switch previewInFile ? libraw_unpack_thumb(raw) : LIBRAW_NO_THUMBNAIL.rawValue {
      case LIBRAW_SUCCESS.rawValue: break
      case LIBRAW_NO_THUMBNAIL.rawValue, LIBRAW_UNSUPPORTED_THUMBNAIL.rawValue:
        return try halfSize(raw, maxPixels: maxPixels, path: path)
      default: return nil
      }
      if let preview = try preview(raw, covering: wanted, maxPixels: maxPixels, path: path) {
        return preview.oriented(header.orientation)
      }
      return try halfSize(raw, maxPixels: maxPixels, path: path)
    }
    if let fromFirstOpen { return fromFirstOpen }
    return try withRAW(source, path: path, warnings: &warnings) {
      try halfSize($0, maxPixels: maxPixels, path: path)
    }
  }

  /// The file's layout, checked before LibRaw reads it (see ``RAWLayout``).
  private static func layout(_ source: Source, path: String) throws -> RAWLayout {
    do {
      switch source {
      case .bytes(let bytes):
        return try RAWLayout.check(size: bytes.count) { offset, count in
          guard offset >= 0, count >= 0, offset < bytes.count else { return [] }
          return Array(bytes[offset..<min(bytes.count, offset + min(count, bytes.count))])
        }
      case .file(let file, _):
        return try RAWLayout.check(size: file.size) { offset, count in
          guard offset >= 0, count >= 0, offset < file.size else { return [] }
          return try file.read(at: offset, count: count)
        }
      }
    } catch let refusal as RAWLayout.Refusal {
      throw ImageError(path: path, reason: refusal.reason)
    }
  }

  /// LibRaw's version, for fingerprints.
  static var version: String { String(cString: libraw_version()) }

  /// The embedded JPEG preview (unpacked already) decoded at the smallest scale covering
  /// `wanted`, or nil when there is none, it is not a JPEG, it is smaller than `wanted` or
  /// larger than `maxPixels`.
  private static func preview(
    _ raw: UnsafeMutablePointer<libraw_data_t>, covering wanted: (width: Int, height: Int), maxPixels: Int,
    path: String
  ) throws -> RasterImage? {
    let thumbnail = raw.pointee.thumbnail
    guard thumbnail.tformat == LIBRAW_THUMBNAIL_JPEG, let data = thumbnail.thumb, thumbnail.tlength > 0 else {
      return nil
    }
    let jpeg = [UInt8](UnsafeRawBufferPointer(start: data, count: Int(thumbnail.tlength)))
    guard case .found(let frame) = JPEGHeader.scan(jpeg), frame.width >= wanted.width,
      frame.height >= wanted.height, frame.width * frame.height <= maxPixels
    else { return nil }
    var ignored: [String] = []
    return try JPEGCodec.decode(
      jpeg, size: (frame.width, frame.height), frame: frame.frame, path: path, minimumSize: wanted,
      warnings: &ignored)
  }

  /// LibRaw's half-size decode in sRGB, already turned upright by LibRaw.
  private static func halfSize(_ raw: UnsafeMutablePointer<libraw_data_t>, maxPixels: Int, path: String)
    throws -> RasterImage
  {
    let sizes = raw.pointee.sizes
    let rawPixels = Int(sizes.raw_width) * Int(sizes.raw_height)
    guard rawPixels / 2 <= maxPixels else {
      throw ImageError(
        path: path,
        reason:
          "its raw data is \(sizes.raw_width)×\(sizes.raw_height) pixels, more than twice the limit of \(maxPixels) (--max-pixels)"
      )
    }
    // LibRaw's own cap on the raw buffer (up to 4 samples of 16 bits for each of up to twice
    // `maxPixels` pixels), in MB, never above its default of 2 GB.
    let rawMegabytes = maxPixels >= 1 << 28 ? 2048 : (maxPixels * 16) >> 20
    raw.pointee.params.max_raw_memory_mb = UInt32(min(2048, max(64, rawMegabytes)))
    raw.pointee.params.half_size = 1
    raw.pointee.params.use_camera_wb = 1
    raw.pointee.params.output_bps = 8
    raw.pointee.params.output_color = 1
    var status = libraw_unpack(raw)
    if status == LIBRAW_SUCCESS.rawValue { status = libraw_dcraw_process(raw) }
    guard status == LIBRAW_SUCCESS.rawValue else {
      throw ImageError(
        path: path,
        reason: status == LIBRAW_IO_ERROR.rawValue
          ? "camera RAW data ends before the picture does (the file may be truncated)"
          : "camera RAW data cannot be decoded (\(String(cString: libraw_strerror(status))))")
    }
    var error: Int32 = 0
    guard let image = libraw_dcraw_make_mem_image(raw, &error) else {
      throw ImageError(
        path: path, reason: "camera RAW data cannot be decoded (\(String(cString: libraw_strerror(error))))")
    }
    defer { libraw_dcraw_clear_mem(image) }
    let width = Int(image.pointee.width)
    let height = Int(image.pointee.height)
    let colors = Int(image.pointee.colors)
    guard image.pointee.type == LIBRAW_IMAGE_BITMAP, image.pointee.bits == 8, colors == 3 || colors == 1,
      Int(image.pointee.data_size) >= width * height * colors
    else { throw ImageError(path: path, reason: "camera RAW decodes to an unexpected pixel layout") }
    var pixels = [UInt8](repeating: 255, count: width * height * 4)
    withUnsafePointer(to: &image.pointee.data) { start in
      let source = UnsafeRawPointer(start).assumingMemoryBound(to: UInt8.self)
      pixels.withUnsafeMutableBufferPointer { target in
        for index in 0..<width * height {
          let from = index * colors
          target[index * 4] = source[from + (colors == 3 ? 2 : 0)]
          target[index * 4 + 1] = source[from + (colors == 3 ? 1 : 0)]
          target[index * 4 + 2] = source[from]
        }
      }
    }
    return RasterImage(width: width, height: height, pixels: pixels, hasAlpha: false)
  }

  /// LibRaw's flip: 0 none, 3 half a turn, 5 a quarter turn anticlockwise, 6 clockwise.
  private static func orientation(flip: Int32) -> Orientation {
    switch flip {
    case 3: .upsideDown
    case 5: .left
    case 6: .right
    default: .up
    }
  }

  /// Caption fields from what LibRaw parsed, for RAW files that are not TIFF-based (CR3, RAF).
  private static func fields(_ raw: UnsafeMutablePointer<libraw_data_t>) -> ExifFields {
    var fields = ExifFields()
    let make = text(raw.pointee.idata.make)
    let model = text(raw.pointee.idata.model)
    if let model { fields.camera = make.map { model.hasPrefix($0) ? model : "\($0) \(model)" } ?? model }
    let other = raw.pointee.other
    if other.iso_speed > 0 { fields.iso = Int(other.iso_speed) }
    if other.shutter > 0 { fields.exposureTime = Double(other.shutter) }
    if other.aperture > 0 { fields.fNumber = Double(other.aperture) }
    if other.focal_len > 0 { fields.focalLength = Double(other.focal_len) }
    if other.timestamp > 0 { fields.dateTaken = Date(timeIntervalSince1970: TimeInterval(other.timestamp)) }
    return fields
  }

  private static func text<T>(_ tuple: T) -> String? {
    let value = withUnsafeBytes(of: tuple) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
      .trimmingCharacters(in: .whitespaces)
    return value.isEmpty ? nil : value
  }

  /// Opens `source` (bytes are not copied) with LibRaw, its messages silenced, and runs `body`.
  /// Where LibRaw reads past damaged data, one warning per damaged place is added to `warnings`
  /// (at most ``maxDamageWarnings``).
  private static func withRAW<Result>(
    _ source: Source, path: String, warnings: inout [String],
    _ body: (UnsafeMutablePointer<libraw_data_t>) throws -> Result
  ) throws -> Result {
    guard let raw = libraw_init(0) else { throw ImageError(path: path, reason: "could not start LibRaw") }
    defer { libraw_close(raw) }
    let damage = DamageLog()
    defer { warnings += damage.warnings }
    // LibRaw's default handlers print to stderr.
    libraw_set_dataerror_handler(
      raw,
      { context, _, offset in
        guard let context else { return }
        Unmanaged<DamageLog>.fromOpaque(context).takeUnretainedValue().record(offset: Int(offset))
      }, Unmanaged.passUnretained(damage).toOpaque())
    libraw_set_memerror_handler(raw, { _, _, _ in }, nil)
    return try withExtendedLifetime(damage) {
      func opened(_ status: Int32) throws -> Result {
        guard status == LIBRAW_SUCCESS.rawValue else {
          throw ImageError(
            path: path,
            reason: "not a camera RAW LibRaw can read (\(String(cString: libraw_strerror(status))))"
          )
        }
        return try body(raw)
      }
      switch source {
      case .file(let file, _):
        return try withExtendedLifetime(file) { try opened(libraw_open_file(raw, file.descriptorPath)) }
      case .bytes(let bytes):
        return try bytes.withUnsafeBytes { buffer in
          // LibRaw only reads the buffer, though its signature does not say so.
          try opened(
            libraw_open_buffer(raw, UnsafeMutableRawPointer(mutating: buffer.baseAddress), buffer.count))
        }
      }
    }
  }

  /// At most this many places of damage are named for one file.
  static let maxDamageWarnings = 3

  /// The places where LibRaw found the data damaged, as it reports them.
  private final class DamageLog {
    private var offsets: [Int] = []
    private var more = 0

    func record(offset: Int) {
      if offsets.contains(offset) { return }
      if offsets.count < RAWCodec.maxDamageWarnings { offsets.append(offset) } else { more += 1 }
    }

    var warnings: [String] {
      var lines = offsets.map {
        $0 < 0
          ? "camera RAW data ends early or is damaged: the part LibRaw could read is shown"
          : "camera RAW data is damaged at byte \($0): the picture may be partly wrong"
      }
      if more > 0 { lines.append("camera RAW data is damaged in \(more) more places") }
      return lines
    }
  }
}
