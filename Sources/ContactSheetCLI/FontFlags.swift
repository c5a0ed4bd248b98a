import ArgumentParser
import ContactSheet
import SheetLayout
import SheetSupport
import SheetText

/// Which fonts text is set in.
struct FontFlags: ParsableArguments {
  @Option(help: StyleKeys.fontFile.argumentHelp)
  var fontFile: [String] = []
}
