import Foundation
import SheetLayout
import SheetRender
import SheetSupport
import SheetText

extension StyleReader {
  /// Where things go: the layout options the style asks for.
  func layoutOptions(words: BuiltInWords) throws -> LayoutOptions {
    var options = LayoutOptions()
    options.mode = try required(StyleKeys.mode)
    options.page = try page(required(StyleKeys.page))
    if let columnWidth = try setText(StyleKeys.columnWidth) {
      options.columns = .minimumWidth(try length(columnWidth, StyleKeys.columnWidth))
    } else {
      options.columns = .count(try required(StyleKeys.columns))
    }
    options.margins = try margins(required(StyleKeys.margin))
    options.gutter = try space(StyleKeys.gutter)
    options.rowGap = try space(StyleKeys.rowGap)
    options.padding = try space(StyleKeys.padding)
    options.captionGap = try space(StyleKeys.captionGap)
    let captionLines: Int = try required(StyleKeys.captionLines)
    guard captionLines >= 0 else {
      throw error(StyleKeys.captionLines) { "\($0) must be 0 (no limit) or more (got \(captionLines))" }
    }
    options.captionStyle = TextStyle(font: try captionFont(required(StyleKeys.font)), maxLines: captionLines)
    options.imageAspect = try setText(StyleKeys.imageAspect).map(aspect)
    options.maxImageHeight = try setText(StyleKeys.maxImageHeight).map {
      try length($0, StyleKeys.maxImageHeight)
    }
    options.imageFit = try required(StyleKeys.fit)
    options.imageAlignment = try required(StyleKeys.imageAlign)
    options.placement = try required(StyleKeys.placement)
    options.sectionStart = try required(StyleKeys.sectionStart)
    options.direction = try required(StyleKeys.direction)
    options.staggerOffset = try required(StyleKeys.stagger)
    options.rowHeight = try setText(StyleKeys.rowHeight).map { try length($0, StyleKeys.rowHeight) }
    options.rowHeightTolerance = try required(StyleKeys.rowHeightTolerance)
    options.lastRow = try required(StyleKeys.lastRow)
    options.rowBreaker = try required(StyleKeys.rowBreaker)
    let fullWidthEvery: Int = try required(StyleKeys.fullWidthEvery)
    options.fullWidthEvery = fullWidthEvery == 0 ? nil : fullWidthEvery
    let bannerEvery: Int = try required(StyleKeys.bannerEvery)
    guard bannerEvery >= 0 else {
      throw error(StyleKeys.bannerEvery) { "\($0) must be 0 (no banners) or more items (got \(bannerEvery))" }
    }
    if bannerEvery > 0 {
      options.bannerCadence = BannerCadence(
        every: bannerEvery, template: try required(StyleKeys.bannerTemplate))
    }
    options.balance = try required(StyleKeys.balance)
    options.header = try marginTemplate(StyleKeys.header).map { PageMarginText(text: $0) }
    options.footer = try marginTemplate(StyleKeys.footer).map { PageMarginText(text: $0) }
    // A logo's line is at least its height: a header or footer of its own when none is set.
    if let logo = try logo() {
      if logo.slot.isFooter {
        options.footer = options.footer ?? PageMarginText(text: "")
        options.footer?.minimumHeight = logo.height
      } else {
        options.header = options.header ?? PageMarginText(text: "")
        options.header?.minimumHeight = logo.height
      }
    }
    let qrSize = try setText(StyleKeys.qrSize).map { try length($0, StyleKeys.qrSize) }
    if try flag(StyleKeys.qr) || qrSize != nil { options.qrCodeSize = qrSize ?? QRSizeCheck.readableSize }
    options.qrCodePosition = try required(StyleKeys.qrPosition)
    if try flag(StyleKeys.contents) { options.contentsTitle = words.contents }
    options.continuedWord = words.continued.isEmpty ? nil : words.continued
    if try setText(StyleKeys.index) != nil { options.indexTitle = words.index }
    let indexColumns: String = try required(StyleKeys.indexColumns)
    if indexColumns != "auto" {
      guard let columns = Int(indexColumns), (1...10).contains(columns) else {
        throw error(StyleKeys.indexColumns) {
          "\($0) must be auto or a whole number from 1 to 10 (got \(indexColumns))"
        }
      }
      options.indexColumns = columns
    }
    let bannerStyle: BannerStyle = try required(StyleKeys.bannerStyle)
    options.bannerLook = bannerStyle == .fullBleed ? .fullBleed : .inset
    if bannerStyle != .rule {
      // A band of colour wants more air around its text than a hairline.
      options.bannerPadding = max(options.bannerPadding, Self.bandPadding)
    }
    return options
  }

  /// Space around a band's text: 4 mm.
  static let bandPadding = 4 * 72 / 25.4

  /// The cover asked for (`cover`, or `cover-image` alone); nil for none.
  func cover(words: BuiltInWords) throws -> CoverRequest? {
    let image = try setText(StyleKeys.coverImage)
    guard try flag(StyleKeys.cover) || image != nil else { return nil }
    // The default note in the document's language: `{date} · {pages} Seiten`.
    let note = try marginTemplate(StyleKeys.coverNote) ?? "{date} · {pages} \(words.pages)"
    var request = CoverRequest(subtitle: try setText(StyleKeys.coverSubtitle), note: note, image: image)
    request.fit = try required(StyleKeys.coverFit)
    return request
  }

