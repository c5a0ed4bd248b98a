import CExif

/// Reads the orientation from an EXIF segment with libexif.
enum ExifReader {
  /// The orientation tag (0x0112) in `segment` (an APP1 payload starting "Exif\0\0"), or
  /// `.up` when there is none or it is out of range.
  static func orientation(_ segment: ArraySlice<UInt8>?) -> Orientation {
    guard let segment,
      let data = segment.withUnsafeBufferPointer({ exif_data_new_from_data($0.baseAddress, UInt32($0.count)) }
      )
    else { return .up }
    defer { exif_data_unref(data) }
    let order = exif_data_get_byte_order(data)
    let firstIFD = data.pointee.ifd.0
    guard let entry = exif_content_get_entry(firstIFD, EXIF_TAG_ORIENTATION), let value = entry.pointee.data
    else { return .up }
    return Orientation(rawValue: Int(exif_get_short(value, order))) ?? .up
  }
}
