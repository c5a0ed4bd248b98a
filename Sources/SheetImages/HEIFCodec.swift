import CHeif

/// HEIF (HEIC) and AVIF reading through libheif. libheif applies the file's transforms (`irot`,
/// `imir`, `clap`) while decoding and reports the size after them, so the header's size is
/// already upright. When the file holds a thumbnail at least as large as the size wanted, that
/// is decoded instead of the full image. 10- and 12-bit images are reduced to 8 bits by libheif.
enum HEIFCodec {
  /// The largest width or height libheif may decode.
  static let maxSide: Int32 = 65_535

  private static let initialized: Bool = {
    _ = heif_init(nil)
    return true
  }()

  /// The primary image's upright size, its ICC profile and its EXIF and XMP blocks.
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
      if let exif = metadataBlocks(handle, type: "Exif").first, exif.count > 4 {
        // Four bytes give the offset of the TIFF header inside the block.
        let offset = exif.prefix(4).reduce(0) { $0 << 8 | Int($1) }
        if offset < exif.count - 4 { metadata.exif = ExifBlock.parse(exif[(4 + offset)...]).fields }
      }
      metadata.xmp = metadataBlocks(handle, type: "mime", contentType: "application/rdf+xml").first
      return ImageHeader(
        format: format, storedWidth: width, storedHeight: height, metadata: metadata, codec: .heif,
        stamp: stamp)
    }
  }

  /// Decodes upright, from the smallest thumbnail covering `minimumSize` when there is one.
  static func decode(_ bytes: [UInt8], path: String, minimumSize: (width: Int, height: Int)?) throws
    -> RasterImage
  {
    try withPrimaryImage(bytes, path: path) { primary in
      var chosen = primary
      var thumbnail: OpaquePointer?
      defer { if let thumbnail { heif_image_handle_release(thumbnail) } }
      if let minimumSize {
        thumbnail = smallestThumbnail(of: primary, covering: minimumSize)
        if let thumbnail { chosen = thumbnail }
      }
      return try decodeHandle(chosen, path: path)
    }
  }

  /// libheif's version, for fingerprints.
  static var version: String { String(cString: heif_get_version()) }

  private static func decodeHandle(_ handle: OpaquePointer, path: String) throws -> RasterImage {
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
    var stride: Int32 = 0
    guard width > 0, height > 0,
      let plane = heif_image_get_plane_readonly(image, heif_channel_interleaved, &stride)
    else { throw ImageError(path: path, reason: "image data cannot be decoded (no pixels)") }
    let hasAlpha = heif_image_handle_has_alpha_channel(handle) != 0
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    pixels.withUnsafeMutableBufferPointer { target in
      for y in 0..<height {
        let row = plane + y * Int(stride)
        var out = y * width * 4
        for x in 0..<width {
          let r = Int(row[x * 4])
          let g = Int(row[x * 4 + 1])
          let b = Int(row[x * 4 + 2])
          let a = hasAlpha ? Int(row[x * 4 + 3]) : 255
          target[out] = UInt8((b * a + 127) / 255)
          target[out + 1] = UInt8((g * a + 127) / 255)
          target[out + 2] = UInt8((r * a + 127) / 255)
          target[out + 3] = UInt8(a)
          out += 4
        }
      }
    }
    return RasterImage(width: width, height: height, pixels: pixels, hasAlpha: hasAlpha)
  }

  private static func smallestThumbnail(of primary: OpaquePointer, covering size: (width: Int, height: Int))
    -> OpaquePointer?
  {
    let count = Int(heif_image_handle_get_number_of_thumbnails(primary))
    guard count > 0, count < 64 else { return nil }
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
      if width >= size.width, height >= size.height, width * height < (best?.pixels ?? .max) {
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
      return try body(handle)
    }
  }

  private static func message(_ error: heif_error) -> String {
    error.message.map { String(cString: $0) } ?? "error \(error.code.rawValue)"
  }
}
