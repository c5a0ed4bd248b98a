import CCairo
import Foundation
import SheetImages
import SheetLayout
import SheetText

/// Draws a laid-out sheet into PDF, PNG or SVG files.
///
/// Images are decoded on all cores, a bounded number ahead of drawing, while pages are drawn
/// in order on the calling thread; each image is released as soon as it is painted, so memory
/// follows the decode window, not the number of images.
///
/// ```swift
/// let renderer = SheetRenderer(style: RenderStyle(cornerRadius: 8))
/// let files = try renderer.render(document, to: "sheet.pdf")
/// ```
public struct SheetRenderer {
  public var style: RenderStyle
  public var fonts: FontSet
  /// When set, the first image that cannot be shown stops rendering with its `ImageError`
  /// and nothing is written (`--strict`); otherwise it becomes a placeholder card.
  public var stopOnImageFailure = false

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
    let jobs = imageJobs(document, resolution: sink.imageResolution)
    let pipeline = DecodePipeline(jobs: jobs.list)
    defer { pipeline.cancel() }
    var nextJob = 0
    for (pageIndex, page) in pages.enumerated() {
      let cairo = try sink.beginPage(width: page.width, height: page.height)
      Cairo.setColor(cairo, style.pageBackground)
      cairo_paint(cairo)
      let fields = PageTemplate(
        title: document.info.title ?? "", page: pageIndex + 1, pages: pages.count,
        date: document.info.creationDate)
      for element in page.elements {
        switch element.kind {
        case .card:
          guard let index = element.item, document.items.indices.contains(index) else { continue }
          var image: PreparedImage?
          if jobs.hasJob(element) {
            image = pipeline.take(nextJob)
            nextJob += 1
          }
          if case .failed(let error) = image {
            if stopOnImageFailure { throw error }
            warn(error)
          }
          let item = document.items[index]
          painter.drawCard(
            cairo, element: element, image: image, item: item, resolution: sink.imageResolution)
          if let link = item.link, !link.isEmpty { sink.addLink(link, rect: element.frame, cairo: cairo) }
        case .banner:
          painter.drawBanner(cairo, element: element)
          if let title = element.text, !title.isEmpty {
            sink.addBookmark(Self.plainText(title), x: element.frame.x, y: element.frame.y)
          }
        case .header, .footer:
          if let template = element.text {
            painter.drawPageText(cairo, template: template, fields: fields, in: element.frame)
          }
        }
      }
      drawPageTemplates(cairo, page: page, fields: fields, painter: painter)
      try sink.endPage()
    }
    return try sink.finish()
  }

  /// Draws `style.header` and `style.footer` in the page margins, unless the layout placed
  /// header or footer elements of its own.
  private func drawPageTemplates(
    _ cairo: OpaquePointer, page: LayoutPage, fields: PageTemplate, painter: CardPainter
  ) {
    let kinds = Set(page.elements.map(\.kind))
    if let header = style.header, !kinds.contains(.header) {
      painter.drawPageText(
        cairo, template: header, fields: fields,
        in: painter.pageBand(top: true, pageWidth: page.width, pageHeight: page.height))
    }
    if let footer = style.footer, !kinds.contains(.footer) {
      painter.drawPageText(
        cairo, template: footer, fields: fields,
        in: painter.pageBand(top: false, pageWidth: page.width, pageHeight: page.height))
    }
  }

  /// One job per card with an image to decode, in drawing order.
  private func imageJobs(_ document: SheetDocument, resolution: ImageResolution) -> JobList {
    var list: [ImageJob] = []
    for page in document.layout.pages {
      for element in page.elements where JobList.needsJob(element, items: document.items) {
        let item = document.items[element.item!]
        var size: PixelSize?
        if case .embedded(nil) = resolution {
          size = nil
        } else {
          let pixels = CardPainter.pixelSize(of: element.image!, resolution: resolution, original: nil)
          size = PixelSize(width: pixels.width, height: pixels.height)
        }
        var wantsJPEG = false
        if case .embedded = resolution { wantsJPEG = true }
        list.append(
          ImageJob(
            path: item.path!, pixelSize: size, wantsJPEG: wantsJPEG, maxPixels: style.maxPixels,
            jpegQuality: style.jpegQuality))
      }
    }
    return JobList(list: list, items: document.items)
  }

  /// Markup stripped, for outline entries.
  static func plainText(_ markup: String) -> String {
    var plain = ""
    var inTag = false
    for character in markup {
      if character == "<" {
        inTag = true
      } else if character == ">" {
        inTag = false
      } else if !inTag {
        plain.append(character)
      }
    }
    return
      plain
      .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
      .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
      .replacingOccurrences(of: "&amp;", with: "&")
  }
}

/// The decode jobs of a document and which cards have one.
private struct JobList {
  var list: [ImageJob]
  var items: [RenderItem]

  static func needsJob(_ element: LayoutElement, items: [RenderItem]) -> Bool {
    guard element.kind == .card, element.image != nil, let index = element.item, items.indices.contains(index)
    else { return false }
    return items[index].path != nil && items[index].failure == nil
  }

  func hasJob(_ element: LayoutElement) -> Bool { Self.needsJob(element, items: items) }
}
