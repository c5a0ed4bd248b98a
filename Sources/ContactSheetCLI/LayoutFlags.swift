import ArgumentParser
import ContactSheet
import SheetLayout
import SheetRender

extension LayoutMode: ExpressibleByArgument {}
extension Placement: ExpressibleByArgument {}
extension SectionStart: ExpressibleByArgument {}
extension QRCodePosition: ExpressibleByArgument {}
extension ImageAlignment: ExpressibleByArgument {}
extension Direction: ExpressibleByArgument {}
extension ImageFit: ExpressibleByArgument {}
extension Logo.Slot: ExpressibleByArgument {}
extension LastRowStyle: ExpressibleByArgument {}
extension RowBreaker: ExpressibleByArgument {}
extension FileDateChoice: ExpressibleByArgument {}

extension BannerStyle: ExpressibleByArgument {}

/// Options that decide where things go, shared by `render` and `layout`. Each is nil (or
/// false) until typed; typed ones are the last style layer (``StyledCommand/job(maxPixels:)``).
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
  @Option(help: StyleKeys.imageAlign.argumentHelp) var imageAlign: ImageAlignment?
  @Option(help: StyleKeys.font.argumentHelp) var font: String?
  @Option(parsing: .unconditional, help: StyleKeys.captionLines.argumentHelp) var captionLines: Int?
  @Option(help: StyleKeys.placement.argumentHelp) var placement: Placement?
  @Option(help: StyleKeys.sectionStart.argumentHelp) var sectionStart: SectionStart?
  @Option(help: StyleKeys.sectionOrder.argumentHelp) var sectionOrder: String?
  @Option(help: StyleKeys.direction.argumentHelp) var direction: Direction?
  @Option(parsing: .unconditional, help: StyleKeys.stagger.argumentHelp) var stagger: Double?
  @Option(parsing: .unconditional, help: StyleKeys.rowHeight.argumentHelp) var rowHeight: String?
  @Option(parsing: .unconditional, help: StyleKeys.rowHeightTolerance.argumentHelp) var rowHeightTolerance:
    Double?
  @Option(help: StyleKeys.lastRow.argumentHelp) var lastRow: LastRowStyle?
  @Option(help: StyleKeys.rowBreaker.argumentHelp) var rowBreaker: RowBreaker?
  @Option(parsing: .unconditional, help: StyleKeys.fullWidthEvery.argumentHelp) var fullWidthEvery: Int?
  @Option(parsing: .unconditional, help: StyleKeys.bannerEvery.argumentHelp) var bannerEvery: Int?
  @Option(help: StyleKeys.bannerTemplate.argumentHelp) var bannerTemplate: String?
  @Option(parsing: .unconditional, help: StyleKeys.balance.argumentHelp) var balance: Int?
  @Option(help: StyleKeys.header.argumentHelp) var header: String?
  @Option(help: StyleKeys.footer.argumentHelp) var footer: String?
  @Option(name: .customLong("dpi"), help: StyleKeys.dpi.argumentHelp) var typedDPI: Double?
  @Flag(help: StyleKeys.qr.argumentHelp) var qr = false
  @Option(parsing: .unconditional, help: StyleKeys.qrSize.argumentHelp) var qrSize: String?
  @Option(help: StyleKeys.qrPosition.argumentHelp) var qrPosition: QRCodePosition?
  @Flag(help: StyleKeys.contents.argumentHelp) var contents = false
  @Option(help: StyleKeys.index.argumentHelp) var index: String?
  @Option(help: StyleKeys.indexColumns.argumentHelp) var indexColumns: String?
  @Flag(help: StyleKeys.cover.argumentHelp) var cover = false
  @Option(help: StyleKeys.coverImage.argumentHelp) var coverImage: String?
  @Option(help: StyleKeys.coverFit.argumentHelp) var coverFit: ImageFit?
  @Option(help: StyleKeys.coverSubtitle.argumentHelp) var coverSubtitle: String?
  @Option(help: StyleKeys.coverNote.argumentHelp) var coverNote: String?
  @Option(help: StyleKeys.bannerStyle.argumentHelp) var bannerStyle: BannerStyle?
  @Option(help: StyleKeys.bannerFill.argumentHelp) var bannerFill: String?
}
