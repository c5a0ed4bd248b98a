import Foundation

/// What a catalog's cover shows: its title, an optional subtitle, an optional picture filling a
/// large frame, and a line of fine print at its foot.
public struct CoverContent: Hashable, Sendable {
  /// The catalog's title, set large and centred.
  public var title: String
  /// A line under the title (the season, the shop), or nil.
  public var subtitle: String?
  /// Whether a picture fills a frame above the title (the renderer draws it: the layout only
  /// reserves the frame, into which the picture is cropped, its centre kept).
  public var hasPicture: Bool
  /// Fine print at the cover's foot, a template like a footer's: `{pages}` the document's page
  /// count (the cover included); `{date}` and `{title}` are filled in when drawing. Nil or empty
  /// for none.
  public var note: String?
  /// The picture's width over its height when it is shown whole: the frame shrinks to that
  /// shape, centred across the page, and the title block moves up under it. Nil fills the frame.
  public var pictureAspect: Double?

  /// The default fine print: the date and the number of pages.
  public static let defaultNote = "{date} · {pages} pages"

  /// A cover titled `title`, with an optional `subtitle`, picture frame and `note`.
  public init(
    title: String, subtitle: String? = nil, hasPicture: Bool = false, note: String? = defaultNote,
    pictureAspect: Double? = nil
  ) {
    self.title = title
    self.subtitle = subtitle
    self.hasPicture = hasPicture
    self.note = note
    self.pictureAspect = pictureAspect
  }
}

/// The cover page: a picture frame across the content width and about 60 % of its height (when
/// there is a picture; less when the title block needs the room), the title block centred in the space below it (or a little above the
/// page's middle without a picture), and the note at the foot. It has no header or footer; it
/// is page 1 of the document, which no printed number shows.
struct CoverPage {
  let cover: CoverContent
  let options: LayoutOptions
  let styles: TextStyles

  /// Space between the title and the subtitle; the renderer draws a short rule in its middle.
  static let ruleGap = 22.0
  /// The share of the content height the picture frame takes.
  static let pictureShare = 0.6

  /// The title block's width: three quarters of the content width, centred.
  static func titleWidth(contentWidth: Double) -> Double { (contentWidth * 0.75).rounded() }

  /// The cover laid out on the page inside the margins (no header or footer reserved).
  func page(measurer: some TextMeasuring) throws -> LayoutPage {
    guard case .paper(let pageWidth, let pageHeight) = options.page else {
      throw LayoutError(
        .cover, "a cover needs a paper size; it cannot go on one continuous sheet (\(setting: .page) none)")
    }
    let margins = options.margins
    let content = Rect(
      x: margins.left, y: margins.top, width: pageWidth - margins.left - margins.right,
      height: pageHeight - margins.top - margins.bottom)
    var elements: [LayoutElement] = []
    var top = content.y
    var bottom = content.maxY
    if let note = cover.note, !note.isEmpty {
      let line = PageMarginText(text: note, style: styles.footer)
      let height = measurer.measure(MarginBox.sample(line), style: line.lineStyle, width: content.width)
        .height
      let frame = Rect(x: content.x, y: content.maxY - height, width: content.width, height: height)
      elements.append(.footer(PageTextElement(frame: frame, text: note)))
      bottom = frame.y - line.gap
    }
    let width = Self.titleWidth(contentWidth: content.width)
    let x = content.x + (content.width - width) / 2
    let titleHeight = measurer.measure(cover.title, style: styles.coverTitle, width: width).height
    let subtitle = cover.subtitle.flatMap { $0.isEmpty ? nil : $0 }
    let subtitleHeight =
      subtitle.map { measurer.measure($0, style: styles.coverSubtitle, width: width).height } ?? 0
    let blockHeight = titleHeight + (subtitle == nil ? 0 : Self.ruleGap + subtitleHeight)
    if cover.hasPicture {
      // The picture takes 60 % of the height, less when the title block needs the room: the
      // block keeps air of its own height above and below it; at least a quarter of the height.
      let height = min(content.height * Self.pictureShare, bottom - top - 3 * blockHeight).rounded(.down)
      guard height >= content.height / 4 else {
        throw LayoutError(
          .coverImage,
          "the cover's title and subtitle (\(ColumnGeometry.format(blockHeight)) pt) leave no room for its picture; shorten them or use a bigger \(setting: .page)"
        )
      }
      var frame = Rect(x: content.x, y: content.y, width: content.width, height: height)
      if let aspect = cover.pictureAspect, aspect.isFinite, aspect > 0 {
        let width = min(frame.width, frame.height * aspect)
        frame = Rect(
          x: content.x + (content.width - width) / 2, y: content.y, width: width, height: width / aspect)
      }
      elements.append(.picture(PictureElement(frame: frame)))
      top = frame.maxY
    }
    let room = bottom - top
    guard blockHeight <= room else {
      throw LayoutError(
        .cover,
        "the cover's title and subtitle need \(ColumnGeometry.format(blockHeight)) pt, more than the \(ColumnGeometry.format(max(0, room))) pt left on the page; shorten them or use a bigger \(setting: .page)"
      )
    }
    // Optical centre: a little above the middle of the free space (0.42 of it above the block).
    let y = top + (room - blockHeight) * (top > content.y ? 0.5 : 0.42)
    let titleBox = Rect(x: x, y: y, width: width, height: titleHeight)
    let subtitleBox = subtitle.map { _ in
      Rect(x: x, y: titleBox.maxY + Self.ruleGap, width: width, height: subtitleHeight)
    }
    elements.append(
      .cover(
        CoverElement(
          frame: Rect(x: x, y: y, width: width, height: blockHeight), titleFrame: titleBox,
          title: cover.title,
          subtitle: subtitle, subtitleFrame: subtitleBox)))
    return LayoutPage(width: pageWidth, height: pageHeight, elements: elements)
  }
}

extension TextStyle {
  /// The font description with its size replaced by `points` (or added, when it has none).
  func resizedFont(_ points: Double) -> String {
    var words = font.split(separator: " ").map(String.init)
    if let last = words.last, Double(last.replacingOccurrences(of: "px", with: "")) != nil {
      words.removeLast()
    }
    let size = points.rounded() == points ? String(Int(points)) : String(points)
    return (words + [size]).joined(separator: " ")
  }
}
