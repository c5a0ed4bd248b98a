import ArgumentParser
import ContactSheet
import Foundation
import SheetRender
import SheetSupport

/// `contactsheet assemble part-*.pdf -o catalog.pdf`: joins the parts of a document rendered
/// with `render --pages` into the whole document.
struct AssembleCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "assemble",
    abstract: "Join PDF parts rendered with `render --pages` into the whole document.",
    discussion: """
      The parts may be given in any order; together they must hold every page of one document \
      exactly once (the same inputs and options, other --pages). The outline, links (those from \
      a contents or index page to pages in other parts too), page labels and metadata are \
      rebuilt for the whole document from what each part carries. \(ExitStatus.help)
      """)

  @Argument(help: "The parts: PDF files written by `contactsheet render … --pages RANGE`.")
  var parts: [String]

  @Option(name: .shortAndLong, help: "The whole document (.pdf), written when complete.")
  var output: String

  @Flag(name: .shortAndLong, help: "Print only errors: no summary.")
  var quiet = false

  func run() throws {
    let started = Date()
    guard OutputFormat(path: output) == .pdf else {
      throw InputError("-o \(output): assemble writes a PDF; the output must end in .pdf")
    }
    try OutputGuard.checkFolder(output: output)
    try OutputGuard.check(output: output, inputs: parts)
    let pages: Int
    do {
      pages = try PDFAssembler(parts: parts).assemble(to: output)
    } catch let error as AssemblyError {
      throw InputError(JobMessage(error.description))
    } catch let error as RenderError {
      throw OutputError(description: error.description)
    }
    if !quiet {
      let bytes = FileAttributes(path: output)?.size ?? 0
      Diagnostics.note(
        "\(parts.count) part\(parts.count == 1 ? "" : "s"), \(pages) page\(pages == 1 ? "" : "s") → \(output) (\(CaptionFields.humanSize(bytes))) in \(String(format: "%.2f", Date().timeIntervalSince(started))) s"
      )
    }
  }
}
