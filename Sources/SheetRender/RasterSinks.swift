import CPNG
import CPangoCairo
import Foundation
import SheetSupport

/// One PNG file per page, at `dpi`. A page taller than `bandRows` pixels (a long continuous
/// sheet) is drawn and written a band at a time, so memory does not grow with its length.
final class PNGSink: PageSink {
  let imageResolution: ImageResolution
  private let names: PageFileNames
  private let pageCount: Int
  private let scale: Double
  private let bandRows: Int
  private let output = AtomicOutput()
  private var surface: OpaquePointer?
  private var cairo: OpaquePointer?
  private var stream: OpaquePointer?
  private var page: (width: Int, height: Int, final: String) = (0, 0, "")
  private var bandIndex = 0
  private var written: [String] = []
  /// The document page each page drawn shows; nil when every page is drawn in order.
  private let documentPages: [Int]?

  /// Pages of a document of `pageCount` pages named after `path`; `documentPages` names the
  /// document page (from 0) of each page drawn when only some are (they keep their numbers,
  /// and no other page file is removed).
  init(path: String, dpi: Double, pageCount: Int, bandRows: Int = 2048, documentPages: [Int]? = nil) {
    names = PageFileNames(path: path)
    self.pageCount = pageCount
    self.documentPages = documentPages
    scale = dpi / 72
    self.bandRows = max(16, bandRows)
    imageResolution = .device(scale: scale)
  }

  deinit {
    releaseSurface()
    if let stream { cpng_writer_close(stream, 0, nil, 0) }
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
    var error = [CChar](repeating: 0, count: 256)
    let temporary = output.temporaryPath(for: page.final)
    guard
      let stream = cpng_writer_open_srgb(
        temporary, Int32(page.width), Int32(page.height), CPNG_ROWS_BGRX, Self.compressionLevel, scale * 72,
        &error, 256)
    else { throw RenderError("cannot write \(page.final): \(Self.text(error))") }
    self.stream = stream
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
    var error = [CChar](repeating: 0, count: 256)
    let status = stream.map { cpng_writer_close($0, 1, &error, 256) } ?? 0
    stream = nil
    guard status == 0 else { throw RenderError("cannot write \(page.final): \(Self.text(error))") }
    written.append(page.final)
  }

  func finish() throws -> [String] {
    try output.commitOrThrowRenderError(
      removing: documentPages == nil ? names.staleFiles(keeping: written.count) : [])
    return written
  }

  /// zlib level for page files: 3 writes about 3× faster than 6 for a few per cent more bytes.
  static let compressionLevel: Int32 = 3

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
    guard let cairo, let surface, let stream else { return }
    try Cairo.check(cairo, "cannot draw \(names.path)")
    cairo_surface_flush(surface)
    let rows = min(bandRows, page.height - bandIndex * bandRows)
    guard rows > 0 else { return }
    let status = cpng_writer_write_rows(
      stream, cairo_image_surface_get_data(surface), Int32(rows), Int(cairo_image_surface_get_stride(surface))
    )
    guard status == 0 else { throw RenderError("cannot write \(page.final)") }
  }

  private func releaseSurface() {
    if let cairo { cairo_destroy(cairo) }
    if let surface { cairo_surface_destroy(surface) }
    cairo = nil
    surface = nil
  }

  private static func text(_ error: [CChar]) -> String {
    String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
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
  /// ``PNGSink``.
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
