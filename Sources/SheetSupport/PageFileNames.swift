import Foundation

/// Numbered page files: `OUT.png` for one page, else `OUT-001.png`, `OUT-002.png`, ….
package struct PageFileNames: Sendable {
  package let path: String

  /// Text put between the page number and the extension: `.diff` makes `b-001.diff.png`.
  package let suffix: String

  /// Page files named after `path` (`OUT.png`, `OUT-001.png`, …); `suffix` goes before the
  /// extension, after any page number.
  package init(path: String, suffix: String = "") {
    self.path = path
    self.suffix = suffix
  }

  /// The file for page `index` (0-based) of `count`: numbered only when there are several.
  package func name(page index: Int, of count: Int) -> String {
    name(page: index, numbered: count > 1)
  }

  /// The file for page `index` (0-based), numbered or not.
  package func name(page index: Int, numbered: Bool) -> String {
    guard numbered || !suffix.isEmpty else { return path }
    // NSString keeps a relative path relative (URL would resolve it against the working folder).
    let ext = (path as NSString).pathExtension
    let stem = (path as NSString).deletingPathExtension
    let number = numbered ? "-" + String(format: "%03d", index + 1) : ""
    return "\(stem)\(number)\(suffix).\(ext)"
  }

  /// Whether `fileName` (a name in the output's folder) is one of the output's numbered pages.
  package func isNumberedPage(_ fileName: String) -> Bool {
    let url = URL(fileURLWithPath: path)
    let stem = url.deletingPathExtension().lastPathComponent
    let ext = url.pathExtension
    guard fileName.hasPrefix(stem + "-"), fileName.hasSuffix("." + ext) else { return false }
    let number = fileName.dropFirst(stem.count + 1).dropLast(ext.count + 1)
    return number.count == 3 && number.allSatisfy(\.isASCII) && number.allSatisfy(\.isNumber)
  }

  /// Files of an earlier run that the new pages will not replace.
  package func staleFiles(keeping count: Int) -> [String] {
    let url = URL(fileURLWithPath: path)
    let folder = url.deletingLastPathComponent().path
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    let kept = Set((0..<count).map { AtomicOutput.absolute(name(page: $0, of: count)) })
    return names.filter { $0 == url.lastPathComponent || isNumberedPage($0) }
      .map { AtomicOutput.absolute((folder as NSString).appendingPathComponent($0)) }
      .filter { !kept.contains($0) }
  }
}
