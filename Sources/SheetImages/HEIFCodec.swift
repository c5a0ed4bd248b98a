import CHeif
import Foundation
import SheetPixels

/// HEIF (HEIC) and AVIF reading through libheif. libheif applies the file's transforms (`irot`,
/// `imir`, `clap`) while decoding and reports the size after them, so the header's size is
/// already upright. When the file holds a thumbnail at least as large as the size wanted, that
/// is decoded instead of the full image. libheif 1.15 cannot decode at a reduced size, so the
/// image is decoded whole as its YCbCr planes (no colour conversion by libheif, no RGBA copy)
/// and converted to RGB while it is shrunk (``HEIFPlanes``); 10- and 12-bit samples are averaged
/// before they are reduced to 8 bits.
enum HEIFCodec {
  /// The largest width or height libheif may decode.
  static let maxSide: Int32 = 65_535

  private static let initialized: Bool = {
    _ = heif_init(nil)
    return true
  }()

  /// The primary image's upright size, its ICC profile (else its nclx colour description, when
  /// it is not sRGB's) and its EXIF and XMP blocks.
  static func header(_ bytes: [UInt8], format: ImageFormat, path: String, stamp: FileStamp?) throws
    -> ImageHeader
  {
    try withPrimaryImage(bytes, path: path) { handle in
      let width = Int(heif_image_handle_get_width(handle))
      let height = Int(heif_image_handle_get_height(handle))
      guard width > 0, height > 0 else {
        throw ImageError(path: path, reason: "\(format.displayName) header gives no size")
      }
      var metadata = HeaderMetadata()
      metadata.iccProfile = iccProfile(handle)
      if metadata.iccProfile == nil { metadata.nclx = nclxColour(handle) }
      if let exif = metadataBlocks(handle, type: "Exif").first, exif.count > 4 {
        // Four bytes give the offset of the TIFF header inside the block.
        let offset = exif.prefix(4).reduce(0) { $0 << 8 | Int($1) }
        if offset < exif.count - 4 { metadata.exif = ExifBlock.parse(exif[(4 + offset)...]).fields }
      }
      metadata.xmp = metadataBlocks(handle, type: "mime", contentType: "application/rdf+xml").first
      metadata.previewSizes = thumbnailSizes(of: handle)
      return ImageHeader(
        format: format, storedWidth: width, storedHeight: height, metadata: metadata, codec: .heif,
        stamp: stamp)
    }
  }

  /// Decodes upright, from the smallest thumbnail covering `minimumSize` when there is one,
  /// shrunk while converting by the largest whole factor that keeps `minimumSize`.
  ///
  /// When the image shrinks (by 2 or more), it is decoded as its YCbCr planes and converted while
  /// it shrinks; at full size, and for colour encodings ``HEIFPlanes`` leaves to libheif, libheif
  /// converts to RGBA. `conversion` forces one of the two (for tests).
  static func decode(
    _ bytes: [UInt8], path: String, minimumSize: (width: Int, height: Int)?, conversion: Conversion? = nil
  ) throws -> RasterImage {
    try withPrimaryImage(bytes, path: path) { primary in
      var chosen = primary
      var thumbnail: OpaquePointer?
      defer { if let thumbnail { heif_image_handle_release(thumbnail) } }
      if let minimumSize {
        thumbnail = smallestThumbnail(of: primary, covering: minimumSize)
        if let thumbnail { chosen = thumbnail }
      }
      var factor = 1
      if let minimumSize {
        let width = Int(heif_image_handle_get_width(chosen))
        let height = Int(heif_image_handle_get_height(chosen))
        factor = PixelSize.wholeShrinkFactor(width: width, height: height, keeping: minimumSize)
      }
      // Asked for YCbCr 4:2:0, libheif hands over the decoder's planes unconverted only when
      // they are coded so in BT.601 full range (its default, also without an nclx box); any
      // other sampling, matrix or range it converts through RGB, so those take its RGBA path.
      let description = nclx(chosen) ?? nclx(primary)
      let bt601FullRange =
        description.map { [2, 5, 6].contains($0.matrix_coefficients.rawValue) && $0.full_range_flag != 0 }
        ?? true
      let planesUnconverted = bt601FullRange && isCoded420(bytes)
      switch conversion {
      case .planes:
        guard planesUnconverted else {
          throw ImageError(path: path, reason: "not coded as BT.601 full-range YCbCr 4:2:0")
        }
        return try decodePlanes(chosen, factor: factor, path: path)
      case .libheif: break
      case nil:
        // Anything the planes path cannot take goes through libheif's own conversion.
        if factor > 1, planesUnconverted, let image = try? decodePlanes(chosen, factor: factor, path: path) {
          return image
        }
      }
      return try decodeInterleaved(chosen, factor: factor, path: path)
    }
  }

