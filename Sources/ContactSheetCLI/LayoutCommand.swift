import ArgumentParser
import Foundation
import SheetLayout
import SheetText

/// `contactsheet layout INPUT… --json`: prints where every element goes, without drawing.
struct LayoutCommand: StyledCommand {
  static let configuration = CommandConfiguration(
    commandName: "layout", abstract: "Print the layout of a sheet as JSON, without rendering.",
    discussion: ExitStatus.help)

  static let validationTail = ["check.jpg"]

  @OptionGroup var inputFlags: InputFlags

  @Flag(help: "Print the layout as JSON (the only format for now).")
  var json = false

  @OptionGroup var layoutFlags: LayoutFlags

  func run() throws {
    let sheet = try SheetPreparer(flags: inputFlags).prepare()
    for item in sheet.items {
      if let failure = item.failure { Diagnostics.warn(RenderCommand.describe(failure, origin: item.origin)) }
    }
    let layout = try Self.makeLayout(sheet.entries, options: layoutFlags.layoutOptions())
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    FileHandle.standardOutput.write(try encoder.encode(layout))
    FileHandle.standardOutput.write(Data("\n".utf8))
  }

  static func makeLayout(_ entries: [LayoutEntry], options: LayoutOptions) throws -> Layout {
    let measurer = try TextEngine()
    var markupOptions = options
    // Captions come from templates, whose values are escaped: they are always markup.
    markupOptions.captionStyle.isMarkup = true
    do {
      return try WaterfallLayout(options: markupOptions).layout(entries, measurer: measurer)
    } catch let error as LayoutError {
      throw InputError(error.description)
    }
  }
}
