import Foundation
import SheetImages
import SheetSupport
import SheetXMP

/// Which file of a RAW+JPEG pair (the same name in one folder, a camera RAW and a JPEG) a
/// folder scan shows.
public enum RawJPEGChoice: String, CaseIterable, Sendable {
  /// The camera's JPEG (the default: it shows the photo as the camera rendered it, at once).
  case jpeg
  /// The RAW file.
  case raw
  /// Both files, as two cards.
  case both
}

/// One image a folder scan found.
package struct ScannedImage: Equatable {
  package var path: String
  /// The other file of a RAW+JPEG pair shown as this one (its sidecar applies too).
  package var partner: String?
}

/// Lists the images of a folder (and of its subfolders with `recursive`) in natural name
/// order, and counts everything it leaves out, with the reason, so that nothing is dropped
/// silently: files of other formats, unreadable files, sidecars, the files this command
/// writes, and the other half of RAW+JPEG pairs.
package struct FolderScanner {
  package var recursive = false
  package var rawJPEG = RawJPEGChoice.jpeg
  /// The run's output, whose file and numbered pages (written by an earlier run into the
  /// folder being read) are not photos.
  package var output: String?

  /// A scanner of folders (and their subfolders with `recursive`) showing `rawJPEG`'s file of
  /// each pair, leaving `output` out.
  package init(recursive: Bool = false, rawJPEG: RawJPEGChoice = .jpeg, output: String? = nil) {
    self.recursive = recursive
    self.rawJPEG = rawJPEG
    self.output = output
  }

  /// What one scan found.
  package struct Result {
    package var images: [ScannedImage] = []
    package var skipped = SkipTally()
    /// Subfolders left unsearched because `-r` was not given.
    package var unsearchedFolders: [String] = []
  }

  /// One entry of a folder, in the order it is listed.
  private enum Entry {
    case file(name: String)
    case folder(path: String)
    /// A file the scan shows, as ``arrange(_:sidecars:in:into:)`` found it.
    case image(ScannedImage)
  }

  /// Scans `folder`.
  ///
  /// - Throws: ``InputError`` when `folder` cannot be listed.
  package func scan(_ folder: String) throws -> Result {
    var result = Result()
    let outputFiles = output.map(OutputFiles.init)
    var entered = Set<FolderIdentity>()
    guard scan(folder, outputFiles: outputFiles, entered: &entered, into: &result) else {
      throw InputError("\(folder): cannot list this folder (check its permissions)")
    }
    return result
  }

  /// The files given one by one (a shell glob's `DCIM/100CANON/*`), treated as a scan of their
  /// folders treats them: sidecars, a clip's `.THM`, files of other formats, earlier outputs
  /// and a file given twice are counted and left out, and a RAW+JPEG pair given together shows
  /// once. Images keep the order given. A file named like an image that cannot be read stays,
  /// to become a placeholder card naming the problem.
  package func scanFiles(_ paths: [String]) -> Result {
    var result = Result()
    let outputFiles = output.map(OutputFiles.init)
    var folders: [String: (entries: [Entry], sidecars: [String])] = [:]
    var folderOrder: [String] = []
    var position: [String: Int] = [:]
    for path in paths {
      let folder = (path as NSString).deletingLastPathComponent
      let name = (path as NSString).lastPathComponent
      let key = (folder as NSString).appendingPathComponent(name)
      guard position[key] == nil else {
        result.skipped.add(.givenTwice, file: path)
        continue
      }
      position[key] = position.count
      if folders[folder] == nil { folderOrder.append(folder) }
      let isOutputFolder = outputFiles?.isFolder(folder.isEmpty ? "." : folder) ?? false
      switch classify(name, at: path, outputFiles: isOutputFolder ? outputFiles : nil) {
      case .sidecar: folders[folder, default: ([], [])].sidecars.append(name)
      // A device or FIFO given by name is never opened: its card names what it is.
      case .skipped(let reason) where reason != .unreadable && Self.isRegularFile(path):
        result.skipped.add(reason, file: path)
      case .folder, .image, .skipped: folders[folder, default: ([], [])].entries.append(.file(name: name))
      }
    }
    var images: [ScannedImage] = []
    for folder in folderOrder {
      let (entries, sidecars) = folders[folder] ?? ([], [])
      for case .image(let image) in arrange(
        entries, sidecars: sidecars, in: folder, sidecarsGiven: true, into: &result)
      {
        images.append(image)
      }
    }
    result.images = images.sorted { position[$0.path, default: 0] < position[$1.path, default: 0] }
    return result
  }

  /// Adds the images of `folder` to `result`; false when the folder cannot be listed. A folder
  /// is entered once: `entered` holds the (device, inode) of every folder entered so far, so
  /// symbolic links that lead back up the tree end the walk instead of looping.
  private func scan(
    _ folder: String, outputFiles: OutputFiles?, entered: inout Set<FolderIdentity>, into result: inout Result
  ) -> Bool {
    guard let identity = FolderIdentity(path: folder) else { return false }
    guard entered.insert(identity).inserted else {
      result.skipped.add(.folderLoop, file: folder)
      return true
    }
    guard let names = PathBytes.folderNames(folder) else { return false }
    let isOutputFolder = outputFiles?.isFolder(folder) ?? false
    var entries: [Entry] = []
    var sidecars: [String] = []
    for name in names.filter({ !$0.hasPrefix(".") }).sorted(by: NaturalOrder.ascending) {
      let path = (folder as NSString).appendingPathComponent(name)
      switch classify(name, at: path, outputFiles: isOutputFolder ? outputFiles : nil) {
      case .folder: entries.append(.folder(path: path))
      case .image: entries.append(.file(name: name))
      case .sidecar: sidecars.append(name)
      case .skipped(let reason): result.skipped.add(reason, file: path)
      }
    }
    for entry in arrange(entries, sidecars: sidecars, in: folder, into: &result) {
      switch entry {
      case .file: break  // `arrange` makes every file an image or leaves it out.
      case .image(let image):
        result.images.append(image)
      case .folder(let path):
        if !recursive {
          result.unsearchedFolders.append(path)
        } else if !scan(path, outputFiles: outputFiles, entered: &entered, into: &result) {
          result.skipped.add(.unreadable, file: path)
        }
      }
    }
    return true
  }

  /// One folder's entries as the scan shows them: a clip's `.THM` poster, the hidden file of
  /// each RAW+JPEG pair and sidecars without a photo counted in `result` and left out, every
  /// other file an ``Entry/image`` (with its pair's partner), folders kept in place.
  /// `sidecarsGiven`: the sidecars were named one by one, so even those of a photo are counted.
  private func arrange(
    _ entries: [Entry], sidecars: [String], in folder: String, sidecarsGiven: Bool = false,
    into result: inout Result
  ) -> [Entry] {
    var entries = entries
    // A camera's poster of a clip (`MVI_1251.THM` beside `MVI_1251.MP4`) is shown on the clip's card.
    let clipStems = Set(
      entries.compactMap { entry -> String? in
        guard case .file(let name) = entry,
          InputCollector.videoExtensions.contains((name as NSString).pathExtension.lowercased())
        else { return nil }
        return (name as NSString).deletingPathExtension.lowercased()
      })
    entries.removeAll { entry in
      guard case .file(let name) = entry, (name as NSString).pathExtension.lowercased() == "thm",
        clipStems.contains((name as NSString).deletingPathExtension.lowercased())
      else { return false }
      result.skipped.add(.videoPoster, file: (folder as NSString).appendingPathComponent(name))
      return true
    }
    let files = entries.compactMap { if case .file(let name) = $0 { name } else { nil } }
    let shown = RawJPEGPairs(names: files, choice: rawJPEG)
    for (name, reason) in shown.hidden {
      result.skipped.add(reason, file: (folder as NSString).appendingPathComponent(name))
    }
    // A sidecar belongs to an image of the same name (`a.NEF.xmp`) or stem (`a.xmp`).
    let photoNames = Set(
      files.flatMap { [$0.lowercased(), ($0 as NSString).deletingPathExtension.lowercased()] })
    for sidecar in sidecars {
      let path = (folder as NSString).appendingPathComponent(sidecar)
      if !photoNames.contains((sidecar as NSString).deletingPathExtension.lowercased()) {
        result.skipped.add(.orphanSidecar, file: path)
      } else if sidecarsGiven {
        result.skipped.add(.sidecarOfPhoto, file: path)
      }
    }
    return entries.compactMap { entry in
      guard case .file(let name) = entry else { return entry }
      guard let partner = shown.shown[name] else { return nil }
      return .image(
        ScannedImage(
          path: (folder as NSString).appendingPathComponent(name),
          partner: partner.map { (folder as NSString).appendingPathComponent($0) }))
    }
  }

  /// What one folder entry is to the scan.
  private enum Kind {
    case folder, image, sidecar
    case skipped(SkipReason)
  }

  /// Sorts the entry `name` (at `path`) by what it is; `outputFiles` is set when the folder is
  /// the output's. Each check is one case, so a new reason to skip a file is one more line.
  private func classify(_ name: String, at path: String, outputFiles: OutputFiles?) -> Kind {
    guard let status = PathBytes.status(path) else {
      return .skipped(.unreadable)  // A broken symbolic link.
    }
    if status.st_mode & S_IFMT == S_IFDIR { return .folder }
    if outputFiles?.isOutput(name) == true { return .skipped(.earlierOutput) }
    if XMPSidecars.isSidecar(name) { return .sidecar }
    let ext = (name as NSString).pathExtension
    guard status.st_mode & S_IFMT == S_IFREG else {
      let named = InputCollector.imageExtensions.contains(ext.lowercased())
      return .skipped(named ? .notRegularFile : .unsupported(extension: ext))
    }
    // A file without an extension, or with one of a few that hold images or clips under other
    // names (a camera's `.THM` poster is a JPEG, a clip may be a `.ts`), is taken when its first
    // bytes say so. Others are not opened: backups (`IMG_1.JPG_original`, `a.jpg.bak`) and
    // audio (`.m4a`, whose bytes are an MP4's) are not photos, and opening every file of a
    // cloud-synced folder could download it.
    let sniffable = ext.isEmpty || InputCollector.sniffedExtensions.contains(ext.lowercased())
    guard
      InputCollector.imageExtensions.contains(ext.lowercased())
        || (sniffable && (try? RegularFile.start(path, count: 512)).flatMap({ ImageFormat.sniff($0) }) != nil)
    else {
      return .skipped(.unsupported(extension: ext))
    }
    guard PathBytes.withCString(path, { access($0, R_OK) }) == 0 else { return .skipped(.unreadable) }
    return .image
  }

  private static func isRegularFile(_ path: String) -> Bool {
    PathBytes.status(path).map { $0.st_mode & S_IFMT == S_IFREG } ?? false
  }

  /// Whether any folder under `folder` holds a file named like an image (stops at the first).
  package static func holdsImages(_ folder: String) -> Bool {
    guard let walk = FileManager.default.enumerator(atPath: folder) else { return false }
    while let name = walk.nextObject() as? String {
      if InputCollector.imageExtensions.contains((name as NSString).pathExtension.lowercased()) {
        return true
      }
    }
    return false
  }

  /// The line that ends the scan of `folder`: what it skipped and why, and the subfolders
  /// it did not search. Nil when it took everything.
  package static func report(_ result: Result, folder: String) -> JobMessage? {
    var parts: [JobMessage] = []
    if result.skipped.total > 0 {
      let count = result.skipped.total
      parts.append("skipped \(count) file\(count == 1 ? "" : "s"): \(result.skipped.summary)")
    }
    let unsearched = result.unsearchedFolders.count
    if unsearched > 0 {
      if result.images.isEmpty, result.unsearchedFolders.contains(where: holdsImages) {
        parts.append("its images are all in subfolders: add \(setting: .recursive) to include them")
      } else {
        parts.append(
          "\(unsearched) subfolder\(unsearched == 1 ? "" : "s") not searched (add \(setting: .recursive) to include them)"
        )
      }
    }
    return parts.isEmpty ? nil : "\(folder): \(parts.joined(separator: "; "))"
  }
}

