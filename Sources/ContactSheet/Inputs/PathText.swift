import Foundation

/// Path arithmetic on strings that keeps relative paths relative (for messages that read
/// like what the user typed).
package enum PathText {
  /// `relative` resolved against `folder`, with `.` and `..` folded: `a/b` + `../c.jpg` is `a/c.jpg`.
  package static func join(_ folder: String, _ relative: String) -> String {
    join(folder, relative, folderIsNormal: isNormal(folder))
  }

  /// `join(folder, relative)`, where `folderIsNormal` is `isNormal(folder)`, found once for
  /// all the paths of a manifest.
  package static func join(_ folder: String, _ relative: String, folderIsNormal: Bool) -> String {
    if isURL(relative) { return relative }
    if relative.hasPrefix("/") || folder.isEmpty {
      return isNormal(relative) ? relative : normalize(relative)
    }
    // Most catalogs name files plainly (`photos/p1.jpg`) in a plain folder: joined as they are,
    // without splitting every path into parts.
    if folderIsNormal && folder != "/" && folder != "." && isNormal(relative) {
      return folder + "/" + relative
    }
    return normalize(folder + "/" + relative)
  }

  /// Whether `reference` is a URL (`https://…`, `ftp://…`: a scheme, then `://`), which is
  /// downloaded (or refused) rather than joined to a folder.
  package static func isURL(_ reference: String) -> Bool {
    guard let separator = reference.utf8.firstIndex(of: UInt8(ascii: ":")) else { return false }
    let scheme = reference.utf8[..<separator]
    guard let first = scheme.first, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first | 0x20),
      scheme.allSatisfy({ byte in
        let lower = byte | 0x20
        return (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(lower)
          || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "+")
          || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
      })
    else { return false }
    return reference.utf8[separator...].starts(with: "://".utf8)
  }

  /// `(folder as NSString).appendingPathComponent(name)`, as CSV catalogs join their paths:
  /// joined as text when both are normal (``isNormal(_:)``) and `name` is relative, which
  /// Foundation joins with one slash and nothing else (most catalogs' paths); else through
  /// Foundation.
  package static func appending(_ name: String, to folder: String) -> String {
    if isURL(name) { return name }
    if !folder.isEmpty && folder != "/" && isNormal(folder) && !name.hasPrefix("/") && isNormal(name) {
      return folder + "/" + name
    }
    return (folder as NSString).appendingPathComponent(name)
  }

  /// Whether `normalize(path)` is `path`: not empty, no empty, `.` or `..` part, no
  /// trailing slash (the root aside).
  package static func isNormal(_ path: String) -> Bool {
    var partLength = 0
    var dots = 0
    var index = 0
    for byte in path.utf8 {
      if byte == UInt8(ascii: "/") {
        // An empty part (`//`, or a leading slash after the root) or a `.`/`..` part.
        if (partLength == 0 && index > 0) || (partLength > 0 && partLength == dots && dots <= 2) {
          return false
        }
        partLength = 0
        dots = 0
      } else {
        partLength += 1
        if byte == UInt8(ascii: ".") { dots += 1 }
      }
      index += 1
    }
    if index == 0 { return false }
    if partLength == 0 { return index == 1 }  // "/" alone; any other trailing slash is not normal.
    return !(partLength == dots && dots <= 2)
  }

  package static func normalize(_ path: String) -> String {
    let absolute = path.hasPrefix("/")
    var parts: [Substring] = []
    for part in path.split(separator: "/") {
      switch part {
      case ".": continue
      case "..":
        if let last = parts.last, last != ".." { parts.removeLast() } else if !absolute { parts.append(part) }
      default: parts.append(part)
      }
    }
    let joined = parts.joined(separator: "/")
    return absolute ? "/" + joined : (joined.isEmpty ? "." : joined)
  }

  /// The last part of `path`, as `URL(fileURLWithPath:).lastPathComponent` gives it, taken as
  /// text instead of through a URL (which looks the path up in the file system); nil when URL
  /// may work it out otherwise: an empty, `.` or `..` last part, a leading `~`, a NUL.
  /// Read on the path's contiguous bytes: a caption of `{name}` asks for every item's.
  package static func lastComponent(_ path: String) -> String? {
    var path = path
    return path.withUTF8 { bytes in
      guard bytes.first != UInt8(ascii: "~"), !bytes.contains(0) else { return nil }
      let start = bytes.lastIndex(of: UInt8(ascii: "/")).map { $0 + 1 } ?? 0
      let name = UnsafeBufferPointer(rebasing: bytes[start...])
      let isDots = name.count <= 2 && name.allSatisfy { $0 == UInt8(ascii: ".") }
      return isDots ? nil : String(decoding: name, as: UTF8.self)
    }
  }

  /// The folder part of `path` ("" for a bare file name).
  package static func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "" }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }
}
