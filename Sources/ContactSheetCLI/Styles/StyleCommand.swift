import ArgumentParser
import ContactSheet
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
    print(Self.defaultStyle(), terminator: "")
  }

  /// The default style, printed from the table of style keys: a valid style file that sets
  /// every key to its default (keys without one are left as comments).
  static func defaultStyle() -> String {
    var text = """
      # ContactSheet style. Every key is a `contactsheet render` option without its dashes.
      # Use it with `--style FILE.yaml`; options given on the command line override it.
      # Lengths take mm, cm, in, pt or px; colours are #rrggbb, #rrggbbaa or CSS names.

      """
    for key in StyleKeys.all {
      text += "\n# \(key.help)\n"
      if let value = key.defaultText {
        text += "\(key.name): \(yamlScalar(value))\n"
      } else if key.kind == .flag {
        text += "\(key.name): false\n"
      } else {
        text += "# \(key.name):\n"
      }
    }
    return text
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
