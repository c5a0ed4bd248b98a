import CPNG
import CPangoCairo
import Foundation
import SheetSupport

/// How raster pages are stored: PNG (lossless), or baseline JPEG at a quality (for labs).
/// Both say they are sRGB and give their resolution, so they open at their print size.
enum RasterPageFormat {
  case png
  case jpeg(quality: Int)

  /// Creates the file at `path` for a `width`×`height` page at `pixelsPerInch`.
  func open(path: String, width: Int, height: Int, pixelsPerInch: Double) throws -> RasterPageFile {
    switch self {
    case .png: try PNGPageFile(path: path, width: width, height: height, pixelsPerInch: pixelsPerInch)
    case .jpeg(let quality):
      try JPEGPageFile(
        path: path, width: width, height: height, quality: quality, pixelsPerInch: pixelsPerInch)
    }
  }
}

/// A page file taking B, G, R, X rows (Cairo RGB24) a band at a time.
protocol RasterPageFile: AnyObject {
  /// Appends `count` rows, `stride` bytes apart.
  func write(rows: UnsafePointer<UInt8>, count: Int, stride: Int) throws
  /// Finishes the file when `complete` (else abandons it) and closes it.
  func close(complete: Bool) throws
}

/// One PNG or JPEG file per page, at `dpi`. A page taller than `bandRows` pixels (a long
/// continuous sheet) is drawn and written a band at a time, so memory does not grow with its
/// length.
final class RasterSink: PageSink {
  let imageResolution: ImageResolution
  private let format: RasterPageFormat
  private let names: PageFileNames
  private let pageCount: Int
  private let scale: Double
  private let bandRows: Int
  private let output = AtomicOutput()
  private var surface: OpaquePointer?
  private var cairo: OpaquePointer?
  private var file: RasterPageFile?
  private var page: (width: Int, height: Int, final: String) = (0, 0, "")
  private var bandIndex = 0
  private var written: [String] = []
  /// The document page each page drawn shows; nil when every page is drawn in order.
  private let documentPages: [Int]?

  /// Pages of a document of `pageCount` pages named after `path`; `documentPages` names the
  /// document page (from 0) of each page drawn when only some are (they keep their numbers,
  /// and no other page file is removed).
  init(
    path: String, format: RasterPageFormat, dpi: Double, pageCount: Int, bandRows: Int = 2048,
    documentPages: [Int]? = nil
  ) {
    names = PageFileNames(path: path)
    self.format = format
    self.pageCount = pageCount
    self.documentPages = documentPages
    scale = dpi / 72
    self.bandRows = max(16, bandRows)
    imageResolution = .device(scale: scale)
  }

  deinit {
    releaseSurface()
    try? file?.close(complete: false)
  }

  func bands(pageHeight: Double) -> [PageBand] {
    let rows = Int((pageHeight * scale).rounded())
    return stride(from: 0, to: max(rows, 1), by: bandRows).map {
      PageBand(top: Double($0) / scale, bottom: Double(min($0 + bandRows, rows)) / scale)
    }
  }

