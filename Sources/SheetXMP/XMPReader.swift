import CExempi
import CExempiShim
import Foundation
import SheetSupport

/// Reads ratings, labels and descriptive fields through exempi (Adobe's XMP Toolkit): from a packet already in
/// memory (kept by an image's header read) or from a sidecar file. Every packet passes
/// ``XMPPacketLimits`` first; exempi's file handlers, which parse whatever they find in a file,
/// are not used.
///
/// Safe to call from several threads at once: each call parses its own XMP object.
public enum XMPReader {
  /// Sidecars larger than this are refused before they are read (Lightroom's, with a full
  /// develop history, stay well under a megabyte).
  public static let maxSidecarBytes = 16 << 20

  /// The XMP namespace (`xmp:`), which holds `Rating` and `Label`.
  private static let xmpNamespace = "http://ns.adobe.com/xap/1.0/"
  /// Dublin Core (`dc:`): title, description, subject, creator, rights.
  private static let dublinCore = "http://purl.org/dc/elements/1.1/"
  /// Photoshop's schema (`photoshop:`): City, Country, Headline.
  private static let photoshop = "http://ns.adobe.com/photoshop/1.0/"
  /// IPTC Core (`Iptc4xmpCore:`): CountryCode, the country when no name is recorded.
  private static let iptcCore = "http://iptc.org/std/Iptc4xmpCore/1.0/xmlns/"
  /// Items of a keyword or creator list read at most; a caption never shows more.
  static let maxListItems = 200

  /// Initialises the toolkit once per process, and silences the error lines exempi would write
  /// to std::cerr (callers report problems themselves, naming the file).
  private static let initialised: Bool = {
    cexempi_silence_cerr()
    return xmp_init()
  }()

  /// The tags in an XMP packet (an image's embedded packet or a sidecar's bytes).
  ///
  /// - Parameter packet: The packet's bytes, with or without the `<?xpacket` wrapper.
  /// - Returns: The tags (empty when the packet records neither), or nil when the bytes are
  ///   not XMP or are past ``XMPPacketLimits``.
  public static func parse(_ packet: [UInt8]) -> XMPTags? {
    guard initialised, !packet.isEmpty, XMPPacketLimits.problem(packet) == nil else { return nil }
    let xmp = packet.withUnsafeBufferPointer { buffer in
      buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
        xmp_new($0, buffer.count)
      }
    }
    guard let xmp else { return nil }
    defer { xmp_free(xmp) }
    return tags(of: xmp)
  }

  /// The tags in the sidecar at `path`, whose name is read as bytes (``PathBytes``): a photo
  /// whose name is not UTF-8 has its sidecar found too.
  ///
  /// - Returns: Nil when there is no file at `path`.
  /// - Throws: ``XMPError`` when the file exists but cannot be read, is not a regular file
  ///   (a FIFO is named, never waited on), is too large, or is not XMP.
  public static func readSidecar(path: String) throws(XMPError) -> XMPTags? {
    guard let status = PathBytes.status(path) else { return nil }
    let size = Int(status.st_size)
    guard size <= maxSidecarBytes || RegularFile.kindName(status.st_mode) != nil else {
      throw XMPError(
        path: path, reason: "the sidecar is \(size >> 20) MB, more than XMP sidecars hold; ignored")
    }
    let bytes: [UInt8]
    do {
      bytes = try RegularFile.contents(path, limit: maxSidecarBytes)
    } catch {
      throw XMPError(path: path, reason: "the sidecar \(error.reason); ignored")
    }
    if let problem = XMPPacketLimits.problem(bytes) {
      throw XMPError(path: path, reason: "the sidecar \(problem), more than XMP holds; ignored")
    }
    guard let tags = parse(bytes) else {
      throw XMPError(path: path, reason: "the sidecar is not valid XMP; ignored")
    }
    return tags
  }

  private static func tags(of xmp: XmpPtr) -> XMPTags {
    var descriptive: [DescriptiveField: String] = [:]
    for field in DescriptiveField.allCases {
      let value: String? =
        switch field {
        case .title: localized(xmp, dublinCore, "title")
        case .description: localized(xmp, dublinCore, "description")
        case .copyright: localized(xmp, dublinCore, "rights")
        case .keywords: list(xmp, dublinCore, "subject")
        case .creator: list(xmp, dublinCore, "creator")
        case .city: property(xmp, photoshop, "City")
        case .country: property(xmp, photoshop, "Country") ?? property(xmp, iptcCore, "CountryCode")
        case .headline: property(xmp, photoshop, "Headline")
        }
      if let value { descriptive[field] = value }
    }
    return XMPTags(
      rating: property(xmp, xmpNamespace, "Rating").flatMap(XMPTags.rating(parsing:)),
      label: property(xmp, xmpNamespace, "Label"), descriptive: descriptive)
  }

  /// A simple property, trimmed; nil when absent or empty.
  private static func property(_ xmp: XmpPtr, _ namespace: String, _ name: String) -> String? {
    read { xmp_get_property(xmp, namespace, name, $0, nil) }
  }

  /// A language alternative's default text (`x-default`, else the first language), trimmed;
  /// nil when absent or empty.
  private static func localized(_ xmp: XmpPtr, _ namespace: String, _ name: String) -> String? {
    read { xmp_get_localized_text(xmp, namespace, name, "", "x-default", nil, $0, nil) }
  }

  /// An array's items (a bag of keywords, a sequence of creators) joined by `, `, empty items
  /// left out; nil when there are none.
  private static func list(_ xmp: XmpPtr, _ namespace: String, _ name: String) -> String? {
    var items: [String] = []
    for index in 1...Int32(maxListItems) {
      var found = false
      let item = read { value in
        found = xmp_get_array_item(xmp, namespace, name, index, value, nil)
        return found
      }
      guard found else { break }
      if let item { items.append(item) }
    }
    return items.isEmpty ? nil : items.joined(separator: ", ")
  }

  /// The string `get` fills, trimmed; nil when `get` finds nothing or the text is empty.
  private static func read(_ get: (XmpStringPtr) -> Bool) -> String? {
    guard let value = xmp_string_new() else { return nil }
    defer { xmp_string_free(value) }
    guard get(value), let text = xmp_string_cstr(value) else { return nil }
    let trimmed = String(cString: text).trimmingCharacters(in: .whitespacesAndNewlines)
    return trimmed.isEmpty ? nil : trimmed
  }
}

/// A sidecar that exists but cannot be used.
public struct XMPError: Error, Sendable, CustomStringConvertible {
  /// The sidecar's path.
  public var path: String
  /// Why it was not used.
  public var reason: String

  /// An error about the sidecar at `path`.
  public init(path: String, reason: String) {
    self.path = path
    self.reason = reason
  }

  /// `path: reason`.
  public var description: String { "\(path): \(reason)" }
}
