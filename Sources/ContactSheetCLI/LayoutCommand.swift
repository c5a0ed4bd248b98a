import ArgumentParser
import Foundation
import SheetLayout
import SheetRender
import SheetText

/// `contactsheet layout INPUT… --json`: prints where every element goes, without drawing.
struct LayoutCommand: StyledCommand {
  static let configuration = CommandConfiguration(
    commandName: "layout", abstract: "Print the layout of a sheet as JSON, without rendering.",
    discussion: ExitStatus.help)

  @OptionGroup var inputFlags: InputFlags

  @Flag(help: "Print the layout as JSON (the only format so far, and the default).")
  var json = false

  @OptionGroup var layoutFlags: LayoutFlags

  @OptionGroup var fontFlags: FontFlags

  /// Accepted so one style file serves `render` and `layout`; drawing options do not move anything.
  @OptionGroup(visibility: .hidden) var renderFlags: RenderFlags

  func run() throws {
    var timer = PhaseTimer()
    var preparer = SheetPreparer(flags: inputFlags, readsEveryHeader: false)
    preparer.indexField = layoutFlags.index
    var sheet = try preparer.prepare()
    timer.lap("read")
    for note in sheet.notes { Diagnostics.note(note) }
    for warning in layoutFlags.templateWarnings() + sheet.warnings { Diagnostics.warn(warning) }
    // What the export needs of each item, kept instead of the items (each moved out, not
    // copied); the entries are handed over, and the layout lets go of them once measured.
    var exported: [ExportedItem] = []
    exported.reserveCapacity(sheet.items.count)
    sheet.items.moveEach(replacingWith: CatalogItem(path: "")) { item in
      if let failure = item.failure {
        Diagnostics.warn(
          RenderCommand.describe(failure, origin: item.origin, consequence: "laid out as a 4:3 card"),
          kind: Diagnostics.kind(ofReason: failure.reason))
      }
      exported.append(ExportedItem(item))
    }
    let info = renderFlags.documentInfo(sheet.catalog)
    let layout = try Self.documentLayout(
      sheet.takeEntries(), options: try layoutFlags.layoutOptions().withMarkupCaptions(),
      layoutFlags: layoutFlags, fonts: fontFlags.fontSet, info: info, timer: &timer)
    try LayoutExport(layout: layout, items: exported).write(to: .standardOutput)
    timer.lap("write")
    timer.report()
    // The output is written: a large layout is left for the exit to reclaim, not freed here.
    KeptUntilExit.keep((layout, exported), size: exported.count)
  }

  /// The document's layout as `render` draws it and `layout` and `plan` report it: `entries`
  /// laid out with `options` and, when asked for, a cover titled from `info`. Warns once when
  /// the cards are too narrow for QR codes a phone can read.
  static func documentLayout(
    _ entries: consuming [LayoutEntry], options: LayoutOptions, layoutFlags: LayoutFlags, fonts: FontSet,
    info: DocumentInfo, timer: inout PhaseTimer
  ) throws -> Layout {
    var options = options
    options.cover = layoutFlags.coverContent(title: info.title ?? "", subject: info.subject)
    let layout = try makeLayout(consume entries, options: options, fonts: fonts, timer: &timer)
    for warning in layoutFlags.qrWarnings(layout) { Diagnostics.warn(warning) }
    return layout
  }

  /// Lays out `entries`, measuring text in parallel first (one Pango engine per core), then
  /// placing; `timer` gets a lap for each. The entries and the measured texts (about 300 bytes
  /// an item together) are let go of before the cards are placed, so they are not held at the
  /// same time as the pages.
  static func makeLayout(
    _ entries: consuming [LayoutEntry], options: LayoutOptions, fonts: FontSet, timer: inout PhaseTimer
  ) throws -> Layout {
    do {
      let engine = WaterfallLayout(options: options)
      let text = try TextEngine(fonts: fonts)
      let measured: MeasuredEntries
      // Measured texts that placing still asks for (the cover's), kept when the table goes.
      var kept: [TextRequest: TextMeasurement] = [:]
      do {
        let texts = try ParallelMeasurer(fonts: fonts).measure(engine.texts(entries))
        measured = try engine.measure(
          entries, captions: texts.captions, measurer: CachingMeasurer(text, table: texts.others))
        for request in try engine.placingRequests() { kept[request] = texts.others[request] }
      }
      timer.lap("measure")
      _ = consume entries
      let layout = try engine.layout(consume measured, measurer: CachingMeasurer(text, table: kept))
      timer.lap("place")
      return layout
    } catch let error as LayoutError {
      throw InputError(error.description)
    } catch let error as TextError {
      throw InputError(error.description)
    }
  }
}

extension LayoutOptions {
  /// The options with captions read as Pango markup: captions come from templates, whose
  /// field values are escaped, so the template's own markup is all there is.
  func withMarkupCaptions() -> LayoutOptions {
    var options = self
    options.captionStyle.isMarkup = true
    return options
  }
}
