import Foundation
import SheetSupport

/// An input that cannot be used (a bad manifest, no images, a setting out of range); the
/// command ends with exit status 2. The settings the message names are kept apart from its
/// words: the library spells them by name (`section-by`), the command as its flags.
public struct InputError: Error, CustomStringConvertible {
  /// The setting at fault, when one is.
  public var setting: JobSetting?
  /// What is wrong and what would work, naming the file, row or setting.
  public var text: JobMessage

  /// An error naming no setting, or naming its settings in `text` only.
  package init(_ text: JobMessage) {
    self.text = text
  }

  /// An error about `setting`, which `text` names where it reads naturally.
  package init(_ setting: JobSetting, _ text: JobMessage) {
    self.setting = setting
    self.text = text
  }

  /// What is wrong, each setting spelt by `spelling`.
  public func description(spelling: (JobSetting) -> String) -> String { text.spelt(spelling) }

  /// What is wrong, each setting spelt by its name.
  public var description: String { text.description }
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
    let bytes = try Self.bytes(path, limit: limit)
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw InputError("\(path): is not UTF-8 text; save it as UTF-8")
    }
    return text
  }

  /// The bytes of the file at `path`, refused when there are more than `limit`.
  package static func bytes(_ path: String, limit: Int = limit) throws -> [UInt8] {
    do {
      return try RegularFile.contents(path, limit: limit)
    } catch {
      throw InputError("\(path): \(error.isMissing ? "no such file" : error.reason)")
    }
  }
}
