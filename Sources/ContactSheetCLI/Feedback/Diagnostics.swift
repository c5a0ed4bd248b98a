import Foundation
import SheetSupport

/// Messages on standard error. Control characters in them (from file names or file contents)
/// are escaped, so a hostile name cannot drive the terminal.
enum Diagnostics {
  static func warn(_ message: String) {
    FileHandle.standardError.write(Data("warning: \(TerminalText.escaped(message))\n".utf8))
  }

  static func note(_ message: String) {
    FileHandle.standardError.write(Data("\(TerminalText.escaped(message))\n".utf8))
  }
}
