import ArgumentParser
import Foundation
import SheetLayout
import SheetRender

/// Options that decide how a sheet looks and what the output carries: corners, border,
/// shadow, colours, image resolution in PDF, and PDF metadata. (`--header` and `--footer` are
/// layout options: the layout reserves their room; the renderer fills in `{title}` and `{date}`.)
struct RenderFlags: ParsableArguments {
  @Option(help: "Radius of the card corners (0: square corners).")
  var cornerRadius: String = "6pt"

  @Option(
    help: ArgumentHelp(
      "A line around each card: width and colour as one value, e.g. --border '0.5pt #cccccc' or 0.5pt,#ccc.",
      valueName: "len color"))
  var border: String?

  @Option(help: "Shadow blur radius (about two standard deviations of a Gaussian).")
  var shadowBlur: String = "6pt"

  @Option(help: "Shadow offset X,Y (e.g. 0,2pt).")
  var shadowOffset: String = "0,2pt"

  @Option(help: "Shadow opacity, 0…1.")
  var shadowOpacity: Double = 0.22

  @Option(help: "Shadow colour (#rrggbb or a CSS name).")
  var shadowColor: String = "black"

  @Flag(help: "Draw cards without a shadow.")
  var noShadow = false

  @Option(help: "Page background colour.")
  var background: String = "#f4f4f2"

  @Option(help: "Card background colour.")
  var cardColor: String = "white"

  @Option(help: "Caption text colour.")
  var captionColor: String = "#333333"

  @Option(
    help: ArgumentHelp(
      "Pixels per inch of images embedded in PDF and SVG, or 'original' to embed the files as they are.",
      valueName: "n|original"))
  var ppi: String = "300"

  @Option(
    help: "Document title: PDF metadata and {title} in --header and --footer. Overrides the manifest's.")
  var title: String?

  @Option(help: "PDF author. Overrides the manifest's.")
  var author: String?

  @Option(help: "PDF subject. Overrides the manifest's.")
  var subject: String?

  @Option(help: "PDF keywords. Overrides the manifest's.")
  var keywords: String?

  /// `style` with these options applied; `length` parses lengths with the layout's units.
  func apply(to style: inout RenderStyle, length: (String, String) throws -> Double) throws {
    style.cornerRadius = max(0, try length(cornerRadius, "--corner-radius"))
    if let border {
      // One value, so that the option never swallows the inputs typed after it.
      let parts = border.split(whereSeparator: { $0 == " " || $0 == "," }).map {
        $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
      }
      guard parts.count == 2 else {
        throw ValidationError(
          "--border takes a width and a colour as one value, e.g. --border '0.5pt #cccccc'")
      }
      style.border = Border(
        width: max(0, try length(parts[0], "--border")), color: try color(parts[1], "--border"))
    }
    if noShadow {
      style.shadow = nil
    } else {
      let offsets = shadowOffset.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }
      guard offsets.count == 2 else { throw ValidationError("--shadow-offset takes X,Y, e.g. 0,2pt") }
      guard (0...1).contains(shadowOpacity) else {
        throw ValidationError("--shadow-opacity must be between 0 and 1")
      }
      let blur = try length(shadowBlur, "--shadow-blur")
      guard (0...144).contains(blur) else {
        throw ValidationError("--shadow-blur must be between 0 and 2in (144pt); got \(shadowBlur)")
      }
      style.shadow = ShadowStyle(
        blur: blur,
        offsetX: try length(offsets[0], "--shadow-offset"),
        offsetY: try length(offsets[1], "--shadow-offset"), opacity: shadowOpacity,
        color: try color(shadowColor, "--shadow-color"))
    }
    style.pageBackground = try color(background, "--background")
    style.cardBackground = try color(cardColor, "--card-color")
    style.captionColor = try color(captionColor, "--caption-color")
    if ppi.lowercased() == "original" {
      style.ppi = nil
    } else {
      guard let value = Double(ppi), value >= 10, value <= 2400 else {
        throw ValidationError("--ppi \(ppi): give pixels per inch (10…2400) or 'original'")
      }
      style.ppi = value
    }
  }

  /// `info` with the metadata given on the command line taking precedence.
  func apply(to info: inout DocumentInfo) {
    if let title { info.title = title }
    if let author { info.author = author }
    if let subject { info.subject = subject }
    if let keywords { info.keywords = keywords }
  }

  private func color(_ text: String, _ option: String) throws -> Color {
    guard let parsed = Color(parsing: text) else {
      throw ValidationError("\(option) \(text): not a colour; use #rgb, #rrggbb, #rrggbbaa or a CSS name")
    }
    return parsed
  }
}
