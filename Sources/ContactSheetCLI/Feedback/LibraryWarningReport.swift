import ContactSheet
import SheetSupport
import SheetText

extension LibraryWarnings {
  /// Prints what the C libraries reported since the last call, each kind of warning once
  /// (`warning: Pango: … (810 times)`), unless `quiet`; either way the collection is emptied.
  static func show(quiet: Bool) {
    let lines = drain()
    guard !quiet else { return }
    for line in lines { Diagnostics.warn(line) }
  }
}
