import ArgumentParser
import SheetLayout

/// Options that decide where things go, shared by `render` and `layout`.
struct LayoutFlags: ParsableArguments {
  @Option(
    help: "Paper: a3, a4, a5, letter, legal, tabloid or WxH (with units), optionally :landscape; or none.")
  var page: String = "a4"

  @Option(help: "Sheet width when --page none (e.g. 1080px, 8in).")
  var width: String = "800pt"

  @Option(help: "Number of columns.")
  var columns: Int = 4

  @Option(help: "Page margin (one length, e.g. 12mm).")
  var margin: String = "12mm"

  @Option(help: "Gap between columns.")
  var gutter: String = "10pt"

  @Option(help: "Gap between cards in a column.")
  var rowGap: String = "10pt"

  @Option(help: "Space inside each card around its image and caption.")
  var padding: String = "5pt"

  @Option(help: "Caption font, as a Pango font description (\"Family Size\").")
  var font: String = "DejaVu Sans 7"

  @Option(help: "Most caption lines; longer captions end in an ellipsis (0: no limit).")
  var captionLines: Int = 2

  @Option(help: "Pixels per inch that px lengths refer to (the PNG output resolution).")
  var dpi: Double = 150

  func layoutOptions() throws -> LayoutOptions {
    var options = LayoutOptions()
    options.page = try parsePage()
    options.columns = .count(columns)
    options.margins = EdgeInsets(all: try length(margin, "--margin"))
    options.gutter = try length(gutter, "--gutter")
    options.rowGap = try length(rowGap, "--row-gap")
    options.padding = try length(padding, "--padding")
    options.captionStyle = TextStyle(font: font, maxLines: max(0, captionLines))
    return options
  }

  private func parsePage() throws -> PageSize {
    let parts = page.lowercased().split(separator: ":").map(String.init)
    guard let name = parts.first else { throw ValidationError("--page is empty") }
    let landscape = parts.dropFirst().contains("landscape")
    if name == "none" { return .continuous(width: try length(width, "--width")) }
    var size: PageSize
    if let named = PageSize.named(name) {
      size = named
    } else {
      let sides = name.split(separator: "x").map(String.init)
      guard sides.count == 2 else {
        throw ValidationError(
          "--page \(page) is not a paper size; use one of \(PageSize.names.joined(separator: ", ")), WxH such as 200x300mm, or none"
        )
      }
      let unit = Length.unitSuffix(sides[1])
      size = .paper(
        width: try length(sides[0] + (Length.unitSuffix(sides[0]).isEmpty ? unit : ""), "--page"),
        height: try length(sides[1], "--page"))
    }
    if landscape { size = size.landscape }
    return size
  }

  func length(_ text: String, _ option: String) throws -> Double {
    do {
      return try Length.parse(text, dpi: dpi)
    } catch let error as Length.ParseError {
      throw ValidationError("\(option): \(error.message)")
    }
  }
}
