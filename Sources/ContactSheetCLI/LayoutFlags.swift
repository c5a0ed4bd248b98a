import ArgumentParser
import ContactSheet
import SheetLayout
import SheetRender

extension LayoutMode: ExpressibleByArgument {}
extension Placement: ExpressibleByArgument {}
extension Direction: ExpressibleByArgument {}
extension ImageFit: ExpressibleByArgument {}

/// How section banners look (`--banner-style`).
enum BannerStyle: String, ExpressibleByArgument, CaseIterable {
  /// Text over a hairline, inside the margins.
  case rule
  /// Text on a band of colour inside the margins.
  case band
  /// Text on a band of colour from page edge to page edge, into the bleed.
  case fullBleed = "full-bleed"
}

/// Options that decide where things go, shared by `render` and `layout`. Each is nil (or
/// false) until typed or set by a style; defaults come from `StyleKeys`.
struct LayoutFlags: ParsableArguments {
  @Option(help: StyleKeys.mode.argumentHelp) var mode: LayoutMode?
  @Option(help: StyleKeys.page.argumentHelp) var page: String?
  @Option(parsing: .unconditional, help: StyleKeys.width.argumentHelp) var width: String?
  @Option(parsing: .unconditional, help: StyleKeys.columns.argumentHelp) var columns: Int?
  @Option(parsing: .unconditional, help: StyleKeys.columnWidth.argumentHelp) var columnWidth: String?
  @Option(parsing: .unconditional, help: StyleKeys.margin.argumentHelp) var margin: String?
  @Option(parsing: .unconditional, help: StyleKeys.gutter.argumentHelp) var gutter: String?
  @Option(parsing: .unconditional, help: StyleKeys.rowGap.argumentHelp) var rowGap: String?
  @Option(parsing: .unconditional, help: StyleKeys.padding.argumentHelp) var padding: String?
  @Option(parsing: .unconditional, help: StyleKeys.captionGap.argumentHelp) var captionGap: String?
  @Option(help: StyleKeys.imageAspect.argumentHelp) var imageAspect: String?
  @Option(parsing: .unconditional, help: StyleKeys.maxImageHeight.argumentHelp) var maxImageHeight: String?
  @Option(help: StyleKeys.fit.argumentHelp) var fit: ImageFit?
  @Option(help: StyleKeys.font.argumentHelp) var font: String?
  @Option(parsing: .unconditional, help: StyleKeys.captionLines.argumentHelp) var captionLines: Int?
  @Option(help: StyleKeys.placement.argumentHelp) var placement: Placement?
  @Option(help: StyleKeys.direction.argumentHelp) var direction: Direction?
  @Option(parsing: .unconditional, help: StyleKeys.stagger.argumentHelp) var stagger: Double?
  @Option(parsing: .unconditional, help: StyleKeys.bannerEvery.argumentHelp) var bannerEvery: Int?
  @Option(help: StyleKeys.bannerTemplate.argumentHelp) var bannerTemplate: String?
  @Option(parsing: .unconditional, help: StyleKeys.balance.argumentHelp) var balance: Int?
  @Option(help: StyleKeys.header.argumentHelp) var header: String?
  @Option(help: StyleKeys.footer.argumentHelp) var footer: String?
  @Option(name: .customLong("dpi"), help: StyleKeys.dpi.argumentHelp) var typedDPI: Double?
  @Flag(help: StyleKeys.qr.argumentHelp) var qr = false
  @Flag(help: StyleKeys.contents.argumentHelp) var contents = false
  @Option(help: StyleKeys.index.argumentHelp) var index: String?
  @Flag(help: StyleKeys.cover.argumentHelp) var cover = false
  @Option(help: StyleKeys.coverImage.argumentHelp) var coverImage: String?
  @Option(help: StyleKeys.coverSubtitle.argumentHelp) var coverSubtitle: String?
  @Option(help: StyleKeys.coverNote.argumentHelp) var coverNote: String?
  @Option(help: StyleKeys.bannerStyle.argumentHelp) var bannerStyle: BannerStyle?
  @Option(help: StyleKeys.bannerFill.argumentHelp) var bannerFill: String?

  /// Pixels per inch that px lengths refer to.
  var dpi: Double { typedDPI ?? StyleKeys.dpi.defaultValue() }

