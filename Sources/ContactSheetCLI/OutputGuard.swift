import Foundation

/// Refuses output paths that would overwrite one of the run's inputs.
enum OutputGuard {
  static func check(output: String, inputs: [String]) throws {
    let target = canonical(output)
    let url = URL(fileURLWithPath: target)
    let stem = url.deletingPathExtension().lastPathComponent
    let ext = url.pathExtension
    let folder = url.deletingLastPathComponent().path
    for input in inputs where !input.isEmpty {
      let path = canonical(input)
      let inputURL = URL(fileURLWithPath: path)
      let name = inputURL.lastPathComponent
      // Page files OUT-001.png … of a multi-page PNG or SVG count as the output too.
      let isPageFile =
        inputURL.deletingLastPathComponent().path == folder && name.hasPrefix(stem + "-")
        && name.hasSuffix("." + ext)
        && name.dropFirst(stem.count + 1).dropLast(ext.count + 1).allSatisfy(\.isNumber)
      if path == target || (isPageFile && ext.lowercased() != "pdf") {
        throw InputError("-o \(output) would overwrite the input \(input); write the sheet somewhere else")
      }
    }
  }

  /// The absolute path with symbolic links resolved (for files that exist).
  private static func canonical(_ path: String) -> String {
    URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
  }
}
