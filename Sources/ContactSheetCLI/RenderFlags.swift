import ArgumentParser
import ContactSheet
import Foundation
import SheetLayout
import SheetRender

/// Options that decide how a sheet looks and what the output carries: corners, border,
/// shadow, colours, image resolution in PDF, and PDF metadata. Each is nil (or false) until
/// typed or set by a style; defaults come from `StyleKeys`. (`--header` and `--footer` are
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
  @Option(help: StyleKeys.background.argumentHelp) var background: String?
  @Option(help: StyleKeys.cardColor.argumentHelp) var cardColor: String?
  @Option(help: StyleKeys.captionColor.argumentHelp) var captionColor: String?
  @Option(help: StyleKeys.ppi.argumentHelp) var ppi: String?
  @Option(help: StyleKeys.title.argumentHelp) var title: String?
  @Option(help: StyleKeys.author.argumentHelp) var author: String?
  @Option(help: StyleKeys.subject.argumentHelp) var subject: String?
  @Option(help: StyleKeys.keywords.argumentHelp) var keywords: String?
  @Option(help: StyleKeys.bleed.argumentHelp) var bleed: String?
  @Flag(help: StyleKeys.cropMarks.argumentHelp) var cropMarks = false

  /// The bleed and crop marks asked for.
  func printMarks(length: (String, String) throws -> Double) throws -> PrintMarks {
    let bleed = try length(self.bleed ?? StyleKeys.bleed.defaultValue(), "--bleed")
    guard (0...72).contains(bleed) else {
      throw ValidationError("--bleed must be between 0 and 1in (25.4mm); print shops ask for about 3mm")
    }
    return PrintMarks(bleed: bleed, cropMarks: cropMarks)
  }

  /// `style` with these options applied; `length` parses lengths with the layout's units.
  func apply(to style: inout RenderStyle, length: (String, String) throws -> Double) throws {
    style.cornerRadius = max(
      0, try length(cornerRadius ?? StyleKeys.cornerRadius.defaultValue(), "--corner-radius"))
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
      let shadowOffset = self.shadowOffset ?? StyleKeys.shadowOffset.defaultValue()
      let shadowOpacity = self.shadowOpacity ?? StyleKeys.shadowOpacity.defaultValue()
      let shadowBlur = self.shadowBlur ?? StyleKeys.shadowBlur.defaultValue()
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
        color: try color(shadowColor ?? StyleKeys.shadowColor.defaultValue(), "--shadow-color"))
    }
    style.pageBackground = try color(background ?? StyleKeys.background.defaultValue(), "--background")
    style.cardBackground = try color(cardColor ?? StyleKeys.cardColor.defaultValue(), "--card-color")
    style.captionColor = try color(captionColor ?? StyleKeys.captionColor.defaultValue(), "--caption-color")
    let ppi = self.ppi ?? StyleKeys.ppi.defaultValue()
    if ppi.lowercased() == "original" {
      style.ppi = nil
    } else {
      guard let value = Double(ppi), value >= 10, value <= 2400 else {
        throw ValidationError("--ppi \(ppi): give pixels per inch (10…2400) or 'original'")
      }
      style.ppi = value
    }
  }

  /// The metadata given on the command line (or a style), which wins over the inputs'.
  var metadata: MetadataOverrides {
    MetadataOverrides(title: title, author: author, subject: subject, keywords: keywords)
  }

  private func color(_ text: String, _ option: String) throws -> Color {
    guard let parsed = Color(parsing: text) else {
      throw ValidationError("\(option) \(text): not a colour; use #rgb, #rrggbb, #rrggbbaa or a CSS name")
    }
    return parsed
  }
}