  /// The layout options these flags stand for, defaults filling what no one set.
  func layoutOptions() throws -> LayoutOptions {
    guard (10...2400).contains(dpi) else {
      throw ValidationError("--dpi must be between 10 and 2400 (got \(dpi))")
    }
    var options = LayoutOptions()
    options.mode = mode ?? StyleKeys.mode.defaultValue()
    options.page = try parsePage(page ?? StyleKeys.page.defaultValue())
    if let columnWidth {
      options.columns = .minimumWidth(try length(columnWidth, "--column-width"))
    } else {
      options.columns = .count(columns ?? StyleKeys.columns.defaultValue())
    }
    options.margins = try parseMargins(margin ?? StyleKeys.margin.defaultValue())
    options.gutter = try space(gutter ?? StyleKeys.gutter.defaultValue(), "--gutter")
    options.rowGap = try space(rowGap ?? StyleKeys.rowGap.defaultValue(), "--row-gap")
    options.padding = try space(padding ?? StyleKeys.padding.defaultValue(), "--padding")
    options.captionGap = try space(captionGap ?? StyleKeys.captionGap.defaultValue(), "--caption-gap")
    let captionLines = self.captionLines ?? StyleKeys.captionLines.defaultValue()
    guard captionLines >= 0 else {
      throw ValidationError("--caption-lines must be 0 (no limit) or more (got \(captionLines))")
    }
    options.captionStyle = TextStyle(
      font: try FontFlags.checkedCaptionFont(font ?? StyleKeys.font.defaultValue()), maxLines: captionLines)
    options.imageAspect = try imageAspect.map(parseAspect)
    options.maxImageHeight = try maxImageHeight.map { try length($0, "--max-image-height") }
    options.imageFit = fit ?? StyleKeys.fit.defaultValue()
    options.placement = placement ?? StyleKeys.placement.defaultValue()
    options.direction = direction ?? StyleKeys.direction.defaultValue()
    options.staggerOffset = stagger ?? StyleKeys.stagger.defaultValue()
    let bannerEvery = self.bannerEvery ?? StyleKeys.bannerEvery.defaultValue()
    guard bannerEvery >= 0 else {
      throw ValidationError("--banner-every must be 0 (no banners) or more items (got \(bannerEvery))")
    }
    if bannerEvery > 0 {
      options.bannerCadence = BannerCadence(
        every: bannerEvery, template: bannerTemplate ?? StyleKeys.bannerTemplate.defaultValue())
    }
    options.balance = balance ?? StyleKeys.balance.defaultValue()
    options.header = header.map { PageMarginText(text: $0) }
    options.footer = footer.map { PageMarginText(text: $0) }
    if qr { options.qrCodeSize = QRSizeCheck.readableSize }
    if contents { options.contentsTitle = "Contents" }
    if index != nil { options.indexTitle = "Index" }
    let bannerStyle = self.bannerStyle ?? StyleKeys.bannerStyle.defaultValue()
    options.bannerLook = bannerStyle == .fullBleed ? .fullBleed : .inset
    if bannerStyle != .rule {
      // A band of colour wants more air around its text than a hairline.
      options.bannerPadding = max(options.bannerPadding, Self.bandPadding)
    }
    return options
  }

  /// Space around a band's text: 4 mm.
  static let bandPadding = 4 * 72 / 25.4

  /// The cover these flags ask for (`--cover`, or `--cover-image` alone); nil for none.
  func coverRequest() -> CoverRequest? {
    guard cover || coverImage != nil else { return nil }
    return CoverRequest(
      subtitle: coverSubtitle, note: coverNote ?? StyleKeys.coverNote.defaultValue(), image: coverImage)
  }

  /// The fill of band and full-bleed banners, nil for rule banners.
  func bannerFillColor() throws -> Color? {
    guard (bannerStyle ?? StyleKeys.bannerStyle.defaultValue()) != .rule else { return nil }
    let text = bannerFill ?? StyleKeys.bannerFill.defaultValue()
    guard let color = Color(parsing: text) else {
      throw ValidationError("--banner-fill \(text) is not a colour; use #rrggbb or a CSS name")
    }
    return color
  }

  private func parsePage(_ page: String) throws -> PageSize {
    let parts = page.lowercased().split(separator: ":").map(String.init)
    guard let name = parts.first else { throw ValidationError("--page is empty") }
    for modifier in parts.dropFirst() where modifier != "landscape" && modifier != "portrait" {
      throw ValidationError("--page \(page): unknown modifier '\(modifier)'; use :landscape or :portrait")
    }
    let landscape = parts.dropFirst().contains("landscape")
    if name == "none" {
      return .continuous(width: try length(width ?? StyleKeys.width.defaultValue(), "--width"))
    }
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
    if case .paper(let width, let height) = size, width <= 0 || height <= 0 {
      throw ValidationError("--page \(page): both sides must be more than 0")
    }
    if landscape { size = size.landscape }
    return size
  }

  /// One to four lengths, CSS style: all; vertical horizontal; top horizontal bottom; or
  /// top right bottom left.
  private func parseMargins(_ margin: String) throws -> EdgeInsets {
    let values = try margin.split(whereSeparator: { $0 == " " || $0 == "," }).map {
      try space(String($0), "--margin")
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

  /// `text` as a length of 0 or more (a gap, a margin); messages name `option`.
  func space(_ text: String, _ option: String) throws -> Double {
    let value = try length(text, option)
    guard value >= 0 else { throw ValidationError("\(option) \(text): must be 0 or more") }
    return value
  }

  /// `text` as a length in points, with px at `dpi`; messages name `option`.
  func length(_ text: String, _ option: String) throws -> Double {
    do {
      return try Length.parse(text, dpi: dpi)
    } catch let error as Length.ParseError {
      throw ValidationError("\(option): \(error.message)")
    }
  }

  /// One warning per field of `--header`, `--footer` and `--banner-template` that nothing fills.
  func templateWarnings() -> [String] {
    let templates: [(String, String?, [String])] = [
      ("--header", header, TemplateFieldCheck.pageFields),
      ("--footer", footer, TemplateFieldCheck.pageFields),
      ("--banner-template", bannerTemplate, TemplateFieldCheck.bannerFields),
    ]
    return templates.flatMap { option, template, known in
      template.map {
        TemplateFieldCheck.warnings(
          option: option, used: TemplateFieldCheck.simpleFieldNames($0), known: Set(known))
      } ?? []
    }
  }
}