  /// Who converts YCbCr to RGB.
  enum Conversion {
    /// ``HEIFPlanes``, while shrinking.
    case planes
    /// libheif, to full-size RGBA, shrunk afterwards.
    case libheif
  }

  /// libheif's version, for fingerprints.
  static var version: String { String(cString: heif_get_version()) }

  /// Decodes as YCbCr 4:2:0 (the planes HEVC and AV1 photos are coded in, so libheif converts
  /// nothing) at the coded bit depth and converts while shrinking; throws when libheif gives
  /// something else, for the interleaved path to take over.
  private static func decodePlanes(_ handle: OpaquePointer, factor: Int, path: String) throws
    -> RasterImage
  {
    var image: OpaquePointer?
    let options = heif_decoding_options_alloc()
    defer { heif_decoding_options_free(options) }
    options?.pointee.convert_hdr_to_8bit = 0
    let error = heif_decode_image(handle, &image, heif_colorspace_YCbCr, heif_chroma_420, options)
    guard error.code == heif_error_Ok, let image else {
      throw ImageError(path: path, reason: "image data cannot be decoded as YCbCr (\(message(error)))")
    }
    defer { heif_image_release(image) }
    try checkDecodedSize(
      width: Int(heif_image_get_width(image, heif_channel_Y)),
      height: Int(heif_image_get_height(image, heif_channel_Y)), of: handle, path: path)
    guard let planes = HEIFPlanes(image) else {
      throw ImageError(path: path, reason: "libheif gave planes of another kind")
    }
    return planes.shrunk(by: factor)
  }

  /// Decodes through libheif's own conversion to 8-bit RGBA (for the colour encodings the planes
  /// path leaves to it), shrinking from libheif's plane as it copies.
  private static func decodeInterleaved(_ handle: OpaquePointer, factor: Int, path: String) throws
    -> RasterImage
  {
    var image: OpaquePointer?
    let options = heif_decoding_options_alloc()
    defer { heif_decoding_options_free(options) }
    options?.pointee.convert_hdr_to_8bit = 1
    let error = heif_decode_image(handle, &image, heif_colorspace_RGB, heif_chroma_interleaved_RGBA, options)
    guard error.code == heif_error_Ok, let image else {
      throw ImageError(path: path, reason: "image data cannot be decoded (\(message(error)))")
    }
    defer { heif_image_release(image) }
    let width = Int(heif_image_get_width(image, heif_channel_interleaved))
    let height = Int(heif_image_get_height(image, heif_channel_interleaved))
    try checkDecodedSize(width: width, height: height, of: handle, path: path)
    var stride: Int32 = 0
    guard width > 0, height > 0,
      let plane = heif_image_get_plane_readonly(image, heif_channel_interleaved, &stride)
    else { throw ImageError(path: path, reason: "image data cannot be decoded (no pixels)") }
    let hasAlpha = heif_image_handle_has_alpha_channel(handle) != 0
    let outWidth = (width + factor - 1) / factor
    let outHeight = (height + factor - 1) / factor
    var pixels = [UInt8](repeating: 0, count: outWidth * outHeight * 4)
    var sums = [Int](repeating: 0, count: outWidth * 4)
    for outY in 0..<outHeight {
      let top = outY * factor
      let rows = min(factor, height - top)
      for index in sums.indices { sums[index] = 0 }
      for y in top..<top + rows {
        let row = plane + y * Int(stride)
        for x in 0..<width {
          let block = x / factor * 4
          for channel in 0..<4 { sums[block + channel] += Int(row[x * 4 + channel]) }
        }
      }
      for outX in 0..<outWidth {
        let count = min(factor, width - outX * factor) * rows
        let a = hasAlpha ? (sums[outX * 4 + 3] + count / 2) / count : 255
        let out = (outY * outWidth + outX) * 4
        for channel in 0..<3 {
          let value = (sums[outX * 4 + channel] + count / 2) / count
          pixels[out + 2 - channel] = UInt8((value * a + 127) / 255)
        }
        pixels[out + 3] = UInt8(a)
      }
    }
    return RasterImage(width: outWidth, height: outHeight, pixels: pixels, hasAlpha: hasAlpha)
  }

