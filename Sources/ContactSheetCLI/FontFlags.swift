import ArgumentParser
import SheetLayout

/// Which fonts text is set in.
struct FontFlags: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "Use only these font files (repeatable), ignoring the machine's font settings: the same sheet on every machine that has the files. Default: the system's fonts, with fallback for every script.",
      valueName: "file"))
  var fontFile: [String] = []

  var fontSet: FontSet {
    fontFile.isEmpty ? .system : .pinned(fontFile)
  }
}
