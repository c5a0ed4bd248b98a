import ArgumentParser
import Foundation
import Yams

/// A subcommand whose options can come from presets, manifests and style files.
protocol StyledCommand: ParsableCommand {
  var inputFlags: InputFlags { get }
  /// Arguments that make a parse of style options alone complete (required arguments).
  static var validationTail: [String] { get }
}

/// Parses the command line, then again with the styles it names placed before its own
/// options: preset, then manifest styles, then `--style`, then the flags typed, last wins.
enum StyledParsing {
  static func parse(_ arguments: [String]) throws -> ParsableCommand {
    let command = try ContactSheetCommand.parseAsRoot(arguments)
    guard let styled = command as? any StyledCommand, let name = arguments.first else { return command }
    let sources = try styleSources(styled.inputFlags)
    guard !sources.isEmpty else { return command }
    let commandType = type(of: styled)
    for (source, options) in sources {
      do {
        _ = try ContactSheetCommand.parseAsRoot([name] + options + commandType.validationTail)
      } catch {
        throw InputError("\(source): \(ContactSheetCommand.message(for: error))")
      }
    }
    return try ContactSheetCommand.parseAsRoot([name] + sources.flatMap(\.options) + arguments.dropFirst())
  }

  /// Each style source in the order it applies, with the options it stands for.
  static func styleSources(_ flags: InputFlags) throws -> [(source: String, options: [String])] {
    var sources: [(String, [String])] = []
    if let name = flags.preset {
      guard let preset = Preset(rawValue: name.lowercased()) else {
        throw InputError(
          "--preset \(name) is not a preset; use one of: \(Preset.allCases.map(\.rawValue).joined(separator: ", "))"
        )
      }
      sources.append(("preset \(preset.rawValue)", try preset.arguments()))
    }
    for input in flags.inputs
    where InputCollector.manifestExtensions.contains((input as NSString).pathExtension.lowercased()) {
      let options = try manifestStyle(input)
      if !options.isEmpty { sources.append(("\(input) (style)", options)) }
    }
    if let path = flags.style { sources.append((path, try StyleFile.arguments(path: path))) }
    return sources
  }

  /// The `style` mapping of a manifest, as options.
  private static func manifestStyle(_ path: String) throws -> [String] {
    let text = try InputText.read(path)
    do {
      guard let style = try Yams.compose(yaml: text)?.mapping?["style"] else { return [] }
      return try StyleFile.arguments(from: style, source: path)
    } catch let error as YamlError {
      throw InputError(ManifestReader.describe(error, path: path))
    }
  }
}
