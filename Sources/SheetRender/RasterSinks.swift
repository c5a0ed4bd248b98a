import CCairo
import CShims
import Foundation

/// Numbered page files (`OUT.png` for one page, else `OUT-001.png`, …), written atomically.
struct PageFileNames {
  let path: String

  /// The file for page `index` (0-based) of `count`.
  func name(page index: Int, of count: Int) -> String {
    guard count > 1 else { return path }
    let url = URL(fileURLWithPath: path)
    let ext = url.pathExtension
    let stem = url.deletingPathExtension().path
    return "\(stem)-\(String(format: "%03d", index + 1)).\(ext)"
  }

  /// Files of an earlier run that the new pages will not replace.
  func staleFiles(keeping count: Int) -> [String] {
    let url = URL(fileURLWithPath: path)
    let folder = url.deletingLastPathComponent().path
    let stem = url.deletingPathExtension().lastPathComponent
    let ext = url.pathExtension
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    let kept = Set((0..<count).map { AtomicOutput.absolute(name(page: $0, of: count)) })
    return names.filter { name in
      guard name.hasPrefix(stem + "-"), name.hasSuffix("." + ext) else {
        return name == url.lastPathComponent
      }
      let number = name.dropFirst(stem.count + 1).dropLast(ext.count + 1)
      return number.count == 3 && number.allSatisfy(\.isNumber)
    }
    .map { AtomicOutput.absolute((folder as NSString).appendingPathComponent($0)) }
    .filter { !kept.contains($0) }
  }
}

/// One PNG file per page, at `dpi`.
final class PNGSink: PageSink {
  let imageResolution: ImageResolution
  private let names: PageFileNames
  private let pageCount: Int
  private let scale: Double
  private let output = AtomicOutput()
  private var surface: OpaquePointer?
  private var cairo: OpaquePointer?
  private var written: [String] = []

  init(path: String, dpi: Double, pageCount: Int) {
    names = PageFileNames(path: path)
    self.pageCount = pageCount
    scale = dpi / 72
    imageResolution = .device(scale: scale)
  }

  deinit {
    if let cairo { cairo_destroy(cairo) }
    if let surface { cairo_surface_destroy(surface) }
  }

  func beginPage(width: Double, height: Double) throws -> OpaquePointer {
    let pixelWidth = Int32((width * scale).rounded())
    let pixelHeight = Int32((height * scale).rounded())
    let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, pixelWidth, pixelHeight)!
    guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
      cairo_surface_destroy(surface)
      throw RenderError("a page of \(pixelWidth)×\(pixelHeight) pixels is too large; lower --dpi")
    }
    let cairo = cairo_create(surface)!
    cairo_scale(cairo, scale, scale)
    self.surface = surface
    self.cairo = cairo
    return cairo
  }

  func endPage() throws {
    guard let cairo, let surface else { return }
    try Cairo.check(cairo, "cannot draw \(names.path)")
    let final = names.name(page: written.count, of: pageCount)
    let temporary = output.temporaryPath(for: final)
    cairo_surface_flush(surface)
    var error = [CChar](repeating: 0, count: 256)
    let status = cs_write_png_rgb24(
      temporary, cairo_image_surface_get_data(surface), cairo_image_surface_get_width(surface),
      cairo_image_surface_get_height(surface), cairo_image_surface_get_stride(surface), Self.compressionLevel,
      &error, Int32(error.count))
    cairo_destroy(cairo)
    cairo_surface_destroy(surface)
    self.cairo = nil
    self.surface = nil
    guard status == 0 else {
      throw RenderError(
        "cannot write \(final): \(String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))"
      )
    }
    written.append(final)
  }

  func finish() throws -> [String] {
    try output.commit(removing: names.staleFiles(keeping: written.count))
    return written
  }

  /// zlib level for page files: 3 writes about 3× faster than 6 for a few per cent more bytes.
  static let compressionLevel: Int32 = 3
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

  init(path: String, ppi: Double?, pageCount: Int) {
    names = PageFileNames(path: path)
    self.pageCount = pageCount
    imageResolution = .embedded(ppi: ppi)
  }

  deinit {
    if let cairo { cairo_destroy(cairo) }
    if let surface { cairo_surface_destroy(surface) }
  }

  func beginPage(width: Double, height: Double) throws -> OpaquePointer {
    let final = names.name(page: written.count, of: pageCount)
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
    try output.commit(removing: names.staleFiles(keeping: written.count))
    return written
  }
}
