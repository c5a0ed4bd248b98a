import ArgumentParser
import ContactSheet
import Foundation
import SheetLayout
import SheetRender

/// Options that decide how a sheet looks and what the output carries: corners, border,
/// shadow, colours, image resolution in PDF, and PDF metadata. Each is nil (or false) until
/// typed; typed ones are the last style layer. (`--header` and `--footer` are
/// layout options: the layout reserves their room; the renderer fills in `{title}` and `{date}`.)
struct RenderFlags: ParsableArguments {
  @Option(help: StyleKeys.cornerRadius.argumentHelp) var cornerRadius: String?
  @Option(help: StyleKeys.border.argumentHelp) var border: String?
  @Option(help: StyleKeys.shadowBlur.argumentHelp) var shadowBlur: String?
  @Option(help: StyleKeys.shadowOffset.argumentHelp) var shadowOffset: String?
  @Option(help: StyleKeys.shadowOpacity.argumentHelp) var shadowOpacity: Double?
  @Option(help: StyleKeys.shadowColor.argumentHelp) var shadowColor: String?
  @Flag(help: StyleKeys.noShadow.argumentHelp) var noShadow = false
  @Flag(help: StyleKeys.showRating.argumentHelp) var showRating = false
  @Option(help: StyleKeys.logo.argumentHelp) var logo: String?
  @Option(help: StyleKeys.logoPosition.argumentHelp) var logoPosition: Logo.Slot?
  @Option(help: StyleKeys.logoHeight.argumentHelp) var logoHeight: String?
  @Option(help: StyleKeys.watermark.argumentHelp) var watermark: String?
  @Option(help: StyleKeys.watermarkOpacity.argumentHelp) var watermarkOpacity: Double?
  @Option(help: StyleKeys.background.argumentHelp) var background: String?
  @Option(help: StyleKeys.cardColor.argumentHelp) var cardColor: String?
  @Option(help: StyleKeys.captionColor.argumentHelp) var captionColor: String?
  @Option(help: StyleKeys.ppi.argumentHelp) var ppi: String?
  @Option(help: StyleKeys.jpegQuality.argumentHelp) var jpegQuality: Int?
  @Option(name: .customLong("min-ppi"), help: StyleKeys.minPPI.argumentHelp) var minPPI: Double?
  @Option(help: StyleKeys.title.argumentHelp) var title: String?
  @Option(help: StyleKeys.author.argumentHelp) var author: String?
  @Option(help: StyleKeys.subject.argumentHelp) var subject: String?
  @Option(help: StyleKeys.keywords.argumentHelp) var keywords: String?
  @Option(help: StyleKeys.bleed.argumentHelp) var bleed: String?
  @Flag(help: StyleKeys.cropMarks.argumentHelp) var cropMarks = false
  @Option(help: StyleKeys.lang.argumentHelp) var lang: String?
  @Option(help: StyleKeys.textContents.argumentHelp) var textContents: String?
  @Option(help: StyleKeys.textIndex.argumentHelp) var textIndex: String?
  @Option(help: StyleKeys.textCover.argumentHelp) var textCover: String?
  @Option(help: StyleKeys.textUntitled.argumentHelp) var textUntitled: String?
  @Option(help: StyleKeys.textPages.argumentHelp) var textPages: String?
  @Option(help: StyleKeys.textNoImage.argumentHelp) var textNoImage: String?
  @Option(help: StyleKeys.textCannotShow.argumentHelp) var textCannotShow: String?
  @Option(help: StyleKeys.textFileDate.argumentHelp) var textFileDate: String?
  @Option(help: StyleKeys.textContinued.argumentHelp) var textContinued: String?
  @Option(help: StyleKeys.textOther.argumentHelp) var textOther: String?
  @Option(help: StyleKeys.textFrom.argumentHelp) var textFrom: String?
  @Option(help: StyleKeys.fileDate.argumentHelp) var fileDate: FileDateChoice?
  @Flag(help: StyleKeys.tagged.argumentHelp) var tagged = false
  @Flag(help: StyleKeys.pdfx.argumentHelp) var pdfx = false
  @Option(help: StyleKeys.outputIntent.argumentHelp) var outputIntent: String?
  @Option(help: StyleKeys.icc.argumentHelp) var icc: String?
}
