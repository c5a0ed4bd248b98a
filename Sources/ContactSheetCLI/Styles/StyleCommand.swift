import ArgumentParser
import Foundation

/// `contactsheet style --default`: prints the complete default style, a comment on each key.
struct StyleCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "style",
    abstract: "Print the default style as YAML, to start a style file from.",
    discussion:
      "Every key is a `contactsheet render` option without its dashes; flags on the command line override a style file."
  )

  @Flag(name: .customLong("default"), help: "Print every style key with its default value and what it does.")
  var printDefault = false

  func run() throws {
    guard printDefault else {
      throw ValidationError("say what to print: `contactsheet style --default`")
    }
    print(try Self.defaultStyle(), terminator: "")
  }

  /// The default style, built from the `render` command's own option descriptions so it can
  /// never fall out of date.
  static func defaultStyle() throws -> String {
    let options = try renderOptions()
    var text = """
      # ContactSheet style. Every key is a `contactsheet render` option without its dashes.
      # Use it with `--style FILE.yaml`; options given on the command line override it.
      # Lengths take mm, cm, in, pt or px; colours are #rrggbb, #rrggbbaa or CSS names.

      """
    for option in options {
      text += "\n# \(option.help)\n"
      if let value = option.defaultValue {
        text += "\(option.key): \(yamlScalar(value))\n"
      } else if option.isFlag {
        text += "\(option.key): false\n"
      } else {
        text += "# \(option.key):\n"
      }
    }
    return text
  }

  struct OptionDescription {
    var key: String
    var help: String
    var defaultValue: String?
    var isFlag: Bool
  }

  /// The render command's options (from ArgumentParser's own help dump), minus run-only ones.
  static func renderOptions() throws -> [OptionDescription] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/proc/self/exe")
    process.arguments = ["render", "--experimental-dump-help"]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any],
      let command = root["command"] as? [String: Any],
      let arguments = command["arguments"] as? [[String: Any]]
    else { throw ValidationError("could not read the render command's options") }
    let runOnly = StyleFile.excludedKeys
    return arguments.compactMap { argument in
      guard let names = argument["names"] as? [[String: Any]],
        let long = names.first(where: { ($0["kind"] as? String) == "long" })?["name"] as? String,
        !runOnly.contains(long), argument["shouldDisplay"] as? Bool != false
      else { return nil }
      let help = (argument["abstract"] as? String) ?? ""
      return OptionDescription(
        key: long, help: help, defaultValue: argument["defaultValue"] as? String,
        isFlag: (argument["kind"] as? String) == "flag")
    }
  }

  /// A value quoted when YAML would read it as something else.
  static func yamlScalar(_ value: String) -> String {
    let plain = value.range(of: "^[A-Za-z0-9 ._/%-]+$", options: .regularExpression) != nil
    let ambiguous = ["true", "false", "yes", "no", "on", "off", "null", "~"].contains(value.lowercased())
    if plain && !ambiguous && !value.hasPrefix(" ") && !value.hasSuffix(" ") { return value }
    let escaped = value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(
      of: "\"", with: "\\\""
    )
    .replacingOccurrences(of: "\n", with: "\\n")
    return "\"\(escaped)\""
  }
}