  /// Whether every HEVC (`hvcC`) and AV1 (`av1C`) decoder configuration in the file's `meta`
  /// box says 4:2:0 chroma (and there is at least one): HEVC's `chroma_format_idc` is 1, or
  /// AV1's `mono_chrome` is 0 with both subsampling bits set.
  static func isCoded420(_ bytes: [UInt8]) -> Bool {
    guard let meta = topLevelBox("meta", in: bytes) else { return false }
    let hvcC = Array("hvcC".utf8)
    let av1C = Array("av1C".utf8)
    var found = false
    var index = meta.lowerBound
    while index + 7 < meta.upperBound {
      defer { index += 1 }
      let fourcc = bytes[index..<index + 4]
      if fourcc.elementsEqual(hvcC), index + 20 < meta.upperBound {
        // Version, profile (1 + 4 + 6 bytes), level, segmentation (2), parallelism, then chroma.
        guard bytes[index + 20] & 0x03 == 1 else { return false }
        found = true
      } else if fourcc.elementsEqual(av1C) {
        // Marker and version, profile and level, then tier, depth, mono, subsampling x and y.
        guard bytes[index + 6] & 0x1C == 0x0C else { return false }
        found = true
      }
    }
    return found
  }

  /// Throws when libheif decoded `handle` larger than the size it declares (which the pixel
  /// limit was checked against), as a 1.2 KB file fuzzing found does: it declares 64×48 (its
  /// `ispe`) and decodes to 16384×12288, 256 times each side. Such pixels are not
  /// shown, shrunk or cached. (`withPrimaryImage` holds libheif to the declared size, which
  /// refuses such a file before allocating; this is the second guard, after decoding.)
  private static func checkDecodedSize(width: Int, height: Int, of handle: OpaquePointer, path: String) throws
  {
    let declaredWidth = Int(heif_image_handle_get_width(handle))
    let declaredHeight = Int(heif_image_handle_get_height(handle))
    guard width > declaredWidth || height > declaredHeight else { return }
    throw ImageError(
      path: path,
      reason:
        "it decodes to \(width)×\(height) pixels, larger than the \(declaredWidth)×\(declaredHeight) it declares"
    )
  }

  /// The byte range of the first top-level box of `type`.
  private static func topLevelBox(_ type: String, in bytes: [UInt8]) -> Range<Int>? {
    let wanted = Array(type.utf8)
    var offset = 0
    while offset + 8 <= bytes.count {
      var size = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
      var header = 8
      if size == 1, offset + 16 <= bytes.count {
        let large = bytes[offset + 8..<offset + 16].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        guard large <= UInt64(bytes.count) else { return nil }
        size = Int(large)
        header = 16
      } else if size == 0 {
        size = bytes.count - offset
      }
      guard size >= header, offset + size <= bytes.count else { return nil }
      if bytes[offset + 4..<offset + 8].elementsEqual(wanted) { return offset + header..<offset + size }
      offset += size
    }
    return nil
  }

