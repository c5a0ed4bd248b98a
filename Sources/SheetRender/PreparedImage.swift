import CPangoCairo
import Foundation
import SheetCache
import SheetImages
import SheetLayout

/// What a worker thread is asked to prepare for one card.
struct ImageJob: Sendable {
  /// Where the picture comes from.
  var source: any ImageSource
  /// The exact pixel size to resample to; nil keeps the original pixels (`--ppi original`).
  var pixelSize: PixelSize?
  /// Whether the image is embedded in vector output (PDF, SVG): it is attached as JPEG bytes,
  /// and never resampled to more pixels than the picture has (a print shop's preflight would
  /// see invented resolution).
  var isEmbedded: Bool
  var maxPixels: Int
  var jpegQuality: Int
  /// Where decoded images are kept between runs; nil decodes every image.
  var cache: ThumbnailCache?
}

/// A card's image ready to paint, or the reason it could not be.
enum PreparedImage: Sendable {
  /// Pixels to paint, for vector output the same pixels as JPEG bytes to embed instead, and
  /// what the picture does not show (a truncated file's missing part).
  case ready(RasterImage, jpeg: [UInt8]?, warnings: [String])
  /// An original JPEG file embedded as it is (`--ppi original`): its bytes and stored size.
  case originalJPEG(bytes: [UInt8], width: Int, height: Int)
  case failed(ImageError)

  /// Whether a picture is painted (not a placeholder).
  var isDrawn: Bool {
    if case .failed = self { false } else { true }
  }

  /// Asks the job's source for its picture, then resamples it (cropping the centre to the
  /// target's aspect ratio) and, for vector output, encodes it. A cache hit or a JPEG decode
  /// reads into `spare`'s storage, and the decoded image's storage is given back to it once
  /// resampled.
  static func load(_ job: ImageJob, spare: SpareStorage? = nil) -> PreparedImage {
    var context = DecodeContext(maxPixels: job.maxPixels)
    context.cache = job.cache
    context.spare = spare
    do {
      guard let size = job.pixelSize else { return try loadOriginal(job, context: context) }
      let loaded = try job.source.image(forCard: size, context: context)
      let decoded = loaded.image
      let region = fillRegion(source: (decoded.width, decoded.height), target: (size.width, size.height))
      let target = job.isEmbedded ? size.atMost(region) : size
      let raster = decoded.reduced(width: target.width, height: target.height, from: region)
      // A card exactly the decoded size is the decoded image itself: its storage is drawn.
      if raster.width != decoded.width || raster.height != decoded.height {
        spare?.give(decoded.pixels)
      }
      let jpeg = job.isEmbedded && !raster.hasAlpha ? try raster.jpegData(quality: job.jpegQuality) : nil
      return .ready(raster, jpeg: jpeg, warnings: loaded.warnings)
    } catch let error as ImageError {
      return .failed(ImageError(path: job.source.name, reason: error.reason))
    } catch {
      return .failed(ImageError(path: job.source.name, reason: "\(error)"))
    }
  }

  /// The picture at its own size, at most ``CardPainter/maxCardPixels`` pixels and
  /// ``CardPainter/maxCardSide`` a side: a JPEG file's own bytes when the source keeps them
  /// (Cairo still makes a surface of their size), else pixels; a larger picture says at what
  /// size it is embedded.
  private static func loadOriginal(_ job: ImageJob, context: DecodeContext) throws -> PreparedImage {
    let own = try job.source.pixelSize()
    let capped = CardPainter.capped(width: Double(own.width), height: Double(own.height))
    let bound = PixelSize(width: capped.width, height: capped.height)
    switch try job.source.originalPicture(bound: bound, context: context) {
    case .jpegFile(let bytes, let width, let height):
      return .originalJPEG(bytes: bytes, width: width, height: height)
    case .pixels(let loaded):
      var raster = loaded.image
      var warnings = loaded.warnings
      if bound != own {
        if raster.width != bound.width || raster.height != bound.height {
          raster = raster.reduced(width: bound.width, height: bound.height)
        }
        warnings.append(
          "is \(own.width)×\(own.height) pixels; --ppi original embeds it at \(bound.width)×\(bound.height), "
            + "the most a card's image may be (16 million pixels, 32,767 a side)")
      }
      return .ready(
        raster, jpeg: raster.hasAlpha ? nil : try raster.jpegData(quality: 95), warnings: warnings)
    }
  }

  /// The centred part of the source with the target's aspect ratio.
  static func fillRegion(source: (width: Int, height: Int), target: (width: Int, height: Int)) -> PixelRegion
  {
    let sourceWidth = Double(source.width)
    let sourceHeight = Double(source.height)
    let targetAspect = Double(target.width) / Double(max(target.height, 1))
    if sourceWidth / sourceHeight > targetAspect {
      let width = sourceHeight * targetAspect
      return PixelRegion(x: (sourceWidth - width) / 2, y: 0, width: width, height: sourceHeight)
    } else {
      let height = sourceWidth / targetAspect
      return PixelRegion(x: 0, y: (sourceHeight - height) / 2, width: sourceWidth, height: height)
    }
  }
}

extension PixelSize {
  /// This size, shrunk (keeping its shape) to hold no more pixels than `region` has: the
  /// picture is never enlarged.
  func atMost(_ region: PixelRegion) -> PixelSize {
    let shrink = min(1, region.width / Double(width), region.height / Double(height))
    guard shrink < 1 else { return self }
    return PixelSize(
      width: max(1, Int((Double(width) * shrink).rounded())),
      height: max(1, Int((Double(height) * shrink).rounded())))
  }
}

extension RasterImage {
  /// A Cairo image surface holding a copy of the pixels; the caller destroys it.
  func makeCairoSurface() -> OpaquePointer {
    let format = hasAlpha ? CAIRO_FORMAT_ARGB32 : CAIRO_FORMAT_RGB24
    let surface = cairo_image_surface_create(format, Int32(width), Int32(height))!
    cairo_surface_flush(surface)
    let stride = Int(cairo_image_surface_get_stride(surface))
    if let data = cairo_image_surface_get_data(surface) {
      pixels.withUnsafeBufferPointer { source in
        for row in 0..<height {
          (data + row * stride).update(from: source.baseAddress! + row * self.stride, count: self.stride)
        }
      }
    }
    cairo_surface_mark_dirty(surface)
    return surface
  }
}

enum MimeData {
  /// Attaches `bytes` to `surface` as its JPEG encoding, which PDF and SVG surfaces embed
  /// as they are instead of re-encoding the pixels. Cairo owns (and frees) the copy.
  static func attachJPEG(_ bytes: [UInt8], to surface: OpaquePointer) {
    attach(bytes, as: CAIRO_MIME_TYPE_JPEG, to: surface)
  }

  /// Marks `surface` as the image named `id`: a PDF surface writes one image for every
  /// surface of that id, however many pages paint one.
  static func attachUniqueID(_ id: String, to surface: OpaquePointer) {
    attach(Array(id.utf8), as: CAIRO_MIME_TYPE_UNIQUE_ID, to: surface)
  }

  /// Attaches a copy of `bytes` to `surface` as its `mimeType` data; Cairo frees the copy.
  private static func attach(_ bytes: [UInt8], as mimeType: String, to surface: OpaquePointer) {
    let copy = malloc(max(1, bytes.count))!.assumingMemoryBound(to: UInt8.self)
    bytes.withUnsafeBufferPointer { copy.update(from: $0.baseAddress!, count: bytes.count) }
    cairo_surface_set_mime_data(surface, mimeType, copy, UInt(bytes.count), { free($0) }, copy)
  }
}
