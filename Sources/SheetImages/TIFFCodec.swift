import CTIFFShim
import SheetPixels
import SheetSupport

/// What decoding a TIFF needs from its header.
struct TIFFDetails: Sendable, Hashable {
  /// 8-bit contiguous CMYK: read as stored and converted through the file's ICC profile when it
  /// has one (libtiff's own conversion ignores profiles).
  var isCMYK8: Bool
  var hasAlpha: Bool
  /// How many pages (directories) the file holds, counted up to ``TIFFCodec/maxPagesCounted``.
  var pageCount: Int
  /// How each sample is stored: libtiff's SampleFormat (1 unsigned integer, 2 signed integer,
  /// 3 floating point, 4 undefined, 5 and 6 complex), bits per sample, samples per pixel and
  /// Photometric, for saying in words what kind of TIFF could not be shown.
  var sampleFormat: UInt16 = 1
  var bitsPerSample: UInt16 = 8
  var samplesPerPixel: UInt16 = 1
  var photometric: UInt16 = 2

  /// What kind of samples these are, in a photographer's words when they are not the common
  /// 8- or 16-bit unsigned kind: "32-bit floating-point", "16-bit signed-integer"; nil otherwise.
  var unusualSamples: String? {
    let kind: String
    switch sampleFormat {
    case 2: kind = "signed-integer"
    case 3: kind = "floating-point"
    case 5, 6: kind = "complex-number"
    case 1 where bitsPerSample > 16: kind = "unsigned-integer"
    case 1: return nil
    default: kind = "undefined"
    }
    return "\(bitsPerSample)-bit \(kind)"
  }

  /// The colour model in words: "RGB", "grey", "CMYK", "Lab", …
  var colourModel: String {
    switch photometric {
    case 0, 1: "grey"
    case 2: "RGB"
    case 3: "palette"
    case 5: "CMYK"
    case 6: "YCbCr"
    case 8, 9, 10: "Lab"
    case 0xFFFF: "unlabelled"
    default: "Photometric \(photometric)"
    }
  }
}

/// TIFF reading through libtiff (strips and tiles; 1- to 16-bit; grey, palette, RGB, CMYK,
/// YCbCr, with alpha; uncompressed, LZW, deflate, JPEG and the rest libtiff knows), and the rule
/// that tells a plain TIFF from a camera RAW built on TIFF.
enum TIFFCodec {
  /// The most bytes libtiff may allocate at once for one file (a strip, a tile, a tag).
  static let maxAllocation = 512 << 20
  static let maxPagesCounted = 1000

  /// What the header phase learns: a plain TIFF's header, or that the file is a camera RAW.
  enum Kind {
    case tiff(ImageHeader)
    case raw
  }

  /// Reads the first directory through `source` (only the pieces libtiff asks for). A file is a
  /// camera RAW, not a TIFF, when its first directory has a DNGVersion tag, holds a colour
  /// filter array or linear raw data, is marked as a reduced-resolution preview (so the real
  /// image lies elsewhere, as in NEF and ARW files), or uses a compression libtiff does not know
  /// (the makers' own raw codecs).
  static func header(_ source: HeaderBytes, path: String, stamp: FileStamp?) throws -> Kind {
    let reader: CallbackReader.Read = { offset, count in try source.bytes(at: offset, count: count) }
    return try withTIFF(reader: reader, size: source.totalSize, path: path) { tiff in
      var info = ctiff_info()
      ctiff_get_info(tiff, &info)
      let rawPhotometrics: Set<UInt16> = [32803, 34892]
      if info.has_dng_version != 0 || rawPhotometrics.contains(info.photometric) || info.subfile_type & 1 != 0
        || info.codec_configured == 0
      {
        return .raw
      }
      guard info.width > 0, info.height > 0 else {
        throw ImageError(path: path, reason: "TIFF header gives no size")
      }
      var metadata = HeaderMetadata()
      metadata.orientation = Orientation(rawValue: Int(info.orientation)) ?? .up
      if let profile = info.icc_profile, info.icc_profile_size <= HeaderBytes.maxMetadataBytes {
        metadata.iccProfile = Array(UnsafeBufferPointer(start: profile, count: Int(info.icc_profile_size)))
      }
      if let packet = info.xmp_packet, info.xmp_packet_size <= HeaderBytes.maxMetadataBytes {
        metadata.xmp = Array(UnsafeBufferPointer(start: packet, count: Int(info.xmp_packet_size)))
      }
      // The file's start is a TIFF structure libexif reads as it is, EXIF directory included.
      metadata.exif = ExifBlock.parse(source.prefix[...]).fields
      let details = TIFFDetails(
        isCMYK8: info.photometric == 5 && info.ink_set == 1 && info.samples_per_pixel == 4
          && info.bits_per_sample == 8 && info.planar_config == 1,
        hasAlpha: info.extra_samples > 0, pageCount: Int(ctiff_page_count(tiff, Int32(maxPagesCounted))),
        sampleFormat: info.sample_format, bitsPerSample: info.bits_per_sample,
        samplesPerPixel: info.samples_per_pixel, photometric: info.photometric)
      return .tiff(
        ImageHeader(
          format: .tiff, storedWidth: Int(info.width), storedHeight: Int(info.height), metadata: metadata,
          codec: .tiff(details), stamp: stamp))
    }
  }

