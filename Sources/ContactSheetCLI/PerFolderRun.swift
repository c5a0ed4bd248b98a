import ArgumentParser
import ContactSheet
import Foundation
import SheetSupport

/// `render --per-folder`: one document per folder that holds images (with `-r`, every such
/// folder below the inputs), each named after its folder.
enum PerFolderRun {
  /// The folders holding images among `inputs` (folders only), in the order a scan meets them.
  static func folders(_ inputs: [String], recursive: Bool) throws -> [String] {
    var folders: [String] = []
    var seen: Set<String> = []
    for input in inputs {
      guard let status = PathBytes.status(input), status.st_mode & S_IFMT == S_IFDIR else {
        throw ValidationError("--per-folder makes one document per folder: \(input) is not a folder")
      }
      for image in try FolderScanner(recursive: recursive).scan(input).images {
        // Standardised, so a name is never `.` or `..` (`--per-folder ..` names the folder).
        let folder = URL(fileURLWithPath: (image.path as NSString).deletingLastPathComponent).standardized
          .path
        if seen.insert(folder).inserted { folders.append(folder) }
      }
    }
    return folders
  }

  /// Each folder's output: `{folder}` in `output` replaced by its name (its last path parts
  /// when two folders share a name, joined by `-`), else `output` as a folder holding
  /// `NAME.pdf`.
  static func outputs(for folders: [String], output: String) throws -> [String] {
    let titles = ProofSections.folderTitles(Set(folders))
    let isFolder =
      output.hasSuffix("/") || (PathBytes.status(output).map { $0.st_mode & S_IFMT == S_IFDIR } ?? false)
    guard output.contains("{folder}") || isFolder else {
      throw ValidationError(
        "--per-folder writes one file per folder: give -o a folder (proofs/) or a name with {folder} (proofs/{folder}.pdf)"
      )
    }
    let names = folders.map { folder in
      let title = titles[folder] ?? folder
      let name =
        title == "." || title == "/" ? URL(fileURLWithPath: folder).standardized.lastPathComponent : title
      return name.split(separator: "/").joined(separator: "-")
    }
    guard Set(names).count == names.count else {
      throw ValidationError("--per-folder: two folders would write the same file (\(names))")
    }
    return names.map { name in
      output.contains("{folder}")
        ? output.replacingOccurrences(of: "{folder}", with: name)
        : (output as NSString).appendingPathComponent(name + ".pdf")
    }
  }
}
