import ArgumentParser
import ContactSheet
import Foundation
import SheetImages
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
    let timer = PhaseTimer()
    var job = try job(maxPixels: PixelLimit.default, forDrawing: false)
    job.events = TerminalEvents.events(progress: nil, quiet: false, timer: timer)
    var sheet = try job.prepare(readsEveryHeader: false)
    timer.lap("read")
    for note in sheet.notes { Diagnostics.note(note.flagText) }
    for warning in job.styleWarnings + sheet.warnings.map(\.flagText) { Diagnostics.warn(warning) }
    // What the export needs of each item, kept instead of the items (each moved out, not
    // copied); the entries are handed over, and the layout lets go of them once measured.
    var exported: [ExportedItem] = []
    exported.reserveCapacity(sheet.items.count)
    sheet.items.moveEach(replacingWith: CatalogItem(path: "")) { item in
      if let failure = item.failure {
        Diagnostics.warn(
          SheetJob.describe(failure, origin: item.origin, consequence: "laid out as a 4:3 card"),
          kind: Diagnostics.kind(ofReason: failure.reason))
      }
      exported.append(ExportedItem(item))
    }
    let layout = try job.layout(sheet.takeEntries(), info: job.documentInfo(sheet.catalog))
    try LayoutExport(layout: layout, items: exported).write(to: .standardOutput)
    timer.lap("write")
    timer.report()
    // The output is written: a large layout is left for the exit to reclaim, not freed here.
    KeptUntilExit.keep((layout, exported), size: exported.count)
  }
}