  /// Decodes the first page as stored (the caller applies the orientation and colour profile,
  /// except for CMYK, converted here). Rows libtiff cannot decode stay grey, with a warning.
  static func decode(
    file: ImageFile, header: ImageHeader, details: TIFFDetails, path: String,
    minimumSize: (width: Int, height: Int)?, warnings: inout [String]
  ) throws -> RasterImage {
    let (pixelCount, overflow) = header.storedWidth.multipliedReportingOverflow(by: header.storedHeight)
    guard !overflow, pixelCount < Int(Int32.max) else {
      throw ImageError(
        path: path, reason: "TIFF is too large to decode (\(header.storedWidth)×\(header.storedHeight))")
    }
    // Shrink while reading by the largest whole factor that keeps the wanted size: only a band
    // of rows and the shrunk image are held (CMYK is read whole, to convert through its profile).
    var factor = 1
    if let minimumSize, !details.isCMYK8 {
      factor = PixelSize.wholeShrinkFactor(
        width: header.storedWidth, height: header.storedHeight, keeping: minimumSize)
    }
    let width = (header.storedWidth + factor - 1) / factor
    let height = (header.storedHeight + factor - 1) / factor
    var pixels = [UInt8](repeating: 128, count: width * height * 4)
    var message: String?
    let blocks = BlockReader(file)
    let reader: CallbackReader.Read = { offset, count in try blocks.read(at: offset, count: count) }
    let status: Int32 = try withTIFF(reader: reader, size: file.size, path: path) { tiff in
      var info = ctiff_info()
      ctiff_get_info(tiff, &info)
      guard (Int(info.width), Int(info.height)) == (header.storedWidth, header.storedHeight) else {
        throw ImageError(path: path, reason: "the TIFF's size changed after its header was read")
      }
      let status = pixels.withUnsafeMutableBytes { buffer in
        let target = buffer.baseAddress!.assumingMemoryBound(to: UInt8.self)
        if details.isCMYK8 { return ctiff_read_samples8(tiff, target) }
        // Plain RGB or grey strips are summed as they are decoded; floating-point, signed and
        // 32-bit samples (which libtiff's RGBA reader refuses) are scaled from 0–1 or their
        // integer range; the rest go through the RGBA reader.
        let readers = [ctiff_read_strips_shrunk, ctiff_read_numbers_shrunk, ctiff_read_bgra_shrunk]
        for read in readers {
          let status = read(tiff, Int32(factor), target, UInt32(width), UInt32(height))
          if status != -2 { return status }
        }
        return -1
      }
      message = ctiff_message(tiff).map { String(cString: $0) }
      return status
    }
    guard status >= 0 else {
      if let samples = details.unusualSamples {
        // libtiff's own words ("Sorry, can not handle images with 64-bit samples") do not say
        // what to do about it.
        throw ImageError(
          path: path,
          reason:
            "TIFF stores its \(details.colourModel) colours as \(samples) numbers (\(details.samplesPerPixel) per pixel), which cannot be shown; save it as an 8- or 16-bit TIFF (libtiff: \(message ?? "unknown reason"))"
        )
      }
      throw ImageError(path: path, reason: "TIFF data cannot be decoded (\(message ?? "unknown reason"))")
    }
    if status > 0 {
      warnings.append(
        "TIFF data is partly corrupt (\(message ?? "some rows are unreadable")): the part that decoded is shown"
      )
    }
    if details.pageCount > 1 {
      let count = details.pageCount >= maxPagesCounted ? "\(maxPagesCounted) or more" : "\(details.pageCount)"
      warnings.append("TIFF has \(count) pages: only the first is shown")
    }
    if details.isCMYK8 {
      if let profile = header.iccProfile,
        ColorManagement.convertCMYK(&pixels, profile: profile, inverted: false)
      {
        return RasterImage(width: width, height: height, pixels: pixels, hasAlpha: false)
      }
      JPEGCodec.convertCMYKToBGRA(&pixels, inverted: false)
      return RasterImage(width: width, height: height, pixels: pixels, hasAlpha: false)
    }
    return RasterImage(width: width, height: height, pixels: pixels, hasAlpha: details.hasAlpha)
  }

  /// libtiff's version, for fingerprints.
  static var version: String {
    let line = String(cString: ctiff_version()).split(separator: "\n").first.map(String.init) ?? ""
    return line.components(separatedBy: "Version ").last ?? line
  }

  /// Opens a TIFF read through `reader`, runs `body` and closes it; libtiff's messages never
  /// reach stderr.
  private static func withTIFF<Result>(
    reader: @escaping CallbackReader.Read, size: Int, path: String, _ body: (OpaquePointer) throws -> Result
  ) throws -> Result {
    let box = CallbackReader(reader, size: size)
    var message = [CChar](repeating: 0, count: 256)
    let handle = withExtendedLifetime(box) {
      ctiff_open(
        { context, offset, buffer, count in
          CallbackReader.from(context).read(offset: offset, into: buffer!, count: count)
        }, box.context, UInt64(size), Int64(maxAllocation), &message, 256)
    }
    guard let handle else {
      let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      throw ImageError(path: path, reason: "TIFF header is corrupt (\(text))")
    }
    defer {
      // A warning on a file that otherwise read well (an unknown tag) is shown once per kind.
      if ctiff_had_error(handle) == 0, let warning = ctiff_message(handle) {
        LibraryWarnings.record(source: "libtiff", message: String(cString: warning), file: path)
      }
      ctiff_close(handle)
    }
    return try withExtendedLifetime(box) { try body(handle) }
  }
}
