import Foundation
import SheetImages
import SheetSupport
import SheetXMP

/// The values of caption fields for one item: its manifest or CSV fields first (a catalog's
/// `name` column is the product name), then the built-in fields.
package struct CaptionFields {
  /// Built-in field names, for help and documentation.
  package static let builtIn =
    [
      "name", "stem", "ext", "dir", "index", "width", "height", "megapixels", "filesize", "date",
      "camera", "lens", "exposure", "aperture", "iso", "focal", "section", "rating", "label", "frame",
      "duration", "fps", "codec", "resolution", "time",
    ] + DescriptiveField.allCases.map(\.rawValue)
  /// Fields that need the file's header: its EXIF data, a clip's facts, or the XMP packet and
  /// IPTC segment it keeps.
  package static let exifFields: Set<String> = Set(
    [
      "date", "camera", "lens", "exposure", "aperture", "iso", "focal", "duration", "fps", "codec",
      "resolution", "time",
    ] + DescriptiveField.allCases.map(\.rawValue))
  /// Fields that need the file's size or time from the file system.
  package static let fileSystemFields: Set<String> = ["filesize", "date"]

  package let item: CatalogItem
  /// Position among all items, from 1.
  package let index: Int
  package let fileAttributes: FileAttributes?
  /// What follows a `{date}` taken from the file's time, the photo having no capture date;
  /// nil leaves such a date empty.
  package var fileDateMarker: String? = " (file date)"

  /// The value of the field `name` for a caption: the item's own field (which may be markup),
  /// else the built-in field's plain text.
  package func fieldValue(_ name: String, format: String?) -> CaptionTemplate.FieldValue? {
    if let own = item.fields.text(name) {
      return CaptionTemplate.FieldValue(own.text, isMarkup: own.isMarkup)
    }
    return value(name, format: format).map { CaptionTemplate.FieldValue($0) }
  }

  /// The plain text of the field `name` (a markup field's as written).
  package func value(_ name: String, format: String?) -> String? {
    if let own = item.fields.text(name) { return own.text }
    if let field = DescriptiveField(rawValue: name) { return item.tags?.descriptive[field] }
    // A name's bytes that are not UTF-8 show as U+FFFD; the URL is made only for the fields
    // that need one.
    var path: String { PathBytes.readable(item.path) }
    var url: URL { URL(fileURLWithPath: path) }
    switch name {
    // The last part made readable alone (each carried byte is one character, never a `/`):
    // the whole path is not walked character by character.
    case "name":
      // A downloaded image is named by its URL's last part, not by the cache's file name.
      if let source = item.sourceURL { return URL(string: source)?.lastPathComponent ?? source }
      return PathText.lastComponent(item.path).map(PathBytes.readable) ?? url.lastPathComponent
    case "stem": return url.deletingPathExtension().lastPathComponent
    case "ext": return url.pathExtension
    case "dir": return (path as NSString).deletingLastPathComponent
    case "index": return String(index)
    case "section": return item.section
    case "frame": return item.frame.map(String.init)
    case "rating": return item.tags?.rating.flatMap(Self.stars)
    case "label": return item.tags?.label
    case "width": return item.header == nil && item.knownSize == nil ? nil : String(item.layoutSize.width)
    case "height": return item.header == nil && item.knownSize == nil ? nil : String(item.layoutSize.height)
    case "megapixels":
      guard case .success(let header)? = item.header else { return nil }
      return String(format: "%.1f", Double(header.pixelCount) / 1_000_000)
    case "filesize": return fileAttributes.map { Self.humanSize($0.size) }
    case "date":
      if let taken = item.exif?.dateTaken { return Self.format(taken, pattern: format ?? "yyyy-MM-dd") }
      guard let modified = fileAttributes?.modified, let marker = fileDateMarker else { return nil }
      return Self.format(modified, pattern: format ?? "yyyy-MM-dd") + marker
    case "camera": return item.exif?.camera
    case "lens": return item.exif?.lens
    case "exposure": return item.exif?.exposureTime.map(Self.exposure)
    case "aperture": return item.exif?.fNumber.map { "f/" + Self.trimmed($0) }
    // The number alone: a template says `ISO {iso}`, and a value never repeats its label.
    case "iso": return item.exif?.iso.map { String($0) }
    case "focal": return item.exif?.focalLength.map { Self.trimmed($0) + " mm" }
    case "duration": return item.video?.durationText
    // The rate alone (`29.97`, `25`): a template says `{fps} fps`.
    case "fps": return item.video?.framesPerSecond.map(Self.framesPerSecond)
    case "codec": return item.video.map { Self.codecName($0.codec) }
    // A frame's time on a sheet of one video: `1:23`, or `0:01:23` in a clip of an hour or more.
    case "time":
      return item.videoTime.map { VideoDetails.clock($0, inClipOf: item.video?.duration) }
    // A clip's frame size, upright, as players name it: `1920×1080`, `3840×2160`.
    case "resolution":
      guard item.video != nil, case .success(let header)? = item.header else { return nil }
      return "\(header.width)\u{D7}\(header.height)"
    default: return nil
    }
  }

  /// `25`, `29.97`: a frame rate with at most two decimals, without trailing zeros.
  package static func framesPerSecond(_ rate: Double) -> String {
    String(format: "%.2f", rate).replacing(/\.?0+$/, with: "")
  }

  /// A codec as cameras and players name it: `H.264`, `HEVC`, `ProRes`, `VP9`; FFmpeg's
  /// short name in capitals for the rest.
  package static func codecName(_ codec: String) -> String {
    let names = [
      "h264": "H.264", "hevc": "HEVC", "prores": "ProRes", "vp8": "VP8", "vp9": "VP9", "av1": "AV1",
      "mpeg4": "MPEG-4", "mpeg2video": "MPEG-2", "mjpeg": "Motion JPEG", "dvvideo": "DV",
    ]
    return names[codec] ?? codec.uppercased()
  }

  /// `★★★☆☆` for 3 stars, `rejected` for -1; nil for unrated (0), so `{rating|unrated}` works.
  package static func stars(_ rating: Int) -> String? {
    if rating < 0 { return "rejected" }
    guard rating > 0 else { return nil }
    let filled = min(rating, 5)
    return String(repeating: "\u{2605}", count: filled) + String(repeating: "\u{2606}", count: 5 - filled)
  }

  /// `2.4 MB`, `512 KB`, `87 B` (decimal units, as file managers show).
  package static func humanSize(_ bytes: Int64) -> String {
    let units = ["B", "KB", "MB", "GB", "TB"]
    var value = Double(bytes)
    var unit = 0
    while value >= 1000 && unit < units.count - 1 {
      value /= 1000
      unit += 1
    }
    return unit == 0 ? "\(bytes) B" : String(format: value < 10 ? "%.1f %@" : "%.0f %@", value, units[unit])
  }

  /// `1/250 s` for short exposures, `2 s` or `1.5 s` for long ones. Numbers and their units
  /// are joined by no-break spaces, so a caption never wraps between them.
  package static func exposure(_ seconds: Double) -> String {
    guard seconds > 0 else { return "" }
    if seconds >= 0.3 { return trimmed(seconds) + " s" }
    return "1/\(Int((1 / seconds).rounded())) s"
  }

  /// A number with at most one decimal, without a trailing `.0`.
  package static func trimmed(_ value: Double) -> String {
    let rounded = (value * 10).rounded() / 10
    return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
  }

  /// Dates are shown as recorded: EXIF times carry no zone, so both they and file times are
  /// formatted in UTC, which keeps captions the same on every machine.
  package static func format(_ date: Date, pattern: String) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = pattern
    return formatter.string(from: date)
  }
}

/// A file's size and modification time.
package struct FileAttributes: Sendable {
  package var size: Int64
  package var modified: Date

  package init(size: Int64, modified: Date) {
    self.size = size
    self.modified = modified
  }

  package init?(path: String) {
    guard let status = PathBytes.status(path) else { return nil }
    size = Int64(status.st_size)
    modified = Date(
      timeIntervalSince1970: TimeInterval(status.st_mtim.tv_sec) + TimeInterval(status.st_mtim.tv_nsec) / 1e9)
  }
}
