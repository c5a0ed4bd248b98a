import ArgumentParser
import SheetLayout

/// Which fonts text is set in.
struct FontFlags: ParsableArguments {
  @Option(help: StyleKeys.fontFile.argumentHelp)
  var fontFile: [String] = []

  var fontSet: FontSet {
    fontFile.isEmpty ? .system : .pinned(fontFile)
  }
}
