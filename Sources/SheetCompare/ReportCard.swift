import Foundation
import SheetDiff
import SheetImages
import SheetSupport

/// One failure as the report shows it: expected, actual and diff side by side, with a caption.
/// Images are kept small (at most `ReportCard.panelSize` pixels on a side).
public struct ReportCard: Sendable {
  /// The file (and page) name; also the bookmark's title.
  public var title: String
  /// What went wrong: the pixel counts, or why there is nothing to compare.
  public var detail: String
  /// Library or font changes since the golden was recorded.
  public var environmentChanges: [String]
  /// Expected, actual and diff, each nil when there is none.
  public var panels: [RasterImage?]
  /// When the changes cover a small part of the image: where they are, and expected, actual
  /// and diff cropped to it at full resolution, shown enlarged under the whole images.
  public var zoom: PixelRect?
  /// Expected, actual and diff cropped to `zoom` (empty without one).
  public var zoomPanels: [RasterImage?]

  /// The longest side of a panel image, in pixels.
  public static let panelSize = 700

  /// A card for a comparison; `regions` (the changed areas) choose the enlarged crop.
  public init(
    title: String, detail: String, environmentChanges: [String] = [], expected: RasterImage? = nil,
    actual: RasterImage? = nil, diff: RasterImage? = nil, regions: [PixelRect] = []
  ) {
    self.title = title
    self.detail = detail
    self.environmentChanges = environmentChanges
    panels = [expected, actual, diff].map { $0.map(Self.shrunk) }
    zoom = expected.flatMap { Self.zoomRegion(regions, width: $0.width, height: $0.height) }
    zoomPanels = zoom.map { rect in [expected, actual, diff].map { $0?.cropped(to: rect) } } ?? []
  }

  /// A crop around all `regions`, padded, when it is under a fifth of the image and the
  /// whole-image panels shrink it; nil otherwise.
  static func zoomRegion(_ regions: [PixelRect], width: Int, height: Int) -> PixelRect? {
    guard let first = regions.first, max(width, height) > panelSize / 2 else { return nil }
    var left = first.x
    var top = first.y
    var right = first.maxX
    var bottom = first.maxY
    for region in regions.dropFirst() {
      left = min(left, region.x)
      top = min(top, region.y)
      right = max(right, region.maxX)
      bottom = max(bottom, region.maxY)
    }
    // Pad, then widen the short side so the crop is no flatter than 3:1.
    let pad = max(12, max(right - left, bottom - top) / 4)
    var cropWidth = right - left + 2 * pad
    var cropHeight = bottom - top + 2 * pad
    cropHeight = max(cropHeight, cropWidth / 3)
    cropWidth = max(cropWidth, cropHeight / 3)
    guard cropWidth * cropHeight * 5 < width * height else { return nil }
    let x = min(max(0, (left + right - cropWidth) / 2), max(0, width - cropWidth))
    let y = min(max(0, (top + bottom - cropHeight) / 2), max(0, height - cropHeight))
    return PixelRect(x: x, y: y, width: min(cropWidth, width - x), height: min(cropHeight, height - y))
  }

  /// A card for a file on one side only, showing the image when it is one.
  init(title: String, detail: String, expectedPath: String? = nil, actualPath: String? = nil) {
    func load(_ path: String?) -> RasterImage? {
      guard let path, !path.lowercased().hasSuffix(".pdf") else { return nil }
      return try? ImageReader.decode(path: path, minimumSize: (Self.panelSize, Self.panelSize))
    }
    self.init(title: title, detail: detail, expected: load(expectedPath), actual: load(actualPath))
    zoom = nil
    zoomPanels = []
  }

  /// The caption under the panels, as Pango markup: the title in bold.
  package var captionMarkup: String {
    var lines = ["<b>\(Markup.escape(title))</b>"]
    if !environmentChanges.isEmpty {
      lines.append("environment changed: " + Markup.escape(environmentChanges.joined(separator: "; ")))
    }
    lines.append(Markup.escape(detail))
    // An empty panel is a grey box: the caption says why.
    let missing = panels.indices.filter { panels[$0] == nil }.map { placeholder(for: $0) }
    lines.append(
      "expected · actual · diff"
        + (missing.isEmpty ? "" : " (\(missing.joined(separator: "; ")))")
        + (zoom.map { "; below, enlarged: \($0.readable)" } ?? ""))
    return lines.joined(separator: "\n")
  }

  /// What an empty panel says instead of an image.
  package func placeholder(for panel: Int) -> String {
    switch panel {
    case 0: "no expected image"
    case 1: "no actual image"
    default: panels[0] != nil && panels[1] != nil ? "no diff: sizes differ" : "no diff"
    }
  }

  private static func shrunk(_ image: RasterImage) -> RasterImage {
    max(image.width, image.height) > panelSize ? image.fitted(width: panelSize, height: panelSize) : image
  }
}

extension RasterImage {
  /// The image as large as fits `width`×`height`, its shape kept (resampled when not already so).
  package func fitted(width: Int, height: Int) -> RasterImage {
    let scale = min(Double(width) / Double(self.width), Double(height) / Double(self.height))
    let size = (
      max(1, min(width, Int((Double(self.width) * scale).rounded()))),
      max(1, min(height, Int((Double(self.height) * scale).rounded())))
    )
    return size == (self.width, self.height) ? self : resampled(width: size.0, height: size.1)
  }
}

extension RasterImage {
  /// The pixels inside `rect`, clipped to the image (a padded comparison's regions may reach
  /// past the smaller image); the whole image when nothing of it is inside.
  func cropped(to wanted: PixelRect) -> RasterImage {
    guard let rect = wanted.intersection(PixelRect(x: 0, y: 0, width: width, height: height)) else {
      return self
    }
    var pixels = [UInt8]()
    pixels.reserveCapacity(rect.area * 4)
    for row in rect.y..<rect.maxY {
      let start = (row * width + rect.x) * 4
      pixels.append(contentsOf: self.pixels[start..<start + rect.width * 4])
    }
    return RasterImage(width: rect.width, height: rect.height, pixels: pixels, hasAlpha: hasAlpha)
  }
}
