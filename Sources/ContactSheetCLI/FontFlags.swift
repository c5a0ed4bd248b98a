import ArgumentParser
import ContactSheet
import SheetLayout
import SheetSupport
import SheetText

/// Which fonts text is set in.
struct FontFlags: ParsableArguments {
  @Option(help: StyleKeys.fontFile.argumentHelp)
  var fontFile: [String] = []

  var fontSet: FontSet {
    fontFile.isEmpty ? .system : .pinned(fontFile)
  }

  /// `font`, the caption font (`--font`, or a style's `font`), when its size is one a caption
  /// may use: at most ``CaptionBuilder/largestFontSize`` points, the bound caption markup is
  /// held to. Its size is read by Pango as markup's `font` attribute reads it.
  ///
  /// - Throws: `ValidationError` naming the size and the bound, before anything is measured
  ///   (FreeType cannot make such a font: Pango would warn, then the caption would not fit).
  static func checkedCaptionFont(_ font: String) throws -> String {
    let markup = "<span font=\"\(Markup.escape(font))\">x</span>"
    let size = TextEngine.largestFontSize(inMarkup: markup, baseSize: 0) ?? 0
    guard size <= CaptionBuilder.largestFontSize else {
      throw ValidationError(
        "--font \"\(TerminalText.escaped(font))\" is too large: a caption may use at most "
          + "\(Int(CaptionBuilder.largestFontSize)) pt")
    }
    return font
  }
}