  /// The handle's nclx colour description (from its `colr` box), if it has one.
  private static func nclx(_ handle: OpaquePointer) -> heif_color_profile_nclx? {
    var profile: UnsafeMutablePointer<heif_color_profile_nclx>?
    let error = heif_image_handle_get_nclx_color_profile(handle, &profile)
    // libheif 1.15 hands over the profile it allocated even when it refuses the box's code
    // points (an error), so it is freed whatever the result (fuzzing found the leak).
    defer { if let profile { heif_nclx_color_profile_free(profile) } }
    guard error.code == heif_error_Ok, let profile else { return nil }
    return profile.pointee
  }

  /// The nclx description decoding converts from, when the file has one that needs converting.
  private static func nclxColour(_ handle: OpaquePointer) -> NCLXColour? {
    guard let profile = nclx(handle) else { return nil }
    let colour = NCLXColour(
      primaries: UInt16(profile.color_primaries.rawValue),
      transfer: UInt16(profile.transfer_characteristics.rawValue),
      red: (Double(profile.color_primary_red_x), Double(profile.color_primary_red_y)),
      green: (Double(profile.color_primary_green_x), Double(profile.color_primary_green_y)),
      blue: (Double(profile.color_primary_blue_x), Double(profile.color_primary_blue_y)),
      white: (Double(profile.color_primary_white_x), Double(profile.color_primary_white_y)))
    return colour.needsConversion ? colour : nil
  }

  /// The sizes of the primary image's thumbnails, as ``smallestThumbnail(of:covering:)``
  /// compares them.
  private static func thumbnailSizes(of primary: OpaquePointer) -> [PixelSize] {
    let count = Int(heif_image_handle_get_number_of_thumbnails(primary))
    guard count > 0, count < 64 else { return [] }
    var ids = [heif_item_id](repeating: 0, count: count)
    let listed = Int(heif_image_handle_get_list_of_thumbnail_IDs(primary, &ids, Int32(count)))
    return ids.prefix(listed).compactMap { id in
      var handle: OpaquePointer?
      guard heif_image_handle_get_thumbnail(primary, id, &handle).code == heif_error_Ok, let handle else {
        return nil
      }
      defer { heif_image_handle_release(handle) }
      let size = PixelSize(
        width: Int(heif_image_handle_get_width(handle)), height: Int(heif_image_handle_get_height(handle)))
      return size.width > 0 && size.height > 0 ? size : nil
    }
  }

  private static func smallestThumbnail(of primary: OpaquePointer, covering size: (width: Int, height: Int))
    -> OpaquePointer?
  {
    let count = Int(heif_image_handle_get_number_of_thumbnails(primary))
    guard count > 0, count < 64 else { return nil }
    let primaryPixels = Int(heif_image_handle_get_width(primary)) * Int(heif_image_handle_get_height(primary))
    var ids = [heif_item_id](repeating: 0, count: count)
    let listed = Int(heif_image_handle_get_list_of_thumbnail_IDs(primary, &ids, Int32(count)))
    var best: (handle: OpaquePointer, pixels: Int)?
    for id in ids.prefix(listed) {
      var handle: OpaquePointer?
      guard heif_image_handle_get_thumbnail(primary, id, &handle).code == heif_error_Ok, let handle else {
        continue
      }
      let width = Int(heif_image_handle_get_width(handle))
      let height = Int(heif_image_handle_get_height(handle))
      // Never larger than the primary image, whose size the pixel limit was checked on.
      if width >= size.width, height >= size.height, width * height <= primaryPixels,
        width * height < (best?.pixels ?? .max)
      {
        if let previous = best?.handle { heif_image_handle_release(previous) }
        best = (handle, width * height)
      } else {
        heif_image_handle_release(handle)
      }
    }
    return best?.handle
  }

