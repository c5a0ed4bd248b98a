import Foundation
import SheetSupport

/// An input that cannot be used (a bad manifest, no images, an option out of range); the
/// command ends with exit status 2.
public struct InputError: Error, CustomStringConvertible {
  /// What is wrong, naming the file, row or option.
  public var description: String

  package init(_ description: String) {
    self.description = description
  }
}

/// Reads input text files (manifests, CSV, styles, templates) with messages that say what
/// went wrong: each must be a regular file (a FIFO or device is named, never waited on) of at
/// most ``limit`` bytes, checked before reading.
package enum InputText {
  /// The largest text input read (YAML, CSV, style files, templates): 64 MB, far beyond any
  /// real catalog.
  package static let limit = 64 << 20
  /// The largest JSON manifest or style file read: 128 MB, room for ``InputLimits/items``
  /// items with their sizes, sections and short captions (a million items with sizes and
  /// sections take 92 MB). JSON is read
  /// without a tree of its items (see ``JSONScanner/streamedMembers``); YAML is read whole by
  /// Yams, so it keeps ``limit``.
  package static let jsonLimit = 128 << 20

  /// The text of the file at `path`, refused when it is longer than `limit` bytes.
  package static func read(_ path: String, limit: Int = limit) throws -> String {
    let bytes: [UInt8]
    do {
      bytes = try RegularFile.contents(path, limit: limit)
    } catch {
      throw InputError("\(path): \(error.isMissing ? "no such file" : error.reason)")
    }
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw InputError("\(path): is not UTF-8 text; save it as UTF-8")
    }
    return text
  }
}
