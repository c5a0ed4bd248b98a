import Foundation
import SheetImages
import SheetSupport
import SheetXMP

/// Reads what layout and captions need from every image file, in parallel, opening each file
/// once: its header (size, orientation and EXIF fields together) unless the manifest gave the
/// size and no caption or sort order wants EXIF, and file attributes only when asked; then
/// its rating and label (`TagReader`: sidecars, and the packet the header kept).
package struct HeaderReader {
  package var needsHeaders = true
  /// Whether to find each photo's XMP rating and label.
  package var needsTags = true
  package var needsExif = false
  package var needsFileAttributes = false
  /// Images whose header claims more pixels are refused before decoding.
  package var maxPixels: Int = PixelLimit.default
  /// Called with the number done so far: once first, on the calling thread, for the items
  /// that need nothing read, then after each file read, from any thread.
  package var progress: @Sendable (Int) -> Void = { _ in }

  /// Fills in the header, rating and label of every item among `entries`, in place (the files
  /// are read in parallel), and returns the file attributes read, by path.
  package func read(_ entries: inout [CatalogEntry]) -> [String: FileAttributes] {
    let folders = SidecarFolders()
    // Only the items with something to read are handed to the threads; most catalogs giving
    // sizes have none (their folders, listed once each, hold no sidecar), and then no thread
    // starts and no item changes.
    var itemCount = 0
    let positions = entries.indices.filter { position in
      guard case .item(let item) = entries[position] else { return false }
      itemCount += 1
      // An image that could not be downloaded has its failure already.
      guard item.header == nil else { return false }
      return needsSize(item) || needsExif || needsFileAttributes
        || (needsTags && TagReader.mayHaveSidecars(item, folders: folders))
    }
    let skipped = itemCount - positions.count
    if skipped > 0 { progress(skipped) }
    guard !positions.isEmpty else { return [:] }
    // Items naming one file (by path, or by device and inode through another path) are read
    // once: a catalog may show one photo for a million products.
    let groups = fileGroups(positions, entries, folders: folders)
    // Each header read is boxed once, here: the box is what the items keep. A slot stays
    // empty when its items have nothing to change (the common case of a manifest giving sizes).
    let slots = ConcurrentSlots<Found>(count: groups.count)
    do {
      // What the threads read; let go of before the entries are changed, so they change in place.
      let snapshot = entries
      let counter = ConcurrentCounter()
      DispatchQueue.concurrentPerform(iterations: groups.count) { index in
        guard case .item(let item) = snapshot[groups[index][0]] else { return }
        let needsSize = needsSize(item)
        var header: HeaderResult?
        if needsSize || needsExif {
          header = readHeader(item, pixelLimit: needsSize)
          // Read only for its EXIF fields: a file that cannot be read keeps its manifest size and
          // shows no EXIF fields, as it would without them.
          if !needsSize, case .failure = header { header = nil }
        }
        let attributes = needsFileAttributes ? FileAttributes(path: item.path) : nil
        var tags: (XMPTags, String?)?
        if needsTags {
          if let header {
            var withHeader = item
            withHeader.header = header
            tags = TagReader.read(withHeader, folders: folders)
          } else {
            tags = TagReader.read(item, folders: folders)
          }
        }
        // The rating and label are read: the packet is not kept for the rest of the run.
        let found = Found(
          header: header.map { $0.map { Box($0.droppingXMP()) } }, attributes: attributes, tags: tags)
        if !found.changesNothing || needsFileAttributes { slots.set(index, found) }
        progress(skipped + counter.add(groups[index].count))
      }
    }
    var attributes: [String: FileAttributes] = [:]
    // Items naming the same file share one copy of its header and of its path (a catalog may
    // show one photo for many products).
    var shared: [String: (path: String, header: Box<ImageHeader>)] = [:]
    for (index, group) in groups.enumerated() {
      guard let found = slots.get(index) else { continue }
      for position in group {
        guard case .item(let item) = entries[position] else { continue }
        entries[position] = .item(apply(found, to: item, shared: &shared, attributes: &attributes))
      }
    }
    return attributes
  }

  /// `item` with what was read for its file: the header (one copy of it and of its path for
  /// every item naming the file), rating and label, and its file attributes recorded.
  private func apply(
    _ found: Found, to item: CatalogItem, shared: inout [String: (path: String, header: Box<ImageHeader>)],
    attributes: inout [String: FileAttributes]
  ) -> CatalogItem {
    var item = item
    switch found.header {
    case .success(let box)?:
      if let known = shared[item.path], known.header.value == box.value {
        item.path = known.path
        item.sharedHeader = known.header
      } else {
        shared[item.path] = (item.path, box)
        item.sharedHeader = box
      }
    case .failure(let error)?: item.header = .failure(error)
    case nil: break
    }
    if let (tags, warning) = found.tags {
      item.tags = tags
      item.tagWarning = warning
    }
    if needsFileAttributes { attributes[item.path] = found.attributes }
    return item
  }

  /// `positions` grouped by the file their items name: one group per file, identified by its
  /// device and inode when it can be looked up (so two paths to one file are one group), else
  /// by its path; items whose other inputs to the read differ (whether the size is needed,
  /// the RAW+JPEG partner, the path sidecars are looked for beside) stay apart. Groups and the
  /// positions in them keep their order.
  private func fileGroups(_ positions: [Int], _ entries: [CatalogEntry], folders: SidecarFolders) -> [[Int]] {
    struct Key: Hashable {
      var file: String
      var partner: String?
      var needsSize: Bool
      /// The path, when tags are read: sidecars are found beside it, so two paths to one file
      /// may have different ratings.
      var sidecarsOf: String?
    }
    var identities: [String: String] = [:]
    var groupOf: [Key: Int] = [:]
    var groups: [[Int]] = []
    for position in positions {
      guard case .item(let item) = entries[position] else { continue }
      let file =
        identities[item.path]
        ?? {
          let identity =
            PathBytes.status(item.path).map { "\($0.st_dev):\($0.st_ino)" } ?? "path:" + item.path
          identities[item.path] = identity
          return identity
        }()
      let key = Key(
        file: file, partner: item.partner, needsSize: needsSize(item),
        sidecarsOf: needsTags && TagReader.mayHaveSidecars(item, folders: folders) ? item.path : nil)
      if let group = groupOf[key] {
        groups[group].append(position)
      } else {
        groupOf[key] = groups.count
        groups.append([position])
      }
    }
    return groups
  }

  /// Whether `item`'s header must be read for its size: always for `render`, else when the
  /// manifest gave none (or no file, which is then a failure).
  private func needsSize(_ item: CatalogItem) -> Bool {
    needsHeaders || item.knownSize == nil || item.path.isEmpty
  }

  /// What reading found for one item.
  private struct Found {
    var header: BoxedHeader?
    var attributes: FileAttributes?
    var tags: (XMPTags, String?)?

    /// Whether the item stays as it was: no header read, no tags (rating, label, descriptive
    /// fields), no warning (an item has none of these before it is read).
    var changesNothing: Bool {
      guard header == nil, attributes == nil else { return false }
      guard let (tags, warning) = self.tags else { return true }
      return tags.isEmpty && warning == nil
    }
  }

  package typealias HeaderResult = Result<ImageHeader, ImageError>
  /// A header read, in the box its items keep, or why it could not be read.
  package typealias BoxedHeader = Result<Box<ImageHeader>, ImageError>

  /// The header of `item`'s file; with `pixelLimit`, a failure when it claims more than
  /// `maxPixels` pixels.
  private func readHeader(_ item: CatalogItem, pixelLimit: Bool) -> HeaderResult {
    guard !item.path.isEmpty else {
      // The origin (file and line) already says where; the path stays empty, not repeated.
      return .failure(ImageError(path: "", reason: "no image file given (its image field is empty)"))
    }
    do {
      let header = try ImageReader.header(path: item.path)
      guard !pixelLimit || header.pixelCount <= maxPixels else {
        return .failure(
          ImageError(
            path: item.path,
            reason: "\(header.width)×\(header.height) is more than --max-pixels \(maxPixels) pixels"))
      }
      return .success(header)
    } catch let error as ImageError {
      return .failure(error)
    } catch {
      return .failure(ImageError(path: item.path, reason: "\(error)"))
    }
  }
}
