import CExif
import Foundation

/// The EXIF fields that captions and sorting use, as found in a file's header
/// (``ImageHeader/exif``).
public struct ExifFields: Sendable, Hashable {
  /// DateTimeOriginal (when the photo was taken), in the camera's local time read as UTC.
  public var dateTaken: Date?
  /// Make and Model, with the make left out when the model already starts with it.
  public var camera: String?
  /// LensModel.
  public var lens: String?
  /// Exposure time in seconds.
  public var exposureTime: Double?
  /// FNumber (the aperture, 2.8 for f/2.8).
  public var fNumber: Double?
  /// ISOSpeedRatings.
  public var iso: Int?
  /// Focal length in millimetres.
  public var focalLength: Double?

  /// No fields: a file without EXIF data.
  public init() {}

  init(_ data: UnsafeMutablePointer<ExifData>) {
    let order = exif_data_get_byte_order(data)
    let ifds = [data.pointee.ifd.0, data.pointee.ifd.2]  // IFD 0 and the EXIF IFD.
    func entry(_ tag: ExifTag) -> UnsafeMutablePointer<ExifEntry>? {
      for ifd in ifds { if let found = exif_content_get_entry(ifd, tag) { return found } }
      return nil
    }
    func text(_ tag: ExifTag) -> String? {
      guard let found = entry(tag), let bytes = found.pointee.data, found.pointee.size > 0 else { return nil }
      let buffer = UnsafeBufferPointer(start: bytes, count: Int(found.pointee.size))
      let value = String(decoding: buffer.prefix { $0 != 0 }, as: UTF8.self)
        .trimmingCharacters(in: .whitespacesAndNewlines)
      return value.isEmpty ? nil : value
    }
    func rational(_ tag: ExifTag) -> Double? {
      guard let found = entry(tag), let bytes = found.pointee.data,
        found.pointee.format == EXIF_FORMAT_RATIONAL, found.pointee.size >= 8
      else { return nil }
      let value = exif_get_rational(bytes, order)
      return value.denominator == 0 ? nil : Double(value.numerator) / Double(value.denominator)
    }
    if let date = text(EXIF_TAG_DATE_TIME_ORIGINAL) ?? text(EXIF_TAG_DATE_TIME) {
      dateTaken = Self.parseDate(date)
    }
    camera = Self.cameraName(make: text(EXIF_TAG_MAKE), model: text(EXIF_TAG_MODEL))
    lens = text(EXIF_TAG_LENS_MODEL)
    exposureTime = rational(EXIF_TAG_EXPOSURE_TIME)
    fNumber = rational(EXIF_TAG_FNUMBER)
    focalLength = rational(EXIF_TAG_FOCAL_LENGTH)
    if let found = entry(EXIF_TAG_ISO_SPEED_RATINGS), let bytes = found.pointee.data,
      found.pointee.format == EXIF_FORMAT_SHORT, found.pointee.size >= 2
    {
      iso = Int(exif_get_short(bytes, order))
    }
  }

  /// Make and model as one name, the make left out when the model already starts with it
  /// ("Canon EOS R5", not "Canon Canon EOS R5"); nil when neither is known.
  static func cameraName(make: String?, model: String?) -> String? {
    switch (make, model) {
    case (let make?, let model?)
    where model.lowercased().hasPrefix(make.lowercased().split(separator: " ").first ?? ""):
      model
    case (let make?, let model?): "\(make) \(model)"
    case (nil, let model?): model
    case (let make?, nil): make
    case (nil, nil): nil
    }
  }

  /// Parses EXIF's `YYYY:MM:DD HH:MM:SS`.
  static func parseDate(_ text: String) -> Date? {
    let parts = text.split(whereSeparator: { $0 == ":" || $0 == " " }).compactMap { Int($0) }
    guard parts.count >= 6, parts[0] > 0 else { return nil }
    var components = DateComponents()
    components.year = parts[0]
    components.month = parts[1]
    components.day = parts[2]
    components.hour = parts[3]
    components.minute = parts[4]
    components.second = parts[5]
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    return calendar.date(from: components)
  }
}
