import Foundation
import SheetDiff
import SheetImages

/// An input of a comparison: an image (one page) or a PDF (its pages, rasterised on demand).
enum ComparedFile {
  case image(RasterImage)
  case pdf(PDFRasterizer)

  /// Opens `path`, telling PDFs from images by their first bytes.
  static func open(_ path: String) throws -> ComparedFile {
    guard let handle = FileHandle(forReadingAtPath: path) else {
      let exists = FileManager.default.fileExists(atPath: path)
      throw ImageError(
        path: path, reason: exists ? "cannot be read (check its permissions)" : "file not found")
    }
    let magic = (try? handle.read(upToCount: 8)) ?? Data()
    try? handle.close()
    if magic.starts(with: "%PDF-".utf8) { return .pdf(try PDFRasterizer(path: path)) }
    return .image(try ImageReader.decode(path: path))
  }

  var pageCount: Int {
    switch self {
    case .image: 1
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
    case .pdf(let document): try document.render(page: index, dpi: dpi)
    }
  }
}
