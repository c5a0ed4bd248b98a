import ArgumentParser
import ContactSheet
import Foundation
import SheetImages
import SheetLayout
import SheetRender
import SheetSupport

/// `contactsheet plan INPUT… --shards N`: lays the document out as `render` would and prints
/// its page count and N balanced page ranges as JSON, with the `render` and `assemble`
/// arguments for each, so a driver (GNU parallel, a Kubernetes Indexed Job, a Slurm array)
/// can fan the rendering out.
struct PlanCommand: StyledCommand {
  static let configuration = CommandConfiguration(
    commandName: "plan",
    abstract: "Split a document into page ranges for sharded rendering (JSON).",
    discussion: """
      Takes the inputs and options of `render` and prints {"pages": N, "shards": [{"index", \
      "pages", "first", "last", "output", "arguments"}], "assemble": […]}. Each shard runs \
      `contactsheet` with its "arguments" (render with --pages); "assemble" joins the PDF \
      parts. The ranges are consecutive pages, their lengths differing by at most one. \
      \(ExitStatus.help)
      """)

  @OptionGroup var inputFlags: InputFlags

  @Option(name: .long, help: "How many parts to split the document into (fewer when it has fewer pages).")
  var shards: Int

  @Option(
    name: .shortAndLong,
    help:
      "The whole document: names the parts (OUT.part-1.pdf, …) and the assemble step; PNG and SVG pages keep this name."
  )
  var output: String?

  @Flag(name: .shortAndLong, help: "Accepted so the same arguments serve `render`.")
  var quiet = false

  @Flag(help: "Accepted so the same arguments serve `render`.")
  var strict = false

  @Option(help: "As for `render`: images over this many pixels are laid out as placeholders.")
  var maxPixels = PixelLimit.default

  @OptionGroup var layoutFlags: LayoutFlags

  @OptionGroup(visibility: .hidden) var renderFlags: RenderFlags

  @OptionGroup var fontFlags: FontFlags

  func run() throws {
    guard (1...10_000).contains(shards) else { throw InputError("--shards \(shards): give 1 to 10000 parts") }
    if let output { try SheetJob.checkOutputFormat(output) }
    // The same preparation and layout as `render`, so the page count is the one render finds.
    var job = try job(maxPixels: maxPixels, forDrawing: false)
    if let output, shards > 1 {
      try SheetJob.checkWhole(pages: true, output: output, tagged: job.tagged, pdfx: renderFlags.pdfx)
    }
    job.events = TerminalEvents.events(progress: nil, quiet: true)
    var sheet = try job.prepare(output: output)
    let layout = try job.layout(sheet.takeEntries(), info: job.documentInfo(sheet.catalog))
    let ranges = PageSelection.balanced(pageCount: layout.pages.count, shards: shards)
    // The process's own arguments, as `render` reads them; JSON cannot carry a name's bytes
    // that are not UTF-8, so such a name is refused rather than handed on changed.
    let arguments = PathBytes.arguments()
    if let name = arguments.first(where: PathBytes.carriesBytes) {
      throw InputError(
        "\(TerminalText.escaped(PathBytes.readable(name))): a name that is not UTF-8 cannot be written into the plan's JSON; rename it or render without sharding"
      )
    }
    let base = Self.renderArguments(arguments)
    let isPDF = output.map { OutputFormat(path: $0) == .pdf } ?? false
    let partNames = ranges.indices.map { index in output.map { isPDF ? Self.partName($0, index + 1) : $0 } }

    var json = JSONStreamWriter(output: .standardOutput)
    json.beginObject()
    json.member("pages", layout.pages.count)
    json.key("shards")
    json.beginArray()
    for (index, range) in ranges.enumerated() {
      let pages = range.count == 1 ? "\(range.lowerBound)" : "\(range.lowerBound)-\(range.upperBound)"
      json.beginObject()
      json.member("index", index)
      json.member("pages", pages)
      json.member("first", range.lowerBound)
      json.member("last", range.upperBound)
      if let name = partNames[index] {
        json.member("output", name)
        json.key("arguments")
        json.beginArray()
        for argument in base + ["--pages", pages, "-o", name] { json.value(argument) }
        json.endArray()
      }
      json.endObject()
    }
    json.endArray()
    if let output, isPDF {
      json.key("assemble")
      json.beginArray()
      for argument in ["assemble"] + partNames.compactMap({ $0 }) + ["-o", output] { json.value(argument) }
      json.endArray()
    }
    json.endObject()
    try json.finish()
  }

  /// `OUT.part-K.pdf` for part `number` of `OUT.pdf`.
  static func partName(_ output: String, _ number: Int) -> String {
    let url = URL(fileURLWithPath: output)
    let stem =
      output.hasSuffix("." + url.pathExtension)
      ? String(output.dropLast(url.pathExtension.count + 1)) : output
    return "\(stem).part-\(number).\(url.pathExtension)"
  }

  /// `render` and the plan's own arguments, without `plan`, `--shards` and `-o`.
  static func renderArguments(_ arguments: [String]) -> [String] {
    var result = ["render"]
    var index = arguments.firstIndex(of: "plan").map { $0 + 1 } ?? 0
    while index < arguments.count {
      let argument = arguments[index]
      if argument == "--shards" || argument == "-o" || argument == "--output" {
        index += 2
        continue
      }
      if argument.hasPrefix("--shards=") || argument.hasPrefix("--output=")
        || (argument.hasPrefix("-o") && !argument.hasPrefix("--") && argument.count > 2)
      {
        index += 1
        continue
      }
      result.append(argument)
      index += 1
    }
    return result
  }
}
