import ArgumentParser
import Foundation
import SheetImages
import SheetLayout
import SheetRender
import SheetText

/// `contactsheet render INPUT… -o OUT`: lays out and draws a sheet.
struct RenderCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "render",
    abstract: "Draw a contact sheet as PDF (one document), PNG or SVG (one file per page).")

  @Argument(help: "Image files and folders.")
  var inputs: [String]

  @Option(name: .shortAndLong, help: "Output file: .pdf, .png or .svg.")
  var output: String

  @Flag(name: .short, help: "Look for images in subfolders too.")
  var recursive = false

  @Flag(name: .shortAndLong, help: "Print only warnings and errors.")
  var quiet = false

  @OptionGroup var layoutFlags: LayoutFlags

  func run() throws {
    guard OutputFormat(path: output) != nil else {
      throw ValidationError("-o \(output): the output must end in .pdf, .png or .svg")
    }
    let started = Date()
    let files = try InputCollector.imageFiles(inputs, recursive: recursive)
    guard !files.isEmpty else {
      throw ValidationError("no images found in \(inputs.joined(separator: ", "))")
    }
    let catalog = InputCollector.catalog(files)
    let layout = try LayoutCommand.makeLayout(catalog, options: layoutFlags.layoutOptions())
    var style = RenderStyle()
    style.dpi = layoutFlags.dpi
    style.captionStyle = try layoutFlags.layoutOptions().captionStyle
    let items = catalog.map { item -> RenderItem in
      switch item.info {
      case .success: RenderItem(path: item.path, caption: item.caption)
      case .failure(let error): RenderItem(path: item.path, caption: item.caption, failure: error.reason)
      }
    }
    for case .failure(let error) in catalog.map(\.info) { warn(error) }
    let document = SheetDocument(layout: layout, items: items, info: DocumentInfo(title: "Contact sheet"))
    let written = try SheetRenderer(style: style).render(document, to: output, warn: warn)
    if !quiet {
      let seconds = Date().timeIntervalSince(started)
      let summary =
        "\(files.count) images, \(layout.pages.count) pages → \(written.joined(separator: ", ")) in \(String(format: "%.2f", seconds)) s"
      FileHandle.standardError.write(Data((summary + "\n").utf8))
    }
  }

  private func warn(_ error: ImageError) {
    FileHandle.standardError.write(Data("warning: \(error.path): \(error.reason)\n".utf8))
  }
}
