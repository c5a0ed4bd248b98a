/// Path arithmetic on strings that keeps relative paths relative (for messages that read
/// like what the user typed).
enum PathText {
  /// `relative` resolved against `folder`, with `.` and `..` folded: `a/b` + `../c.jpg` is `a/c.jpg`.
  static func join(_ folder: String, _ relative: String) -> String {
    if relative.hasPrefix("/") || folder.isEmpty { return normalize(relative) }
    return normalize(folder + "/" + relative)
  }

  static func normalize(_ path: String) -> String {
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

  /// The folder part of `path` ("" for a bare file name).
  static func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "" }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }
}
