import Foundation

/// File names on Linux are bytes, not necessarily UTF-8 (`printf 'a\xff.jpg'` names a file).
/// Swift's `String(cString:)` and Foundation's folder listings replace such bytes with U+FFFD,
/// after which the file can no longer be opened. Paths are kept as `String`s throughout the
/// tool, so a byte that is not part of valid UTF-8 is carried as one character of the private
/// use range U+EF80…U+EFFF (byte 0x80 + n is U+EF80 + n, as MirOS' OPTU-8 does), and turned
/// back into that byte whenever the path is handed to the system. The mapping is exact both
/// ways: a name that really holds one of those characters has its three UTF-8 bytes carried
/// the same way, so every byte string has one text and back.
///
/// Captions show the carried bytes as U+FFFD (``readable(_:)``); messages show them as `\xFF`
/// (``TerminalText``).
package enum PathBytes {
  private static let first: UInt32 = 0xEF80
  private static let carried: ClosedRange<UInt32> = 0xEF80...0xEFFF

  /// The byte `scalar` carries, nil for an ordinary character.
  package static func carriedByte(_ scalar: Unicode.Scalar) -> UInt8? {
    carried.contains(scalar.value) ? UInt8(scalar.value - first + 0x80) : nil
  }

  /// Whether `text` carries any byte that is not UTF-8.
  package static func carriesBytes(_ text: String) -> Bool {
    text.unicodeScalars.contains { carried.contains($0.value) }
  }

  /// The path whose bytes are `bytes` (without a terminating NUL), as text.
  package static func string<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String {
    if let text = String(validating: bytes, as: UTF8.self), !carriesBytes(text) { return text }
    let bytes = Array(bytes)
    var result = String.UnicodeScalarView()
    var index = 0
    while index < bytes.count {
      let length = sequenceLength(bytes, at: index)
      if length > 0,
        let scalar = String(validating: bytes[index..<index + length], as: UTF8.self)?.unicodeScalars.first,
        !carried.contains(scalar.value)
      {
        result.append(scalar)
        index += length
      } else {
        // A byte that does not start valid UTF-8, or a character of the carrying range
        // itself: each byte is carried on its own.
        for byte in bytes[index..<index + max(length, 1)] {
          result.append(Unicode.Scalar(first + UInt32(byte) - 0x80)!)
        }
        index += max(length, 1)
      }
    }
    return String(result)
  }

  /// The length of the valid UTF-8 sequence starting at `index`, 0 when none does (ASCII
  /// bytes always do, so a carried byte is always 0x80 or above).
  private static func sequenceLength(_ bytes: [UInt8], at index: Int) -> Int {
    let lead = bytes[index]
    let length: Int
    switch lead {
    case 0x00...0x7F: return 1
    case 0xC2...0xDF: length = 2
    case 0xE0...0xEF: length = 3
    case 0xF0...0xF4: length = 4
    default: return 0
    }
    guard index + length <= bytes.count,
      String(validating: bytes[index..<index + length], as: UTF8.self) != nil
    else { return 0 }
    return length
  }

  /// The bytes `path` names, as the system sees them.
  package static func bytes(_ path: String) -> [UInt8] {
    guard carriesBytes(path) else { return Array(path.utf8) }
    var result: [UInt8] = []
    result.reserveCapacity(path.utf8.count)
    for scalar in path.unicodeScalars {
      if let byte = carriedByte(scalar) {
        result.append(byte)
      } else {
        result.append(contentsOf: String(scalar).utf8)
      }
    }
    return result
  }

  /// Calls `body` with `path` as the NUL-terminated bytes the system wants.
  package static func withCString<Result>(
    _ path: String, _ body: (UnsafePointer<CChar>) throws -> Result
  ) rethrows -> Result {
    guard carriesBytes(path) else { return try path.withCString(body) }
    let bytes = self.bytes(path).map { CChar(bitPattern: $0) } + [0]
    return try bytes.withUnsafeBufferPointer { try body($0.baseAddress!) }
  }

  /// `path` for people to read on a card or in a caption: each carried byte as U+FFFD.
  package static func readable(_ path: String) -> String {
    guard carriesBytes(path) else { return path }
    var result = String.UnicodeScalarView()
    for scalar in path.unicodeScalars {
      result.append(carriedByte(scalar) == nil ? scalar : "\u{FFFD}")
    }
    return String(result)
  }

  /// The status of what `path` leads to (following symbolic links), nil when it cannot be read.
  package static func status(_ path: String) -> stat? {
    var status = stat()
    return withCString(path) { stat($0, &status) } == 0 ? status : nil
  }

  /// The names in the folder at `path` (without `.` and `..`), each as text; nil when it cannot
  /// be listed.
  package static func folderNames(_ path: String) -> [String]? {
    guard let folder = withCString(path, { opendir($0) }) else { return nil }
    defer { closedir(folder) }
    var names: [String] = []
    while let entry = readdir(folder) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        string(raw.prefix { $0 != 0 })
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names
  }

  /// The process's command-line arguments after the program name, read as bytes
  /// (`CommandLine.arguments` would replace bytes that are not UTF-8).
  package static func arguments() -> [String] {
    guard CommandLine.argc > 1 else { return [] }
    return (1..<Int(CommandLine.argc)).compactMap { index in
      CommandLine.unsafeArgv[index].map { argument in
        string(
          UnsafeBufferPointer(start: argument, count: strlen(argument)).lazy.map { UInt8(bitPattern: $0) })
      }
    }
  }

  /// Creates the folder at `path` and each missing folder above it, named by the bytes their
  /// names carry (Foundation's `createDirectory` would write a name that is not UTF-8 under
  /// another name).
  ///
  /// - Throws: The reason in words (`strerror`'s) when a folder cannot be made or a file is in
  ///   the way.
  package static func createFolders(_ path: String) throws(RegularFile.Failure) {
    let parts = path.split(separator: "/", omittingEmptySubsequences: true)
    var prefix = path.hasPrefix("/") ? "/" : ""
    for part in parts {
      prefix += (prefix.isEmpty || prefix.hasSuffix("/") ? "" : "/") + part
      if let existing = status(prefix) {
        guard existing.st_mode & S_IFMT == S_IFDIR else {
          throw RegularFile.Failure(reason: "\(prefix) is a file, not a folder")
        }
        continue
      }
      guard withCString(prefix, { mkdir($0, 0o777) }) == 0 || errno == EEXIST else {
        throw RegularFile.Failure(
          reason: "cannot create the folder \(prefix) (\(String(cString: strerror(errno))))")
      }
    }
  }
}
