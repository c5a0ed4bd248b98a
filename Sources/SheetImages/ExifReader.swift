import CExif

/// Reads EXIF fields from a file's bytes with libexif.
enum ExifReader {
  /// The orientation tag (0x0112), or `.up` when there is none or it is out of range.
  static func orientation(_ bytes: [UInt8]) -> Orientation {
    guard
      let data = bytes.withUnsafeBufferPointer({ exif_data_new_from_data($0.baseAddress, UInt32($0.count)) })
    else { return .up }
    defer { exif_data_unref(data) }
    let order = exif_data_get_byte_order(data)
    let firstIFD = data.pointee.ifd.0
    guard let entry = exif_content_get_entry(firstIFD, EXIF_TAG_ORIENTATION), let value = entry.pointee.data
    else { return .up }
    return Orientation(rawValue: Int(exif_get_short(value, order))) ?? .up
  }
}
