import ArgumentParser
import SheetLayout

extension LayoutMode: ExpressibleByArgument {}
extension Placement: ExpressibleByArgument {}
extension Direction: ExpressibleByArgument {}
extension ImageFit: ExpressibleByArgument {}

/// Options that decide where things go, shared by `render` and `layout`.
struct LayoutFlags: ParsableArguments {
  @Option(help: "Arrangement: waterfall (columns of varying heights), staggered (offset rows) or grid.")
  var mode: LayoutMode = .waterfall

  @Option(
    help: "Paper: a3, a4, a5, letter, legal, tabloid or WxH (with units), optionally :landscape; or none.")
  var page: String = "a4"

  @Option(help: "Sheet width when --page none (e.g. 1080px, 8in).")
  var width: String = "800pt"

  @Option(help: "Number of columns.")
  var columns: Int = 4

  @Option(help: "Minimum column width; when given, the column count is derived from it instead of --columns.")
  var columnWidth: String?

  @Option(
    help:
      "Page margins: one to four lengths (top right bottom left, as in CSS), e.g. \"12mm\" or \"10mm 15mm\".")
  var margin: String = "12mm"

  @Option(help: "Gap between columns.")
  var gutter: String = "10pt"

  @Option(help: "Gap between cards in a column, and around banners.")
  var rowGap: String = "10pt"

  @Option(help: "Space inside each card around its image and caption.")
  var padding: String = "5pt"

  @Option(help: "Space between an image and its caption.")
  var captionGap: String = "4pt"

  @Option(
    help:
      "Fixed image box shape W:H (e.g. 4:3), images cropped to it (or letterboxed: --fit); default: each image's own shape."
  )
  var imageAspect: String?

  @Option(help: "Tallest image box (e.g. 80mm); taller images are cropped or letterboxed (--fit).")
  var maxImageHeight: String?

  @Option(
    help:
      "How an image fills a box of another shape: crop (fill, centre kept) or letterbox (whole image); grid mode always letterboxes."
  )
  var fit: ImageFit = .crop

  @Option(help: "Caption font, as a Pango font description (\"Family Size\").")
  var font: String = "DejaVu Sans 7"

  @Option(help: "Most caption lines; longer captions end in an ellipsis (0: no limit).")
  var captionLines: Int = 2

  @Option(
    help: "Waterfall column choice: shortest (highest bottom, ties to the first) or order (round robin).")
  var placement: Placement = .shortest

  @Option(help: "Column order: ltr (first column on the left) or rtl (on the right).")
  var direction: Direction = .ltr

  @Option(help: "Shift of every other row in staggered mode, as a fraction of the cell width (0 to 0.99).")
  var stagger: Double = 0.5

  @Option(help: "Put a banner before every N items (0: none).")
  var bannerEvery: Int = 0

  @Option(help: "Title of --banner-every banners: {n} banner number, {first}/{last} item numbers, {count}.")
  var bannerTemplate: String = BannerCadence.defaultTemplate

  @Option(help: "Let cards move up to K places from input order to even out column bottoms (0: keep order).")
  var balance: Int = 0

  @Option(
    help:
      "Text at the top of every page: {title} {page} {pages} {date}; 'left|centre|right' splits it. Its height is reserved."
  )
  var header: String?

  @Option(
    help:
      "Text at the bottom of every page: {title} {page} {pages} {date}; 'left|centre|right' splits it. Its height is reserved."
  )
  var footer: String?

  @Option(help: "Pixels per inch that px lengths refer to (the PNG output resolution).")
  var dpi: Double = 150

