import Foundation

/// What starts a new section (a banner and a PDF bookmark) on a proof sheet.
public enum SectionBy: String, CaseIterable, Sendable {
  /// Each folder the photos come from.
  case dir
  /// Each day the photos were taken (EXIF date, else the file's time).
  case date

  /// Parses the `section-by` setting.
  public init(parsing text: String) throws {
    guard let value = SectionBy(rawValue: text.lowercased()) else {
      throw InputError(
        .sectionBy,
        "\(setting: .sectionBy) \(text): use dir (one section per folder) or date (one per day taken)")
    }
    self = value
  }
}

/// Film-proof numbering and proof sections, computed from the catalog's items.
package enum ProofSections {
  /// Numbers each photo within its folder (natural name order, 1 first), as frames are
  /// numbered on a film proof: counted over every item, before filters, so numbers stay put.
  package static func numberFrames(_ entries: inout [CatalogEntry]) {
    var byFolder: [String: [(name: String, index: Int)]] = [:]
    let currentFolder = FileManager.default.currentDirectoryPath
    for (index, entry) in entries.enumerated() {
      guard case .item(let item) = entry, !item.path.isEmpty else { continue }
      let (folder, name) = folderAndName(item.path, currentFolder: currentFolder)
      byFolder[folder, default: []].append((name, index))
    }
    for photos in byFolder.values {
      let ordered = photos.sorted { NaturalOrder.ascending($0.name, $1.name) }
      for (position, photo) in ordered.enumerated() {
        if case .item(var item) = entries[photo.index] {
          item.frame = position + 1
          entries[photo.index] = .item(item)
        }
      }
    }
  }

  /// The standardized folder and the name of the file at `path` (relative to `currentFolder`):
  /// split as text when the path has no `.`, `..` or empty parts, else through `URL`.
  package static func folderAndName(_ path: String, currentFolder: String) -> (folder: String, name: String) {
    let absolute = path.hasPrefix("/") ? path : currentFolder + "/" + path
    // A path whose bytes hold no such part has none as characters either: checked on bytes
    // first, which is all most paths need.
    if !currentFolder.isEmpty && !hasDotOrEmptyPart(absolute), let slash = absolute.lastIndex(of: "/") {
      let folder = slash == absolute.startIndex ? "/" : String(absolute[..<slash])
      return (folder, String(absolute[absolute.index(after: slash)...]))
    }
    if !absolute.contains("/./") && !absolute.contains("/../") && !absolute.contains("//")
      && !absolute.hasSuffix("/") && !absolute.hasSuffix("/.") && !absolute.hasSuffix("/..")
      && !currentFolder.isEmpty, let slash = absolute.lastIndex(of: "/")
    {
      let folder = slash == absolute.startIndex ? "/" : String(absolute[..<slash])
      return (folder, String(absolute[absolute.index(after: slash)...]))
    }
    let url = URL(fileURLWithPath: path).standardizedFileURL
    return (url.deletingLastPathComponent().path, url.lastPathComponent)
  }

  /// Whether the bytes of `path` hold `//`, `/./` or `/../`, or end in `/`, `/.` or `/..`.
  package static func hasDotOrEmptyPart(_ path: String) -> Bool {
    let slash = UInt8(ascii: "/")
    let dot = UInt8(ascii: ".")
    var dotsSinceSlash: Int? = nil
    for byte in path.utf8 {
      if byte == slash {
        if let dots = dotsSinceSlash, dots <= 2 { return true }
        dotsSinceSlash = 0
      } else if byte == dot, let dots = dotsSinceSlash {
        dotsSinceSlash = dots + 1
      } else {
        dotsSinceSlash = nil
      }
    }
    return dotsSinceSlash.map { $0 <= 2 } ?? false
  }

  /// Gives every item the section `by` says, and groups each run of items between explicit
  /// banners by section: folders in the order first met, days in date order (undated last).
  package static func assign(
    _ entries: [CatalogEntry], by: SectionBy, attributes: [String: FileAttributes]
  ) -> [CatalogEntry] {
    var result: [CatalogEntry] = []
    var run: [(key: String, title: String, item: CatalogItem)] = []
    let folderTitles =
      by == .dir
      ? folderTitles(Set(entries.compactMap { if case .item(let item) = $0 { folder(item) } else { nil } }))
      : [:]
    func flush() {
      var firstSeen: [String: Int] = [:]
      for (index, entry) in run.enumerated() where firstSeen[entry.key] == nil {
        firstSeen[entry.key] = index
      }
      let grouped = run.enumerated().sorted { a, b in
        let (keyA, keyB) = (a.element.key, b.element.key)
        if keyA == keyB { return a.offset < b.offset }
        switch by {
        case .dir: return firstSeen[keyA]! < firstSeen[keyB]!
        case .date: return keyA < keyB  // yyyy-MM-dd; "~" (undated) sorts last.
        }
      }
      result += grouped.map { _, entry in
        var item = entry.item
        item.section = entry.title
        return .item(item)
      }
      run = []
    }
    for entry in entries {
      switch entry {
      case .item(let item):
        let (key, title) = section(of: item, by: by, attributes: attributes, folderTitles: folderTitles)
        run.append((key, title, item))
      case .banner:
        flush()
        result.append(entry)
      }
    }
    flush()
    return result
  }

  /// For `--section-by date`: how many photos have no capture date, so that their day is their
  /// file's (a copy's date is the day it was copied); nil when every photo has one.
  package static func undatedWarning(_ entries: [CatalogEntry]) -> JobMessage? {
    var undated = 0
    var total = 0
    var first: String?
    for case .item(let item) in entries {
      total += 1
      guard item.exif?.dateTaken == nil else { continue }
      undated += 1
      if first == nil { first = item.origin ?? item.path }
    }
    guard undated > 0, let first else { return nil }
    let subject = undated == 1 ? "1 of \(total) photos has" : "\(undated) of \(total) photos have"
    return JobMessage(
      "\(subject) no capture date (the first: \(first)): sections by date put \(undated == 1 ? "it" : "them") under the day \(undated == 1 ? "its file was" : "their files were") last changed"
    )
  }

  /// The folder of `item`'s file as its path gives it (`.` for none).
  private static func folder(_ item: CatalogItem) -> String {
    let folder = (item.path as NSString).deletingLastPathComponent
    return folder.isEmpty ? "." : folder
  }

  /// Each folder's section title: its own name (`100CANON`), or as many of its last path parts
  /// as tell it from another folder of that name (`2024/day-1`, `2025/day-1`).
  package static func folderTitles(_ folders: Set<String>) -> [String: String] {
    var depth = Dictionary(uniqueKeysWithValues: folders.map { ($0, 1) })
    func title(_ folder: String) -> String {
      let names = folder.split(separator: "/")
      let taken = depth[folder] ?? 1
      return names.count <= taken ? folder : names.suffix(taken).joined(separator: "/")
    }
    while true {
      let clashing = Dictionary(grouping: folders, by: title).values.filter { $0.count > 1 }.joined()
        .filter { title($0) != $0 }
      guard !clashing.isEmpty else {
        return Dictionary(uniqueKeysWithValues: folders.map { ($0, title($0)) })
      }
      for folder in clashing { depth[folder, default: 1] += 1 }
    }
  }

  /// The grouping key and banner title of `item`'s section.
  private static func section(
    of item: CatalogItem, by: SectionBy, attributes: [String: FileAttributes], folderTitles: [String: String]
  ) -> (key: String, title: String) {
    switch by {
    case .dir:
      let folder = folder(item)
      return (folder, folderTitles[folder] ?? folder)
    case .date:
      guard let date = item.exif?.dateTaken ?? attributes[item.path]?.modified else {
        return ("~", "Undated")
      }
      return (
        CaptionFields.format(date, pattern: "yyyy-MM-dd"),
        CaptionFields.format(date, pattern: "EEEE d MMMM yyyy")
      )
    }
  }
}
