import Foundation
import SheetRender
import SheetSupport

/// Refuses output paths that would overwrite one of the run's inputs.
package enum OutputGuard {
  /// Refuses an output whose folder does not exist (or is not a folder), or whose name is not
  /// UTF-8, before any input is read: the message names the folder.
  package static func checkFolder(output: String) throws {
    // Inputs are read by their bytes, but outputs are written through libraries that take
    // UTF-8 names: a name that is not UTF-8 is refused rather than written under another name.
    guard !PathBytes.carriesBytes(output) else {
      throw InputError(
        .output, "\(setting: .output) \(output): the output's name is not valid UTF-8; give a UTF-8 name")
    }
    let typed = (output as NSString).deletingLastPathComponent
    let folder = typed.isEmpty ? "." : typed
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) else {
      throw OutputError(description: "-o \(output): the folder \(folder) does not exist; create it first")
    }
    guard isFolder.boolValue else {
      throw OutputError(description: "-o \(output): \(folder) is not a folder")
    }
  }

  package static func check(output: String, inputs: [String]) throws {
    let target = canonical(output)
    let url = URL(fileURLWithPath: target)
    let folder = url.deletingLastPathComponent().path
    // Pages OUT-001.png … of a multi-page PNG or SVG are the output too.
    let pages = url.pathExtension.lowercased() == "pdf" ? nil : PageFileNames(path: target)
    // Each file once: a catalog may name one photo for a million products, and resolving a
    // path's links walks it component by component.
    var seen: Set<String> = []
    for input in inputs where !input.isEmpty && seen.insert(input).inserted {
      let path = canonical(input)
      let inputURL = URL(fileURLWithPath: path)
      let isPage =
        inputURL.deletingLastPathComponent().path == folder
        && pages?.isNumberedPage(inputURL.lastPathComponent) == true
      if path == target || isPage {
        throw InputError(
          .output,
          "\(setting: .output) \(output) would overwrite the input \(input); write the sheet somewhere else")
      }
    }
  }

  /// The absolute path with symbolic links resolved (for files that exist).
  private static func canonical(_ path: String) -> String {
    URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
  }
}
