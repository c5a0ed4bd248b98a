import Foundation
import SheetImages
import SheetSupport

/// Turns the command line's inputs (image files, folders, manifests, `-` for a list on
/// standard input) into a catalog.
package struct InputCollector {
  package static let imageExtensions: Set<String> = Set([
    "jpg", "jpeg", "jpe", "png", "webp", "tif", "tiff", "heic", "heif", "hif", "avif", "dng", "cr2", "cr3",
    "nef",
    "nrw", "arw", "srf", "sr2", "raf", "orf", "rw2", "pef", "raw", "rwl", "srw", "x3f", "3fr", "iiq", "erf",
    "mrw",
    "kdc", "dcr", "mos",
  ]).union(videoExtensions)
  /// Extensions of files a folder scan takes when their first bytes are an image or a clip (as
  /// it does files without an extension): a camera's `.THM` poster (shown on its own when no
  /// clip of its name is beside it), transport streams, JPEG's other names.
  package static let sniffedExtensions: Set<String> = ["thm", "ts", "m2t", "mpo", "jfif", "jif"]
  /// Video clips' extensions (a clip's card shows a poster frame).
  package static let videoExtensions: Set<String> = [
    "mp4", "mov", "m4v", "3gp", "mkv", "webm", "avi", "mts", "m2ts",
  ]
  package static let manifestExtensions: Set<String> = ["json", "yaml", "yml"]
  /// Camera RAW extensions, for pairing a RAW with the JPEG the camera wrote beside it.
  package static let rawExtensions: Set<String> = [
    "dng", "cr2", "cr3", "nef", "nrw", "arw", "srf", "sr2", "raf", "orf", "rw2", "pef", "raw", "rwl", "srw",
    "x3f", "3fr", "iiq", "erf", "mrw", "kdc", "dcr", "mos",
  ]
  package static let jpegExtensions: Set<String> = ["jpg", "jpeg", "jpe"]

  package var recursive = false
  /// Which file of a RAW+JPEG pair a folder scan shows.
  package var rawJPEG = RawJPEGChoice.jpeg
  /// The run's output: a folder scan leaves it and its pages out.
  package var output: String?
  package var imageColumn = "image"
  package var sectionColumn: String?
  /// Delimiter, link column and grouping of CSV catalogs (their image and section columns
  /// are `imageColumn` and `sectionColumn`).
  package var csv = CSVOptions()
  /// Manifests already read (for their styles), by path; others are read when met.
  package var manifests: [String: Manifest] = [:]

  /// Reads every input, in order. A path on the command line that does not exist is a usage
  /// error; one from the standard input list becomes a placeholder card, as in a manifest.
  package func collect(_ inputs: [String], standardInput: () throws -> String? = Self.readStandardInput)
    throws
    -> Catalog
  {
    var catalog = Catalog()
    // Image files given one by one (a shell glob), taken together as a folder scan takes them.
    var files: [String] = []
    func addFiles() {
      guard !files.isEmpty else { return }
      add(files: files, to: &catalog)
      files = []
    }
    for input in inputs {
      if input != "-", manifests[input] == nil, isImageFile(input) {
        files.append(input)
        continue
      }
      addFiles()
      if input == "-" {
        while let line = try standardInput() {
          let path = line.trimmingCharacters(in: .whitespaces)
          if !path.isEmpty { try add(path, to: &catalog) }
          if catalog.entries.count > InputLimits.items { throw InputError(InputLimits.tooManyItems("-")) }
        }
      } else {
        guard manifests[input] != nil || PathBytes.status(input) != nil else {
          throw InputError(
            "\(input): no such file or folder (inputs are image files, folders, manifests or CSV files; quote option values that hold spaces)"
          )
        }
        try add(input, to: &catalog)
      }
      if catalog.entries.count > InputLimits.items { throw InputError(InputLimits.tooManyItems(input)) }
    }
    addFiles()
    if catalog.entries.count > InputLimits.items {
      throw InputError(InputLimits.tooManyItems("the files given"))
    }
    return catalog
  }

  /// Whether `input` exists and is neither a folder, a manifest nor a CSV catalog.
  private func isImageFile(_ input: String) -> Bool {
    guard let status = PathBytes.status(input), status.st_mode & S_IFMT != S_IFDIR else { return false }
    let ext = (input as NSString).pathExtension.lowercased()
    return !Self.manifestExtensions.contains(ext) && ext != "csv"
  }

  /// Adds files given one by one as ``FolderScanner/scanFiles(_:)`` takes them, with the line
  /// saying what was left out, named after their folder (`DCIM/100CANON`) when they share one.
  private func add(files: [String], to catalog: inout Catalog) {
    let scan = FolderScanner(recursive: recursive, rawJPEG: rawJPEG, output: output).scanFiles(files)
    catalog.entries += scan.images.map { image in
      var item = CatalogItem(path: image.path)
      item.partner = image.partner
      return .item(item)
    }
    catalog.inputFiles += scan.images.map(\.path)
    let folders = Set(files.map { ($0 as NSString).deletingLastPathComponent })
    let label = folders.count == 1 ? folders.first.map { $0.isEmpty ? "." : $0 } ?? "." : "the files given"
    if let report = FolderScanner.report(scan, folder: label) { catalog.scanReports.append(report) }
  }

  nonisolated(unsafe) private static var standardInputList = StandardInputList()

  /// The next line of the standard input list, bounded in length.
  package static func readStandardInput() throws -> String? { try standardInputList.next() }

  private func add(_ input: String, to catalog: inout Catalog) throws {
    let isFolder = PathBytes.status(input).map { $0.st_mode & S_IFMT == S_IFDIR } ?? false
    let ext = (input as NSString).pathExtension.lowercased()
    if isFolder {
      let scan = try FolderScanner(recursive: recursive, rawJPEG: rawJPEG, output: output).scan(input)
      catalog.entries += scan.images.map { image in
        var item = CatalogItem(path: image.path)
        item.partner = image.partner
        return .item(item)
      }
      catalog.inputFiles += scan.images.map(\.path)
      if let report = FolderScanner.report(scan, folder: input) { catalog.scanReports.append(report) }
    } else if Self.manifestExtensions.contains(ext) {
      // A manifest read for its style hands its entries over once; given twice, it is read again.
      if let manifest = manifests[input], catalog.add(manifest) { return }
      _ = catalog.add(try ManifestReader.read(input, itemBudget: InputLimits.items - catalog.entries.count))
    } else if ext == "csv" {
      var options = csv
      options.imageColumn = imageColumn
      options.sectionColumn = sectionColumn
      try CSVCatalogReader.read(input, options: options, into: &catalog)
    } else {
      // A file from the standard input list that is missing or unreadable becomes a
      // placeholder card with a warning.
      catalog.entries.append(.item(CatalogItem(path: input)))
      catalog.inputFiles.append(input)
    }
  }
}