  func beginPage(width: Double, height: Double) throws -> OpaquePointer {
    page = (
      Int((width * scale).rounded()), Int((height * scale).rounded()),
      names.name(page: documentPages?[written.count] ?? written.count, of: pageCount)
    )
    do {
      file = try format.open(
        path: output.temporaryPath(for: page.final), width: page.width, height: page.height,
        pixelsPerInch: scale * 72)
    } catch let error as RenderError {
      throw RenderError("cannot write \(page.final): \(error.description)")
    }
    let surface = cairo_image_surface_create(
      CAIRO_FORMAT_RGB24, Int32(page.width), Int32(min(page.height, bandRows)))!
    guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
      cairo_surface_destroy(surface)
      throw RenderError("a page \(page.width) pixels wide is too large; lower --dpi")
    }
    self.surface = surface
    bandIndex = 0
    return startBand()
  }

  func nextBand() throws -> OpaquePointer {
    try writeBand()
    bandIndex += 1
    return startBand()
  }

  func endPage() throws {
    try writeBand()
    releaseSurface()
    let file = self.file
    self.file = nil
    do {
      try file?.close(complete: true)
    } catch let error as RenderError {
      throw RenderError("cannot write \(page.final): \(error.description)")
    }
    written.append(page.final)
  }

  func finish() throws -> [String] {
    try output.commitOrThrowRenderError(
      removing: documentPages == nil ? names.staleFiles(keeping: written.count) : [])
    return written
  }

  /// A context on the band surface whose user space is the page in points.
  private func startBand() -> OpaquePointer {
    if let cairo { cairo_destroy(cairo) }
    let cairo = cairo_create(surface!)!
    cairo_translate(cairo, 0, -Double(bandIndex * bandRows))
    cairo_scale(cairo, scale, scale)
    self.cairo = cairo
    return cairo
  }

  /// Appends the current band's rows to the file.
  private func writeBand() throws {
    guard let cairo, let surface, let file else { return }
    try Cairo.check(cairo, "cannot draw \(names.path)")
    cairo_surface_flush(surface)
    let rows = min(bandRows, page.height - bandIndex * bandRows)
    guard rows > 0, let data = cairo_image_surface_get_data(surface) else { return }
    do {
      try file.write(rows: data, count: rows, stride: Int(cairo_image_surface_get_stride(surface)))
    } catch let error as RenderError {
      throw RenderError("cannot write \(page.final): \(error.description)")
    }
  }

  private func releaseSurface() {
    if let cairo { cairo_destroy(cairo) }
    if let surface { cairo_surface_destroy(surface) }
    cairo = nil
    surface = nil
  }
}

/// One SVG file per page.
final class SVGSink: PageSink {
  let imageResolution: ImageResolution
  private let names: PageFileNames
  private let pageCount: Int
  private let output = AtomicOutput()
  private var surface: OpaquePointer?
  private var cairo: OpaquePointer?
  private var written: [String] = []

  /// The document page each page drawn shows; nil when every page is drawn in order.
  private let documentPages: [Int]?

  /// Pages of a document of `pageCount` pages named after `path`; `documentPages` as for
  /// ``RasterSink``.
  init(path: String, ppi: Double?, pageCount: Int, documentPages: [Int]? = nil) {
    names = PageFileNames(path: path)
    self.pageCount = pageCount
    self.documentPages = documentPages
    imageResolution = .embedded(ppi: ppi)
  }

  deinit {
    if let cairo { cairo_destroy(cairo) }
    if let surface { cairo_surface_destroy(surface) }
  }

  func beginPage(width: Double, height: Double) throws -> OpaquePointer {
    let final = names.name(page: documentPages?[written.count] ?? written.count, of: pageCount)
    let surface = cairo_svg_surface_create(output.temporaryPath(for: final), width, height)!
    cairo_svg_surface_set_document_unit(surface, CAIRO_SVG_UNIT_PT)
    let cairo = cairo_create(surface)!
    self.surface = surface
    self.cairo = cairo
    written.append(final)
    return cairo
  }

  func endPage() throws {
    guard let cairo, let surface else { return }
    try Cairo.check(cairo, "cannot draw \(names.path)")
    cairo_destroy(cairo)
    cairo_surface_finish(surface)
    let status = cairo_surface_status(surface)
    cairo_surface_destroy(surface)
    self.cairo = nil
    self.surface = nil
    guard status == CAIRO_STATUS_SUCCESS else {
      throw RenderError("cannot write \(names.path): \(String(cString: cairo_status_to_string(status)))")
    }
  }

  func finish() throws -> [String] {
    try output.commitOrThrowRenderError(
      removing: documentPages == nil ? names.staleFiles(keeping: written.count) : [])
    return written
  }
}
