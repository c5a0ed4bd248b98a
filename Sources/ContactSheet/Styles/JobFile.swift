import Foundation

/// Job files (`--job FILE`): a style file that may also hold run options — filters, sorting,
/// sections, output naming, `recursive` — so that one file is a whole job (a studio's "client
/// proof"). Its style keys form a style layer that applies after `--style` and before the
/// flags typed; its run options become command-line arguments placed before the ones typed,
/// which therefore override them.
package enum JobFile {
  /// Keys a job file cannot hold: they belong to the command line alone.
  static let commandLineOnly: Set<String> = ["help", "version", "job"]

  /// `arguments` (a command line after the program name, its subcommand first) with the run
  /// options of the job file that `--job FILE` names inserted after the subcommand; unchanged
  /// without `--job`.
  ///
  /// - Throws: ``InputError`` when the job file cannot be read or sets a key only the command
  ///   line may.
  package static func expand(_ arguments: [String]) throws -> [String] {
    guard let index = arguments.firstIndex(where: { $0 == "--job" || $0.hasPrefix("--job=") }) else {
      return arguments
    }
    let path: String
    if arguments[index] == "--job" {
      guard index + 1 < arguments.count else { return arguments }  // ArgumentParser says what is missing.
      path = arguments[index + 1]
    } else {
      path = String(arguments[index].dropFirst("--job=".count))
    }
    return Array(arguments.prefix(1)) + (try runArguments(path: path)) + arguments.dropFirst()
  }

  /// The run options of the job file at `path` as arguments (`--sort`, `date`,
  /// `--include-rejected`): a list repeats its option, `true` gives the flag, `false` nothing.
  /// A `style` file named relative to the job file is found beside it.
  static func runArguments(path: String) throws -> [String] {
    var arguments: [String] = []
    let folder = (path as NSString).deletingLastPathComponent
    for setting in try StyleFile.layer(path: path).settings where StyleKeys.runOnly.contains(setting.key) {
      guard !commandLineOnly.contains(setting.key) else {
        throw InputError(
          "\(setting.origin): '\(setting.key)' cannot be set in a job file; give it on the command line")
      }
      var values: [String]
      switch setting.value {
      case .boolean(let on):
        if on { arguments.append("--" + setting.key) }
        continue
      case .text(let value): values = [value]
      case .list(let list): values = list
      }
      if setting.key == "style" {
        values = values.map { $0.hasPrefix("/") ? $0 : (folder as NSString).appendingPathComponent($0) }
      }
      for value in values { arguments += ["--" + setting.key, value] }
    }
    return arguments
  }

  /// The job file's style keys as a style layer (its run options reach the run through
  /// ``expand(_:)``), checked when the layers are.
  static func styleLayer(path: String) throws -> StyleLayer {
    StyleLayer(
      settings: try StyleFile.layer(path: path).settings.filter { !StyleKeys.runOnly.contains($0.key) })
  }
}
