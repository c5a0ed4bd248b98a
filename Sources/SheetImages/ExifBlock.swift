import CExif
import SheetPixels

/// Parses an EXIF block with libexif, once, into the fields captions use and the orientation.
enum ExifBlock {
  /// EXIF's own header, which JPEG's APP1 payload starts with and libexif expects.
  static let signature = JPEGHeader.exifSignature

  /// The fields and orientation in `payload`: a JPEG APP1 payload starting "Exif\0\0", or the
  /// bare TIFF structure PNG's `eXIf` and (usually) WebP's `EXIF` chunks hold. Empty fields and
  /// `.up` when libexif finds nothing.
  static func parse(_ payload: ArraySlice<UInt8>) -> (fields: ExifFields, orientation: Orientation) {
    let block = payload.starts(with: signature) ? Array(payload) : signature + payload
    guard let count = UInt32(exactly: block.count),
      let data = block.withUnsafeBufferPointer({ exif_data_new_from_data($0.baseAddress, count) })
    else { return (ExifFields(), .up) }
    defer { exif_data_unref(data) }
    return (ExifFields(data), orientation(data))
  }

  /// The orientation tag (0x0112) of IFD 0, or `.up` when there is none or it is out of range.
  private static func orientation(_ data: UnsafeMutablePointer<ExifData>) -> Orientation {
    let order = exif_data_get_byte_order(data)
    guard let entry = exif_content_get_entry(data.pointee.ifd.0, EXIF_TAG_ORIENTATION),
      let value = entry.pointee.data, entry.pointee.size >= 2
    else { return .up }
    return Orientation(rawValue: Int(exif_get_short(value, order))) ?? .up
  }
}