  /// A header, footer or cover-note template as the markup it is drawn as: as written when
  /// each of its `|` parts is valid Pango markup (`<b>{title}</b> | {page}`), else escaped so
  /// it prints as typed (`Tom & Jerry`), which ``templateWarnings()`` says.
  func marginTemplate(_ key: StyleKey) throws -> String? {
    try setText(key).map { Self.isMarginMarkup($0) ? $0 : Markup.escape($0) }
  }

  private static func isMarginMarkup(_ template: String) -> Bool {
    template.split(separator: "|", omittingEmptySubsequences: false).allSatisfy {
      CaptionBuilder.isValidMarkup(String($0))
    }
  }

  /// One warning per field of `header`, `footer` and `banner-template` that nothing fills,
  /// and one per margin template that is not valid markup.
  func templateWarnings() throws -> [String] {
    let marginKeys = [StyleKeys.header, StyleKeys.footer, StyleKeys.coverNote]
    let markupWarnings = try marginKeys.compactMap { key -> String? in
      guard let template = try setText(key), !Self.isMarginMarkup(template) else { return nil }
      return "\(JobMessage(spelling(key))) is not valid Pango markup (an unclosed tag, or a bare & or <); "
        + "it is printed as written"
    }
    let templates: [(StyleKey, String?, [String])] = [
      (StyleKeys.header, try setText(StyleKeys.header), TemplateFieldCheck.pageFields),
      (StyleKeys.footer, try setText(StyleKeys.footer), TemplateFieldCheck.pageFields),
      (StyleKeys.bannerTemplate, try setText(StyleKeys.bannerTemplate), TemplateFieldCheck.bannerFields),
    ]
    return markupWarnings
      + templates.flatMap { key, template, known in
        template.map {
          TemplateFieldCheck.warnings(
            option: JobMessage(spelling(key)), used: TemplateFieldCheck.simpleFieldNames($0),
            known: Set(known)
          ).map(\.description)
        } ?? []
      }
  }

  /// `font`, the caption font, when its size is one a caption may use: at most
  /// ``CaptionBuilder/largestFontSize`` points, the bound caption markup is held to. Its size
  /// is read by Pango as markup's `font` attribute reads it. A larger one is refused before
  /// anything is measured (FreeType cannot make such a font: Pango would warn, then the
  /// caption would not fit).
  func captionFont(_ font: String) throws -> String {
    let markup = "<span font=\"\(Markup.escape(font))\">x</span>"
    let size = TextEngine.largestFontSize(inMarkup: markup, baseSize: 0) ?? 0
    guard size <= CaptionBuilder.largestFontSize else {
      throw error(StyleKeys.font) {
        "\($0) \"\(TerminalText.escaped(font))\" is too large: a caption may use at most "
          + "\(Int(CaptionBuilder.largestFontSize)) pt"
      }
    }
    return font
  }

  private func page(_ page: String) throws -> PageSize {
    let key = StyleKeys.page
    let parts = page.lowercased().split(separator: ":").map(String.init)
    guard let name = parts.first else { throw error(key) { "\($0) is empty" } }
    for modifier in parts.dropFirst() where modifier != "landscape" && modifier != "portrait" {
      throw error(key) { "\($0) \(page): unknown modifier '\(modifier)'; use :landscape or :portrait" }
    }
    let landscape = parts.dropFirst().contains("landscape")
    if name == "none" {
      return .continuous(width: try length(required(StyleKeys.width), StyleKeys.width))
    }
    var size: PageSize
    if let named = PageSize.named(name) {
      size = named
    } else {
      let sides = name.split(separator: "x").map(String.init)
      guard sides.count == 2 else {
        throw error(key) {
          "\($0) \(page) is not a paper size; use one of \(PageSize.names.joined(separator: ", ")), WxH such as 200x300mm, or none"
        }
      }
      let unit = Length.unitSuffix(sides[1])
      size = .paper(
        width: try length(sides[0] + (Length.unitSuffix(sides[0]).isEmpty ? unit : ""), key),
        height: try length(sides[1], key))
    }
    if case .paper(let width, let height) = size, width <= 0 || height <= 0 {
      throw error(key) { "\($0) \(page): both sides must be more than 0" }
    }
    if landscape { size = size.landscape }
    return size
  }

  /// One to four lengths, CSS style: all; vertical horizontal; top horizontal bottom; or
  /// top right bottom left.
  private func margins(_ margin: String) throws -> EdgeInsets {
    let values = try margin.split(whereSeparator: { $0 == " " || $0 == "," }).map {
      try space(String($0), StyleKeys.margin)
    }
    switch values.count {
    case 1: return EdgeInsets(all: values[0])
    case 2: return EdgeInsets(top: values[0], right: values[1], bottom: values[0], left: values[1])
    case 3: return EdgeInsets(top: values[0], right: values[1], bottom: values[2], left: values[1])
    case 4: return EdgeInsets(top: values[0], right: values[1], bottom: values[2], left: values[3])
    default:
      throw error(StyleKeys.margin) {
        "\($0) takes one to four lengths, e.g. \"12mm\" or \"10mm 15mm\" (got '\(margin)')"
      }
    }
  }

  /// `W:H` as height ÷ width.
  private func aspect(_ text: String) throws -> Double {
    let sides = text.split(separator: ":").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
    guard sides.count == 2, sides[0] > 0, sides[1] > 0, sides[0].isFinite, sides[1].isFinite,
      sides[1] / sides[0] >= 1e-3, sides[1] / sides[0] <= 1e3
    else {
      throw error(StyleKeys.imageAspect) {
        "\($0) \(text) is not a shape; write W:H with both sides more than 0, e.g. 4:3"
      }
    }
    return sides[1] / sides[0]
  }
}
