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
  /// Delimiter, link column and grouping of CSV catalogs (their image and section columns
  /// are `imageColumn` and `sectionColumn`).
  var csv = CSVOptions()
  /// Manifests already read (for their styles), by path; others are read when met.
  var manifests: [String: Manifest] = [:]

  /// Reads every input, in order.
  func collect(_ inputs: [String], standardInput: () -> String? = { readLine(strippingNewline: true) }) throws
    -> Catalog
  {
    var catalog = Catalog()
    for input in inputs {
      if input == "-" {
        while let line = standardInput() {
          let path = line.trimmingCharacters(in: .whitespaces)
          if !path.isEmpty { try add(path, to: &catalog) }
        }
      } else {
        try add(input, to: &catalog)
      }
    }
    return catalog
  }

  private func add(_ input: String, to catalog: inout Catalog) throws {
    var isFolder: ObjCBool = false
    let exists = FileManager.default.fileExists(atPath: input, isDirectory: &isFolder)
    let ext = (input as NSString).pathExtension.lowercased()
    if exists && isFolder.boolValue {
      let files = try folderImages(input)
      catalog.entries += files.map { .item(CatalogItem(path: $0)) }
      catalog.inputFiles += files
    } else if Self.manifestExtensions.contains(ext) {
      catalog.add(try manifests[input] ?? ManifestReader.read(input))
    } else if ext == "csv" {
      var options = csv
      options.imageColumn = imageColumn
      options.sectionColumn = sectionColumn
      try CSVCatalogReader.read(input, options: options, into: &catalog)
    } else {
      // A missing or unreadable file becomes a placeholder card with a warning.
      catalog.entries.append(.item(CatalogItem(path: input)))
      catalog.inputFiles.append(input)
    }
  }

  /// Image files in `folder` (by extension; content is checked when read), in natural order.
  private func folderImages(_ folder: String) throws -> [String] {
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
        if recursive { files += try folderImages(path) }
      } else if Self.imageExtensions.contains((name as NSString).pathExtension.lowercased()) {
        files.append(path)
      }
    }
    return files
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