/// The output of a run and its numbered pages: files an earlier run wrote, to be left out
/// when their folder is scanned for photos.
private struct OutputFiles {
  let folder: String
  let name: String
  let pages: PageFileNames?

  init(_ output: String) {
    let url = URL(fileURLWithPath: output).standardizedFileURL.resolvingSymlinksInPath()
    folder = url.deletingLastPathComponent().path
    name = url.lastPathComponent
    // A PDF is one file; PNG and SVG pages are OUT-001.png, … when there are several.
    pages = url.pathExtension.lowercased() == "pdf" ? nil : PageFileNames(path: url.path)
  }

  func isFolder(_ path: String) -> Bool {
    URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path == folder
  }

  func isOutput(_ fileName: String) -> Bool {
    fileName == name || pages?.isNumberedPage(fileName) == true
  }
}

/// RAW+JPEG pairs among one folder's image files: which file of each pair is shown, with the
/// other as its partner, and which are hidden.
package struct RawJPEGPairs {
  /// Every shown file, with its partner when it stands for a pair.
  private(set) var shown: [String: String?] = [:]
  /// Files left out, with the reason.
  private(set) var hidden: [(name: String, reason: SkipReason)] = []

  package init(names: [String], choice: RawJPEGChoice) {
    var byStem: [String: [String]] = [:]
    for name in names {
      byStem[(name as NSString).deletingPathExtension.lowercased(), default: []].append(name)
    }
    for name in names {
      let group = byStem[(name as NSString).deletingPathExtension.lowercased()] ?? [name]
      let raws = group.filter { InputCollector.rawExtensions.contains(Self.ext($0)) }
      let jpegs = group.filter { InputCollector.jpegExtensions.contains(Self.ext($0)) }
      guard !raws.isEmpty, !jpegs.isEmpty, choice != .both else {
        shown[name] = .some(nil)
        continue
      }
      let isRaw = raws.contains(name)
      switch (choice, isRaw) {
      case (.jpeg, true): hidden.append((name, .rawOfPair))
      case (.raw, false) where jpegs.contains(name): hidden.append((name, .jpegOfPair))
      case (.jpeg, false) where jpegs.contains(name): shown[name] = .some(raws.first)
      case (.raw, true): shown[name] = .some(jpegs.first)
      default: shown[name] = .some(nil)
      }
    }
  }

  private static func ext(_ name: String) -> String { (name as NSString).pathExtension.lowercased() }
}
