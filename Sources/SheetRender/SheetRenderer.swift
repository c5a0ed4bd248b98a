import CCairo
import Foundation
import SheetImages
import SheetLayout
import SheetText

/// Draws a laid-out sheet into PDF, PNG or SVG files.
///
/// Images are decoded in parallel, one page at a time, while pages are drawn in order; each
/// page's images are released once it is drawn, so memory follows the largest page, not the
/// number of images.
public struct SheetRenderer {
  public var style: RenderStyle
  public var fonts: FontSet

  public init(style: RenderStyle = RenderStyle(), fonts: FontSet = .system) {
    self.style = style
    self.fonts = fonts
  }

  /// Renders `document` to `path` (format from its extension) and returns the files written.
  /// `warn` receives one message per image that could not be shown.
  public func render(
    _ document: SheetDocument, to path: String, warn: (ImageError) -> Void = { _ in }
  ) throws -> [String] {
    guard let format = OutputFormat(path: path) else {
      throw RenderError("cannot tell the output format of \(path): use .pdf, .png or .svg")
    }
    let pages = document.layout.pages
    let sink: PageSink
    switch format {
    case .pdf: sink = try PDFSink(path: path, info: document.info, ppi: style.ppi)
    case .png: sink = PNGSink(path: path, dpi: style.dpi, pageCount: pages.count)
    case .svg: sink = SVGSink(path: path, ppi: style.ppi, pageCount: pages.count)
    }
    let painter = CardPainter(style: style, text: try TextEngine(fonts: fonts))
    for page in pages {
      let images = prepareImages(on: page, document: document, resolution: sink.imageResolution)
      for case .failed(let error) in images.values { warn(error) }
      let cairo = try sink.beginPage(width: page.width, height: page.height)
      Cairo.setColor(cairo, style.pageBackground)
      cairo_paint(cairo)
      for element in page.elements {
        switch element.kind {
        case .card:
          guard let index = element.item, document.items.indices.contains(index) else { continue }
          painter.drawCard(
            cairo, element: element, image: images[index], item: document.items[index],
            resolution: sink.imageResolution)
        case .banner:
          painter.drawBanner(cairo, element: element)
        case .header, .footer:
          break
        }
      }
      try sink.endPage()
    }
    return try sink.finish()
  }

  /// Decodes and resamples every image on `page` in parallel, keyed by item index.
  private func prepareImages(
    on page: LayoutPage, document: SheetDocument, resolution: ImageResolution
  ) -> [Int: PreparedImage] {
    let jobs: [(item: Int, path: String, size: (width: Int, height: Int))] = page.elements.compactMap {
      element in
      guard element.kind == .card, let index = element.item, let box = element.image,
        document.items.indices.contains(index), let path = document.items[index].path,
        document.items[index].failure == nil
      else { return nil }
      return (index, path, CardPainter.pixelSize(of: box, resolution: resolution, original: nil))
    }
    let results = ResultSlots<PreparedImage>(count: jobs.count)
    DispatchQueue.concurrentPerform(iterations: jobs.count) { index in
      let job = jobs[index]
      results.set(index, PreparedImage.load(path: job.path, pixelSize: job.size))
    }
    var images: [Int: PreparedImage] = [:]
    for (index, job) in jobs.enumerated() { images[job.item] = results.get(index) }
    return images
  }
}

/// Fixed slots that worker threads fill, each exactly once.
final class ResultSlots<Value: Sendable>: @unchecked Sendable {
  private var values: [Value?]
  private let lock = NSLock()

  init(count: Int) { values = Array(repeating: nil, count: count) }

  func set(_ index: Int, _ value: Value) { lock.withLock { values[index] = value } }
  func get(_ index: Int) -> Value? { lock.withLock { values[index] } }
}
