import Foundation
import SheetDiff
import SheetImages
import SheetSupport

/// An input of a comparison: an image (one page) or a PDF (its pages, rasterised on demand).
enum ComparedFile {
  case image(RasterImage)
  /// An image read as pixelmatch reads it (``ImageReader/straightRGBA(path:maxPixels:)``).
  case straightImage(StraightRGBAImage)
  case pdf(PDFRasterizer)

  /// The most pixels an image or a rasterised PDF page may have: both sides and the diff are
  /// in memory at once, so 50 million (200 MB each) keeps a comparison well under 1 GB. A
  /// larger size is refused from the header, before anything is decoded.
  public static let maxPixels = 50_000_000

  /// Opens `path`, telling PDFs from images by their first bytes; with `straight`, an image is
  /// read as pixelmatch reads it. The file must be a regular file (a FIFO or device is named,
  /// never waited on).
  static func open(_ path: String, straight: Bool = false) throws -> ComparedFile {
    let magic: [UInt8]
    do {
      let (descriptor, _) = try RegularFile.open(path)
      defer { close(descriptor) }
      var buffer = [UInt8](repeating: 0, count: 8)
      let count = read(descriptor, &buffer, 8)
      magic = Array(buffer.prefix(max(0, count)))
    } catch {
      throw ImageError(path: path, reason: error.reason)
    }
    if magic.starts(with: "%PDF-".utf8) { return .pdf(try PDFRasterizer(path: path)) }
    let header = try ImageReader.header(path: path)
    guard header.pixelCount <= maxPixels else {
      throw ImageError(
        path: path,
        reason:
          "\(header.width)×\(header.height) is more than the \(maxPixels) pixels compare holds in memory; compare smaller images"
      )
    }
    if straight { return .straightImage(try ImageReader.straightRGBA(path: path, maxPixels: maxPixels)) }
    return .image(try ImageReader.decode(path: path, header: header, maxPixels: maxPixels))
  }

  var pageCount: Int {
    switch self {
    case .image, .straightImage: 1
    case .pdf(let document): document.pageCount
    }
  }

  var isPDF: Bool {
    if case .pdf = self { return true }
    return false
  }

  /// Page `index` (0-based) as pixels; PDFs at `dpi`.
  func page(_ index: Int, dpi: Double) throws -> RasterImage {
    switch self {
    case .image(let image): image
    case .straightImage(let image): image.raster
    case .pdf(let document): try document.render(page: index, dpi: dpi)
    }
  }

  /// Page `index` (0-based) as pixelmatch reads pixels; PDFs at `dpi`.
  func straightPage(_ index: Int, dpi: Double) throws -> StraightRGBAImage {
    switch self {
    case .straightImage(let image): image
    default: StraightRGBAImage(try page(index, dpi: dpi))
    }
  }
}
