import CExempi
import CExempiShim
import Foundation
import SheetSupport

/// Reads ratings and labels through exempi (Adobe's XMP Toolkit): from a packet already in
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
    XMPTags(
      rating: property(xmp, "Rating").flatMap(XMPTags.rating(parsing:)),
      label: property(xmp, "Label").flatMap { $0.isEmpty ? nil : $0 })
  }

  /// A simple property of the `xmp:` namespace, trimmed; nil when absent.
  private static func property(_ xmp: XmpPtr, _ name: String) -> String? {
    guard let value = xmp_string_new() else { return nil }
    defer { xmp_string_free(value) }
    var options: UInt32 = 0
    guard xmp_get_property(xmp, xmpNamespace, name, value, &options), let text = xmp_string_cstr(value) else {
      return nil
    }
    return String(cString: text).trimmingCharacters(in: .whitespacesAndNewlines)
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