/// A folder's device and inode: the same folder, however a path reaches it.
package struct FolderIdentity: Hashable {
  package var device: UInt64
  package var inode: UInt64

  /// The identity of the folder `path` leads to (following links), nil when it cannot be read.
  package init?(path: String) {
    guard let status = PathBytes.status(path) else { return nil }
    device = UInt64(status.st_dev)
    inode = UInt64(status.st_ino)
  }
}

/// Natural ordering of names: digits compare as numbers, so img2 comes before img10.
package enum NaturalOrder {
  package static func ascending(_ a: String, _ b: String) -> Bool {
    compare(a, b) == .orderedAscending
  }

  package static func compare(_ a: String, _ b: String) -> ComparisonResult {
    var left = Substring(a).unicodeScalars[...]
    var right = Substring(b).unicodeScalars[...]
    while let l = left.first, let r = right.first {
      if l.isASCII && r.isASCII {
        // The same comparisons as below, without making strings: ASCII digits are the only
        // ASCII characters with a numeric value, and lower-case themselves.
        let (x, y) = (UInt8(l.value), UInt8(r.value))
        if isDigit(x) && isDigit(y) {
          let leftDigits = left.prefix { $0.isASCII && isDigit(UInt8($0.value)) }
          let rightDigits = right.prefix { $0.isASCII && isDigit(UInt8($0.value)) }
          let leftNumber = leftDigits.drop { $0 == "0" }
          let rightNumber = rightDigits.drop { $0 == "0" }
          let (leftCount, rightCount) = (leftNumber.count, rightNumber.count)
          if leftCount != rightCount {
            return leftCount < rightCount ? .orderedAscending : .orderedDescending
          }
          if let (p, q) = zip(leftNumber, rightNumber).first(where: { $0 != $1 }) {
            return p.value < q.value ? .orderedAscending : .orderedDescending
          }
          left = left.dropFirst(leftDigits.count)
          right = right.dropFirst(rightDigits.count)
          continue
        }
        let lower = (lowercased(x), lowercased(y))
        if lower.0 != lower.1 { return lower.0 < lower.1 ? .orderedAscending : .orderedDescending }
        left = left.dropFirst()
        right = right.dropFirst()
        continue
      }
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

  private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

  private static func lowercased(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte }
}