  private static func iccProfile(_ handle: OpaquePointer) -> [UInt8]? {
    let type = heif_image_handle_get_color_profile_type(handle)
    guard type == heif_color_profile_type_prof || type == heif_color_profile_type_rICC else { return nil }
    let size = heif_image_handle_get_raw_color_profile_size(handle)
    guard size > 0, size <= HeaderBytes.maxMetadataBytes else { return nil }
    var profile = [UInt8](repeating: 0, count: size)
    guard heif_image_handle_get_raw_color_profile(handle, &profile).code == heif_error_Ok else { return nil }
    return profile
  }

  private static func metadataBlocks(_ handle: OpaquePointer, type: String, contentType: String? = nil)
    -> [[UInt8]]
  {
    let count = Int(heif_image_handle_get_number_of_metadata_blocks(handle, type))
    guard count > 0, count < 64 else { return [] }
    var ids = [heif_item_id](repeating: 0, count: count)
    let listed = Int(heif_image_handle_get_list_of_metadata_block_IDs(handle, type, &ids, Int32(count)))
    return ids.prefix(listed).compactMap { id in
      if let contentType {
        guard let found = heif_image_handle_get_metadata_content_type(handle, id),
          String(cString: found) == contentType
        else { return nil }
      }
      let size = heif_image_handle_get_metadata_size(handle, id)
      guard size > 0, size <= HeaderBytes.maxMetadataBytes else { return nil }
      var block = [UInt8](repeating: 0, count: size)
      return heif_image_handle_get_metadata(handle, id, &block).code == heif_error_Ok ? block : nil
    }
  }

  /// Reads `bytes` (not copied) and runs `body` on the primary image's handle.
  private static func withPrimaryImage<Result>(
    _ bytes: [UInt8], path: String, _ body: (OpaquePointer) throws -> Result
  ) throws -> Result {
    _ = initialized
    guard let context = heif_context_alloc() else {
      throw ImageError(path: path, reason: "could not start the HEIF decoder")
    }
    defer { heif_context_free(context) }
    heif_context_set_maximum_image_size_limit(context, maxSide)
    return try bytes.withUnsafeBytes { buffer in
      let error = heif_context_read_from_memory_without_copy(context, buffer.baseAddress, buffer.count, nil)
      guard error.code == heif_error_Ok else {
        throw ImageError(path: path, reason: "HEIF container is corrupt (\(message(error)))")
      }
      var handle: OpaquePointer?
      let primary = heif_context_get_primary_image_handle(context, &handle)
      guard primary.code == heif_error_Ok, let handle else {
        throw ImageError(path: path, reason: "HEIF file has no primary image (\(message(primary)))")
      }
      defer { heif_image_handle_release(handle) }
      // libheif allocates a grid by the output size its descriptor gives, which need not be the
      // size the file declares (the one the pixel limit was checked against): held to the
      // declared longer side, it refuses before allocating (fuzzing found a 1.2 KB file
      // declaring 64×48 that decoded to 16384×12288). The side is taken before cropping
      // (`ispe`), with 64 to spare: libheif refuses a size equal to its limit, and an encoder
      // may pad to whole blocks.
      let declared =
        [
          heif_image_handle_get_ispe_width(handle), heif_image_handle_get_ispe_height(handle),
          heif_image_handle_get_width(handle), heif_image_handle_get_height(handle),
        ].max() ?? 0
      heif_context_set_maximum_image_size_limit(context, min(maxSide, max(declared, 1) + 64))
      return try body(handle)
    }
  }

  /// libheif's message for `error`, without the line break some of its messages end with (its
  /// size-limit refusal does), which would put the closing parenthesis of a warning on a line
  /// of its own.
  private static func message(_ error: heif_error) -> String {
    guard let text = error.message.map({ String(cString: $0) }) else { return "error \(error.code.rawValue)" }
    return text.trimmingCharacters(in: .whitespacesAndNewlines)
  }
}
