import Foundation

/// An input that cannot be used (a bad manifest, no images): exit status 2.
struct InputError: StatusError {
  var description: String
  var exitStatus: Int32 { ExitStatus.usage }

  init(_ description: String) {
    self.description = description
  }
}

/// Reads input text files with messages that say what went wrong.
enum InputText {
  static func read(_ path: String) throws -> String {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw InputError(
        "\(path): cannot be read (\(FileManager.default.fileExists(atPath: path) ? "check its permissions" : "no such file"))"
      )
    }
    guard let text = String(data: data, encoding: .utf8) else {
      throw InputError("\(path): is not UTF-8 text; save it as UTF-8")
    }
    return text
  }
}
