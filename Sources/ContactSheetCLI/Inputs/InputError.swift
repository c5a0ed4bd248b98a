import Foundation
import SheetSupport

/// An input that cannot be used (a bad manifest, no images): exit status 2.
struct InputError: StatusError {
  var description: String
  var exitStatus: Int32 { ExitStatus.usage }

  init(_ description: String) {
    self.description = description
  }
}

/// Reads input text files (manifests, CSV, styles, templates) with messages that say what
/// went wrong: each must be a regular file (a FIFO or device is named, never waited on) of at
/// most ``limit`` bytes, checked before reading.
enum InputText {
  /// The largest text input read: 64 MB, far beyond any real catalog.
  static let limit = 64 << 20

  static func read(_ path: String) throws -> String {
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