  func layoutOptions() throws -> LayoutOptions {
    guard (10...2400).contains(dpi) else {
      throw ValidationError("--dpi must be between 10 and 2400 (got \(dpi))")
    }
    var options = LayoutOptions()
    options.mode = mode
    options.page = try parsePage()
    if let columnWidth {
      options.columns = .minimumWidth(try length(columnWidth, "--column-width"))
    } else {
      options.columns = .count(columns)
    }
    options.margins = try parseMargins()
    options.gutter = try length(gutter, "--gutter")
    options.rowGap = try length(rowGap, "--row-gap")
    options.padding = try length(padding, "--padding")
    options.captionGap = try length(captionGap, "--caption-gap")
    guard captionLines >= 0 else {
      throw ValidationError("--caption-lines must be 0 (no limit) or more (got \(captionLines))")
    }
    options.captionStyle = TextStyle(font: font, maxLines: captionLines)
    options.imageAspect = try imageAspect.map(parseAspect)
    options.maxImageHeight = try maxImageHeight.map { try length($0, "--max-image-height") }
    options.imageFit = fit
    options.placement = placement
    options.direction = direction
    options.staggerOffset = stagger
    guard bannerEvery >= 0 else {
      throw ValidationError("--banner-every must be 0 (no banners) or more items (got \(bannerEvery))")
    }
    if bannerEvery > 0 { options.bannerCadence = BannerCadence(every: bannerEvery, template: bannerTemplate) }
    options.balance = balance
    options.header = header.map { PageMarginText(text: $0) }
    options.footer = footer.map { PageMarginText(text: $0) }
    return options
  }

  private func parsePage() throws -> PageSize {
    let parts = page.lowercased().split(separator: ":").map(String.init)
    guard let name = parts.first else { throw ValidationError("--page is empty") }
    for modifier in parts.dropFirst() where modifier != "landscape" && modifier != "portrait" {
      throw ValidationError("--page \(page): unknown modifier '\(modifier)'; use :landscape or :portrait")
    }
    let landscape = parts.dropFirst().contains("landscape")
    if name == "none" { return .continuous(width: try length(width, "--width")) }
    var size: PageSize
    if let named = PageSize.named(name) {
      size = named
    } else {
      let sides = name.split(separator: "x").map(String.init)
      guard sides.count == 2 else {
        throw ValidationError(
          "--page \(page) is not a paper size; use one of \(PageSize.names.joined(separator: ", ")), WxH such as 200x300mm, or none"
        )
      }
      let unit = Length.unitSuffix(sides[1])
      size = .paper(
        width: try length(sides[0] + (Length.unitSuffix(sides[0]).isEmpty ? unit : ""), "--page"),
        height: try length(sides[1], "--page"))
    }
    if landscape { size = size.landscape }
    return size
  }

  /// One to four lengths, CSS style: all; vertical horizontal; top horizontal bottom; or
  /// top right bottom left.
  private func parseMargins() throws -> EdgeInsets {
    let values = try margin.split(whereSeparator: { $0 == " " || $0 == "," }).map {
      try length(String($0), "--margin")
    }
    switch values.count {
    case 1: return EdgeInsets(all: values[0])
    case 2: return EdgeInsets(top: values[0], right: values[1], bottom: values[0], left: values[1])
    case 3: return EdgeInsets(top: values[0], right: values[1], bottom: values[2], left: values[1])
    case 4: return EdgeInsets(top: values[0], right: values[1], bottom: values[2], left: values[3])
    default:
      throw ValidationError(
        "--margin takes one to four lengths, e.g. \"12mm\" or \"10mm 15mm\" (got '\(margin)')")
    }
  }

  /// `W:H` as height ÷ width.
  private func parseAspect(_ text: String) throws -> Double {
    let sides = text.split(separator: ":").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
    guard sides.count == 2, sides[0] > 0, sides[1] > 0, sides[0].isFinite, sides[1].isFinite,
      sides[1] / sides[0] >= 1e-3, sides[1] / sides[0] <= 1e3
    else {
      throw ValidationError(
        "--image-aspect \(text) is not a shape; write W:H with both sides more than 0, e.g. 4:3")
    }
    return sides[1] / sides[0]
  }

  func length(_ text: String, _ option: String) throws -> Double {
    do {
      return try Length.parse(text, dpi: dpi)
    } catch let error as Length.ParseError {
      throw ValidationError("\(option): \(error.message)")
    }
  }
}
