import CPangoCairo
import Foundation
import SheetLayout

/// Where pages are drawn: a PDF document, or one PNG or SVG file per page.
protocol PageSink: AnyObject {
  /// How images are sized for this output.
  var imageResolution: ImageResolution { get }
  /// Starts a page of `width`×`height` points and returns a context that draws in points.
  func beginPage(width: Double, height: Double) throws -> OpaquePointer
  /// Finishes the page begun last.
  func endPage() throws
  /// Completes the output and moves it into place; returns the files written.
  func finish() throws -> [String]
  /// The horizontal bands a page of `height` points is drawn in, top to bottom. Most outputs
  /// draw a page in one band; PNG draws tall pages a band at a time so memory stays bounded.
  func bands(pageHeight: Double) -> [PageBand]
  /// Finishes the current band and starts the next, returning its context (in page points).
  func nextBand() throws -> OpaquePointer
  /// Adds a bookmark named `title` to the document's outline, pointing at (`x`, `y`) on the
  /// current page. Outputs without an outline ignore it.
  func addBookmark(_ title: String, x: Double, y: Double)
  /// Makes `rect` on the current page (page points) go to `target` when clicked. Outputs without
  /// links ignore it.
  func addLink(_ target: PDFLink.Target, rect: Rect, contents: String?)
}

extension PageSink {
  func bands(pageHeight: Double) -> [PageBand] { [PageBand(top: 0, bottom: pageHeight)] }
  func nextBand() throws -> OpaquePointer { throw RenderError("this output draws a page in one band") }
  func addBookmark(_ title: String, x: Double, y: Double) {}
  func addLink(_ target: PDFLink.Target, rect: Rect, contents: String?) {}
}

/// A horizontal strip of a page, in points from its top.
struct PageBand: Hashable {
  var top: Double
  var bottom: Double

  /// Whether anything between `top` and `bottom` (points) falls in this band.
  func overlaps(top: Double, bottom: Double) -> Bool { bottom > self.top && top < self.bottom }
}

/// How many image pixels an image box gets.
enum ImageResolution {
  /// Raster output: images are resampled to device pixels, `scale` pixels per point.
  case device(scale: Double)
  /// Vector output: images are embedded at `ppi` pixels per inch, or at their own size if nil.
  case embedded(ppi: Double?)
}
