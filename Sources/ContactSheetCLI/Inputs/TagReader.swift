import SheetImages
import SheetXMP

/// Finds a photo's rating and label: each field from the first place that records it — its
/// sidecars (`DSC_0001.NEF.xmp`, `DSC_0001.xmp`, then its RAW+JPEG partner's), then the packet
/// embedded in the file.
///
/// The embedded packet costs nothing for JPEG, PNG and WebP: the header read keeps it. For
/// other formats (TIFF, DNG and other RAW files, HEIF), whose header readers do not collect XMP,
/// it costs one extra read of the file by exempi's format handlers, made only when the header
/// was read (the file is a known, readable image) and the sidecars left a field open.
enum TagReader {
  /// Formats whose header read keeps the embedded XMP packet (``ImageHeader/xmp``).
  static let headerCarriesXMP: Set<ImageFormat> = [.jpeg, .png, .webp]

  /// The tags of `item`, whose header has been read (or not, when layout did not need it),
  /// and a warning for a sidecar that exists but was ignored. `folders`, when given, skips
  /// sidecars its folder listing does not hold.
  static func read(_ item: CatalogItem, folders: SidecarFolders? = nil) -> (tags: XMPTags, warning: String?) {
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
      } else if !headerCarriesXMP.contains(header.format) {
        tags = tags.filling(from: XMPReader.readEmbedded(path: item.path) ?? XMPTags())
      }
    }
    return (tags, warning)
  }

  /// Whether a sidecar of `item` may exist: false when the folders of its file and of its
  /// RAW+JPEG partner were listed without any sidecar (most of a catalog's folders), which
  /// spares making its candidates.
  static func mayHaveSidecars(_ item: CatalogItem, folders: SidecarFolders) -> Bool {
    folders.mayHoldSidecars(of: item.path) || item.partner.map(folders.mayHoldSidecars(of:)) == true
  }
}
