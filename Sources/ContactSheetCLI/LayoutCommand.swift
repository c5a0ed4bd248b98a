import ArgumentParser
import Foundation
import SheetLayout
import SheetText

/// `contactsheet layout INPUT… --json`: prints where every element goes, without drawing.
struct LayoutCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "layout", abstract: "Print the layout of a sheet as JSON, without rendering.")

  @Argument(help: "Image files and folders.")
  var inputs: [String]

  @Flag(help: "Print the layout as JSON (the only format for now).")
  var json = false

  @Flag(name: .short, help: "Look for images in subfolders too.")
  var recursive = false

  @OptionGroup var layoutFlags: LayoutFlags

  func run() throws {
    let files = try InputCollector.imageFiles(inputs, recursive: recursive)
    guard !files.isEmpty else {
      throw ValidationError("no images found in \(inputs.joined(separator: ", "))")
    }
    let layout = try Self.makeLayout(InputCollector.catalog(files), options: layoutFlags.layoutOptions())
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    FileHandle.standardOutput.write(try encoder.encode(layout))
    FileHandle.standardOutput.write(Data("\n".utf8))
  }

  static func makeLayout(_ catalog: [CatalogItem], options: LayoutOptions) throws -> Layout {
    let measurer = try TextEngine()
    do {
      return try WaterfallLayout(options: options).layout(
        catalog.map { .item($0.layoutItem) }, measurer: measurer)
    } catch let error as LayoutError {
      throw ValidationError(error.description)
    }
  }
}
