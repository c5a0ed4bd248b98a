import Foundation
import SheetImages
import SheetLayout
import SheetXMP

/// Everything the inputs say: entries in reading order and the document's metadata.
struct Catalog {
  var entries: [CatalogEntry] = []
  var title: String?
  var author: String?
  var subject: String?
  var keywords: String?
  /// A caption template from a manifest, used when `--caption` is not given.
  var captionTemplate: String?
  /// Where `captionTemplate` was written (`catalog.yaml:5:10`), for messages.
  var captionSource: String?
  /// Warnings about the inputs as a whole (for example, a CSV whose sections are not grouped).
  var warnings: [String] = []
  /// Files that inputs name (images and manifests); the output must not overwrite them.
  var inputFiles: [String] = []
  /// One line per folder scan that left files out, saying what and why.
  var scanReports: [String] = []

  var items: [CatalogItem] {
    entries.compactMap { if case .item(let item) = $0 { item } else { nil } }
  }

  /// Whether any entry is an item.
  var hasItems: Bool {
    entries.contains { if case .item = $0 { true } else { false } }
  }
}

/// One entry of the catalog, in reading order.
enum CatalogEntry {
  case item(CatalogItem)
  case banner(BannerContent)
}

/// One picture to place, with what is known about it before rendering.
struct CatalogItem: Sendable {
  /// The image file, as a path the process can open.
  var path: String
  /// Where the item was declared (`catalog.yaml:12`), for messages; nil for plain files.
  var origin: String?
  /// Fields from a manifest or CSV row, available to caption templates.
  var fields: [String: String] = [:]
  /// An explicit caption template for this item.
  var caption: String?
  var section: String?
  var link: String?
  /// Pixel size given by the manifest; when set, the file is not opened for layout.
  var knownSize: (width: Int, height: Int)?
  /// The header (size, orientation, EXIF fields, …), or why it could not be read; filled by
  /// `HeaderReader`, which opens each file once for it.
  var header: Result<ImageHeader, ImageError>?
  /// The other file of a RAW+JPEG pair this item stands for (its XMP sidecar applies too).
  var partner: String?
  /// The rating and colour label from XMP (sidecars, then the embedded packet); filled by
  /// `HeaderReader`.
  var tags: XMPTags?
  /// Why a sidecar of this photo was ignored, if one was.
  var tagWarning: String?
  /// The photo's number among the sheet's photos from the same folder, in name order, counted
  /// before any filter (as a film proof numbers its frames).
  var frame: Int?

  init(path: String, origin: String? = nil) {
    self.path = path
    self.origin = origin
  }

  /// The upright pixel size for layout: the manifest's, else the header's, else 4:3 for a
  /// placeholder card.
  var layoutSize: (width: Int, height: Int) {
    if let knownSize { return knownSize }
    if case .success(let header) = header { return (header.width, header.height) }
    return (4, 3)
  }

  /// The EXIF fields from the header, when it was read.
  var exif: ExifFields? {
    if case .success(let header) = header { return header.exif }
    return nil
  }

  /// Why the image cannot be shown, if it cannot.
  var failure: ImageError? {
    if case .failure(let error) = header { return error }
    return nil
  }
}
