import Foundation
import SheetImages

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

  /// The longest side of a panel image, in pixels.
  public static let panelSize = 700

  public init(
    title: String, detail: String, environmentChanges: [String] = [], expected: RasterImage? = nil,
    actual: RasterImage? = nil, diff: RasterImage? = nil
  ) {
    self.title = title
    self.detail = detail
    self.environmentChanges = environmentChanges
    panels = [expected, actual, diff].map { $0.map(Self.shrunk) }
  }

  /// A card for a file on one side only, showing the image when it is one.
  init(title: String, detail: String, expectedPath: String? = nil, actualPath: String? = nil) {
    func load(_ path: String?) -> RasterImage? {
      guard let path, !path.lowercased().hasSuffix(".pdf") else { return nil }
      return try? ImageReader.decode(path: path, minimumSize: (Self.panelSize, Self.panelSize))
    }
    self.init(title: title, detail: detail, expected: load(expectedPath), actual: load(actualPath))
  }

  /// The caption under the panels, as Pango markup: the title in bold.
  var captionMarkup: String {
    var lines = ["<b>\(Self.escaped(title))</b>"]
    if !environmentChanges.isEmpty {
      lines.append("environment changed: " + Self.escaped(environmentChanges.joined(separator: "; ")))
    }
    lines.append(Self.escaped(detail))
    lines.append("expected · actual · diff")
    return lines.joined(separator: "\n")
  }

  /// What an empty panel says instead of an image.
  func placeholder(for panel: Int) -> String {
    switch panel {
    case 0: "no expected image"
    case 1: "no actual image"
    default: panels[0] != nil && panels[1] != nil ? "no diff: sizes differ" : "no diff"
    }
  }

  static func escaped(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;")
  }

  private static func shrunk(_ image: RasterImage) -> RasterImage {
    let longest = max(image.width, image.height)
    guard longest > panelSize else { return image }
    let scale = Double(panelSize) / Double(longest)
    return image.resampled(
      width: max(1, Int((Double(image.width) * scale).rounded())),
      height: max(1, Int((Double(image.height) * scale).rounded())))
  }
}
