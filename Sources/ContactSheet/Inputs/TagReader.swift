import SheetImages
import SheetXMP

/// Finds a photo's rating, label and descriptive fields: each field from the first place that
/// records it — its sidecars (`DSC_0001.NEF.xmp`, `DSC_0001.xmp`, then its RAW+JPEG partner's),
/// then the packet embedded in the file, then a JPEG's IPTC-IIM (APP13) segment.
///
/// The embedded packet costs nothing: every header reader keeps it (``ImageHeader/xmp``: JPEG's
/// APP1, PNG's iTXt, WebP's XMP chunk, TIFF's and DNG's XMLPacket tag, HEIF's XMP item, what
/// LibRaw finds in other RAWs). So each packet passes ``XMPPacketLimits`` before exempi parses
/// it; exempi's own file handlers, which would parse whatever they find, are not used.
package enum TagReader {
  /// The tags of `item`, whose header has been read (or not, when layout did not need it),
  /// and a warning for a sidecar that exists but was ignored. `folders`, when given, skips
  /// sidecars its folder listing does not hold.
  package static func read(_ item: CatalogItem, folders: SidecarFolders? = nil) -> (
    tags: XMPTags, warning: String?
  ) {
    var tags = XMPTags()
    var warning: String?
    guard !item.path.isEmpty else { return (tags, nil) }
    let mayHave = folders.map { mayHaveSidecars(item, folders: $0) } ?? true
    let candidates = mayHave ? XMPSidecars.candidates(for: item.path, partner: item.partner) : []
    for sidecar in candidates where folders?.mayExist(sidecar) ?? true {
      do {
        if let found = try XMPReader.readSidecar(path: sidecar) { tags = tags.filling(from: found) }
      } catch {
        warning = warning ?? error.description
      }
      if tags.isComplete { return (tags, warning) }
    }
    if case .success(let header) = item.header {
      if let packet = header.xmp {
        tags = tags.filling(from: XMPReader.parse(packet) ?? XMPTags())
      }
      if let segment = header.iptc { tags = tags.filling(from: IPTCRecords.parse(segment)) }
    }
    return (tags, warning)
  }

  /// Whether a sidecar of `item` may exist: false when the folders of its file and of its
  /// RAW+JPEG partner were listed without any sidecar (most of a catalog's folders), which
  /// spares making its candidates.
  package static func mayHaveSidecars(_ item: CatalogItem, folders: SidecarFolders) -> Bool {
    folders.mayHoldSidecars(of: item.path) || item.partner.map(folders.mayHoldSidecars(of:)) == true
  }
}
