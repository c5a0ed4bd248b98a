/// The Pinterest-style waterfall: each card goes to the column whose bottom is highest,
/// full-width banners break the flow, and cards are never split across pages.
public struct WaterfallLayout {
  public var options: LayoutOptions

  /// Column bottoms within this tolerance, in points, count as level; the leftmost wins.
  public static let levelTolerance = 0.5

  public init(options: LayoutOptions) {
    self.options = options
  }

  /// Lays out `entries` in reading order, measuring text with `measurer`.
  public func layout(_ entries: [LayoutEntry], measurer: some TextMeasuring) throws -> Layout {
    let geometry = try ColumnGeometry(options: options)
    var builder = PageBuilder(options: options, geometry: geometry)
    let expanded = Self.insertSectionBanners(entries)
    var itemIndex = 0
    for (position, entry) in expanded.enumerated() {
      switch entry {
      case .banner(let content):
        let banner = BannerBox(content: content, options: options, geometry: geometry, measurer: measurer)
        let nextCard = expanded[(position + 1)...].lazy.compactMap { entry -> CardBox? in
          guard case .item(let item) = entry else { return nil }
          return CardBox(item: item, options: self.options, geometry: geometry, measurer: measurer)
        }.first
        builder.place(banner, keepingWith: nextCard)
      case .item(let item):
        let card = CardBox(item: item, options: options, geometry: geometry, measurer: measurer)
        builder.place(card, item: itemIndex)
        itemIndex += 1
      }
    }
    return builder.finish()
  }

  /// The entries with a banner inserted wherever the section changes.
  static func insertSectionBanners(_ entries: [LayoutEntry]) -> [LayoutEntry] {
    var result: [LayoutEntry] = []
    var currentSection: String?
    for entry in entries {
      if case .item(let item) = entry, let section = item.section, section != currentSection {
        result.append(.banner(BannerContent(title: section)))
        currentSection = section
      }
      result.append(entry)
    }
    return result
  }
}

/// Column count and widths derived from the options, validated.
struct ColumnGeometry {
  let content: Rect
  let count: Int
  let width: Double
  let innerWidth: Double

  init(options: LayoutOptions) throws {
    let margins = options.margins
    let pageHeight: Double
    switch options.page {
    case .paper(_, let height): pageHeight = height
    case .continuous: pageHeight = .infinity
    }
    let pageWidth = options.page.width
    guard pageWidth.isFinite, pageWidth > 0 else {
      throw LayoutError("page width must be a positive number of points (got \(pageWidth))")
    }
    for (name, value) in [
      ("--gutter", options.gutter), ("--row-gap", options.rowGap), ("--padding", options.padding),
      ("caption gap", options.captionGap), ("--margin", margins.top), ("--margin", margins.right),
      ("--margin", margins.bottom), ("--margin", margins.left),
    ] where !(value >= 0 && value.isFinite) {
      throw LayoutError("\(name) must be zero or more (got \(value))")
    }
    content = Rect(
      x: margins.left, y: margins.top, width: pageWidth - margins.left - margins.right,
      height: pageHeight - margins.top - margins.bottom)
    guard content.width > 0, content.height > 0 else {
      throw LayoutError(
        "--margin leaves no room on a \(Int(pageWidth))×\(Int(pageHeight)) pt page; use smaller margins")
    }
    switch options.columns {
    case .count(let n):
      guard n > 0 else { throw LayoutError("--columns must be 1 or more (got \(n))") }
      count = n
    case .minimumWidth(let minimum):
      guard minimum > 0, minimum.isFinite else {
        throw LayoutError("--column-width must be more than 0 (got \(minimum))")
      }
      count = max(1, Int(((content.width + options.gutter) / (minimum + options.gutter)).rounded(.down)))
    }
    width = (content.width - options.gutter * Double(count - 1)) / Double(count)
    innerWidth = width - 2 * options.padding
    guard innerWidth >= 1 else {
      throw LayoutError(
        "\(count) columns of \(Self.format(width)) pt leave no room inside --padding \(Self.format(options.padding)) pt; use fewer columns or less padding"
      )
    }
  }

  /// The left edge of `column`, counted from the left.
  func columnX(_ column: Int, gutter: Double) -> Double {
    content.x + Double(column) * (width + gutter)
  }

  static func format(_ value: Double) -> String {
    String(Double((value * 10).rounded() / 10))
  }
}
