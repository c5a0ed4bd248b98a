import ArgumentParser
import SheetLayout
import SheetSupport

/// Which fonts text is set in.
struct FontFlags: ParsableArguments {
  @Option(help: StyleKeys.fontFile.argumentHelp)
  var fontFile: [String] = []

  var fontSet: FontSet {
    fontFile.isEmpty ? .system : .pinned(fontFile)
  }

  /// Refuses a font file whose name is not UTF-8 (read as bytes, ``PathBytes``), naming it
  /// escaped: fontconfig is handed font names as UTF-8, so such a file would be reported
  /// missing although it exists.
  func validate() throws {
    for file in fontFile where PathBytes.carriesBytes(file) {
      throw ValidationError(
        "--font-file \(TerminalText.escaped(file)): the font file's name is not valid UTF-8, and fonts are loaded by UTF-8 names; rename the file or link it under a UTF-8 name"
      )
    }
  }
}
