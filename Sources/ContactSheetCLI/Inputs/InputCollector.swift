import Foundation
import SheetImages

/// Turns the command line's inputs (image files, folders, manifests, `-` for a list on
/// standard input) into a catalog.
struct InputCollector {
  static let imageExtensions: Set<String> = ["jpg", "jpeg", "jpe", "png", "webp"]
  static let manifestExtensions: Set<String> = ["json", "yaml", "yml"]

  var recursive = false
  var imageColumn = "image"
  var sectionColumn: String?
  /// Manifests already read (for their styles), by path; others are read when met.
  var manifests: [String: Manifest] = [:]

  /// Reads every input, in order. A path on the command line that does not exist is a usage
  /// error; one from the standard input list becomes a placeholder card, as in a manifest.
  func collect(_ inputs: [String], standardInput: () throws -> String? = Self.readStandardInput) throws
    -> Catalog
  {
    var catalog = Catalog()
    for input in inputs {
      if input == "-" {
        while let line = try standardInput() {
          let path = line.trimmingCharacters(in: .whitespaces)
          if !path.isEmpty { try add(path, to: &catalog) }
          if catalog.entries.count > InputLimits.items { throw InputError(InputLimits.tooManyItems("-")) }
        }
      } else {
        guard manifests[input] != nil || FileManager.default.fileExists(atPath: input) else {
          throw InputError(
            "\(input): no such file or folder (inputs are image files, folders, manifests or CSV files; quote option values that hold spaces)"
          )
        }
        try add(input, to: &catalog)
      }
      if catalog.entries.count > InputLimits.items { throw InputError(InputLimits.tooManyItems(input)) }
    }
    return catalog
  }

  nonisolated(unsafe) private static var standardInputList = StandardInputList()

  /// The next line of the standard input list, bounded in length.
  static func readStandardInput() throws -> String? { try standardInputList.next() }

  private func add(_ input: String, to catalog: inout Catalog) throws {
    var isFolder: ObjCBool = false
    let exists = FileManager.default.fileExists(atPath: input, isDirectory: &isFolder)
    let ext = (input as NSString).pathExtension.lowercased()
    if exists && isFolder.boolValue {
      var entered = Set<FolderIdentity>()
      let files = try folderImages(input, entered: &entered)
      catalog.entries += files.map { .item(CatalogItem(path: $0)) }
      catalog.inputFiles += files
    } else if Self.manifestExtensions.contains(ext) {
      catalog.add(try manifests[input] ?? ManifestReader.read(input))
    } else if ext == "csv" {
      try CSVCatalogReader.read(input, imageColumn: imageColumn, sectionColumn: sectionColumn, into: &catalog)
    } else {
      // A missing or unreadable file becomes a placeholder card with a warning.
      catalog.entries.append(.item(CatalogItem(path: input)))
      catalog.inputFiles.append(input)
    }
  }

  /// Image files in `folder` (by extension; content is checked when read), in natural order.
  /// A folder is entered once: `entered` holds the (device, inode) of every folder entered so
  /// far, so symbolic links that lead back up the tree (`ln -s . loop`) end the walk.
  private func folderImages(_ folder: String, entered: inout Set<FolderIdentity>) throws -> [String] {
    guard let identity = FolderIdentity(path: folder), entered.insert(identity).inserted else { return [] }
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: folder)
    } catch {
      throw InputError("\(folder): cannot list this folder (check its permissions)")
    }
    var files: [String] = []
    for name in names.filter({ !$0.hasPrefix(".") }).sorted(by: NaturalOrder.ascending) {
      let path = (folder as NSString).appendingPathComponent(name)
      var isFolder: ObjCBool = false
      _ = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
      if isFolder.boolValue {
        if recursive { files += try folderImages(path, entered: &entered) }
      } else if Self.imageExtensions.contains((name as NSString).pathExtension.lowercased()) {
        files.append(path)
      }
    }
    return files
  }
}

/// A folder's device and inode: the same folder, however a path reaches it.
struct FolderIdentity: Hashable {
  var device: UInt64
  var inode: UInt64

  /// The identity of the folder `path` leads to (following links), nil when it cannot be read.
  init?(path: String) {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    device = UInt64(status.st_dev)
    inode = UInt64(status.st_ino)
  }
}

/// Natural ordering of names: digits compare as numbers, so img2 comes before img10.
enum NaturalOrder {
  static func ascending(_ a: String, _ b: String) -> Bool {
    compare(a, b) == .orderedAscending
  }

  static func compare(_ a: String, _ b: String) -> ComparisonResult {
    var left = Substring(a).unicodeScalars[...]
    var right = Substring(b).unicodeScalars[...]
    while let l = left.first, let r = right.first {
      if l.properties.numericType != nil && r.properties.numericType != nil,
        l.value < 128, r.value < 128
      {
        let leftDigits = left.prefix { $0.value >= 48 && $0.value <= 57 }
        let rightDigits = right.prefix { $0.value >= 48 && $0.value <= 57 }
        let leftNumber = String(String.UnicodeScalarView(leftDigits)).drop { $0 == "0" }
        let rightNumber = String(String.UnicodeScalarView(rightDigits)).drop { $0 == "0" }
        if leftNumber.count != rightNumber.count {
          return leftNumber.count < rightNumber.count ? .orderedAscending : .orderedDescending
        }
        if leftNumber != rightNumber {
          return leftNumber < rightNumber ? .orderedAscending : .orderedDescending
        }
        left = left.dropFirst(leftDigits.count)
        right = right.dropFirst(rightDigits.count)
        continue
      }
      let lower = (String(l).lowercased(), String(r).lowercased())
      if lower.0 != lower.1 { return lower.0 < lower.1 ? .orderedAscending : .orderedDescending }
      left = left.dropFirst()
      right = right.dropFirst()
    }
    if left.isEmpty && right.isEmpty {
      return a == b ? .orderedSame : (a < b ? .orderedAscending : .orderedDescending)
    }
    return left.isEmpty ? .orderedAscending : .orderedDescending
  }
}
