import Foundation
import SheetSupport
import Synchronization

/// The XMP sidecar names in each folder, listed once per run: a catalog of 100,000 photos in a
/// few folders costs a few folder reads instead of 400,000 failed looks for `name.xmp`,
/// `name.XMP`, `stem.xmp` and `stem.XMP`. Safe to share between threads.
package final class SidecarFolders: Sendable {
  /// Sidecar names by folder (nil for a folder that could not be listed: then every name may
  /// exist and is looked for directly), and the folder asked about last with its names.
  private let listed = Mutex<Listing>(Listing())

  private struct Listing {
    var byFolder: [String: Set<String>?] = [:]
    /// Most paths asked about in a row share their folder: it is found again by comparing
    /// bytes, without making the folder's text or hashing it.
    var last: (folder: String, names: Set<String>?)?
  }

  /// Whether the file at `path` (a sidecar candidate) may exist: false only when its folder
  /// was listed and holds no such name.
  package func mayExist(_ path: String) -> Bool {
    let slash = path.utf8.lastIndex(of: UInt8(ascii: "/"))
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    return check(folderOf: path) { $0?.contains(name) ?? true }
  }

  /// Whether the folder of the file at `path` may hold a sidecar of it: false only when the
  /// folder was listed and holds no sidecar at all (most folders of a catalog), so its
  /// candidates need not be made one by one. A path ending in `/` always may.
  package func mayHoldSidecars(of path: String) -> Bool {
    guard !path.utf8.isEmpty, path.utf8.last != UInt8(ascii: "/") else { return true }
    return check(folderOf: path) { $0.map { !$0.isEmpty } ?? true }
  }

  /// `test` applied to the sidecar names of the folder of the file at `path` (nil when the
  /// folder cannot be listed), which is listed on first use.
  private func check(folderOf path: String, _ test: (Set<String>?) -> Bool) -> Bool {
    let length = Self.folderLength(of: path)
    if let answer = listed.withLock({ listing -> Bool? in
      guard let last = listing.last?.folder, Self.isFolder(last, of: path, length: length) else { return nil }
      return test(listing.last?.names ?? nil)
    }) {
      return answer
    }
    let folder = length.map { String(decoding: path.utf8.prefix($0), as: UTF8.self) } ?? "."
    let names = listed.withLock { $0.byFolder[folder] } ?? Self.sidecarNames(in: folder)
    listed.withLock {
      $0.byFolder[folder] = names
      $0.last = (folder, names)
    }
    return test(names)
  }

  /// The length in bytes of the folder part of `path`: up to its last `/` (the `/` itself for a
  /// file at the root); nil for a bare name, whose folder is `.`.
  private static func folderLength(of path: String) -> Int? {
    var path = path
    return path.withUTF8 { bytes in bytes.lastIndex(of: UInt8(ascii: "/")).map { max($0, 1) } }
  }

  /// Whether `folder` is the folder part of `path`, `length` bytes long (nil for `.`),
  /// compared as bytes.
  private static func isFolder(_ folder: String, of path: String, length: Int?) -> Bool {
    guard let length else { return folder == "." }
    var (folder, path) = (folder, path)
    return folder.withUTF8 { folder in
      path.withUTF8 { path in
        folder.count == length && path.count >= length
          && memcmp(folder.baseAddress!, path.baseAddress!, length) == 0
      }
    }
  }

  /// The names ending in `.xmp` (any case) in `folder`, read as bytes (``PathBytes``, as the
  /// candidates are built from the photo's name); empty when there is no such folder, nil when
  /// it cannot be listed.
  private static func sidecarNames(in folder: String) -> Set<String>? {
    guard let names = PathBytes.folderNames(folder) else {
      return errno == ENOENT || errno == ENOTDIR ? [] : nil
    }
    return Set(names.filter { $0.count > 4 && $0.suffix(4).lowercased() == ".xmp" })
  }
}
