import Foundation

/// Job files (`--job FILE`): a style file that may also hold run options — filters, sorting,
/// sections, output naming, `recursive` — so that one file is a whole job (a studio's "client
/// proof"). Its style keys form a style layer that applies after `--style` and before the
/// flags typed; its run options become command-line arguments placed before the ones typed,
/// so an option typed overrides the job's (a flag the job sets, such as `recursive: true`,
/// stays set: flags have no off switch).
package enum JobFile {
  /// Keys a job file cannot hold: they belong to the command line alone.
  static let commandLineOnly: Set<String> = ["help", "version", "job"]

  /// `arguments` (a command line after the program name, its subcommand first) with the run
  /// options of the job file that `--job FILE` names inserted after the subcommand; unchanged
  /// without `--job` (before a `--`). `ignored` names, by subcommand, the run options it does
  /// not take (`layout` writes no `output`): a job file serves every subcommand.
  ///
  /// - Throws: ``InputError`` when the job file cannot be read, sets a key only the command
  ///   line may, or `--job` is given twice.
  package static func expand(_ arguments: [String], ignored: [String: Set<String>] = [:]) throws -> [String] {
    let options = arguments.prefix { $0 != "--" }
    let positions = options.indices.filter { options[$0] == "--job" || options[$0].hasPrefix("--job=") }
    guard let index = positions.first else { return arguments }
    guard positions.count == 1 else {
      throw InputError("--job is given \(positions.count) times; give one job file")
    }
    let path: String
    if arguments[index] == "--job" {
      guard index + 1 < arguments.count else { return arguments }  // ArgumentParser says what is missing.
      path = arguments[index + 1]
    } else {
      path = String(arguments[index].dropFirst("--job=".count))
    }
    let skipped = arguments.first.flatMap { ignored[$0] } ?? []
    return Array(arguments.prefix(1)) + (try runArguments(path: path, skipping: skipped))
      + arguments.dropFirst()
  }

  /// The run options of the job file at `path`, but those in `skipped`, as arguments
  /// (`--sort=date`, `--include-rejected`): `true` gives the flag, `false` nothing, a list its
  /// values joined by commas (`label: [red, green]`). A `style` file named relative to the job
  /// file is found beside it.
  static func runArguments(path: String, skipping skipped: Set<String> = []) throws -> [String] {
    var arguments: [String] = []
    let folder = (path as NSString).deletingLastPathComponent
    for setting in try StyleFile.layer(path: path).settings where StyleKeys.runOnly.contains(setting.key) {
      guard !commandLineOnly.contains(setting.key) else {
        throw InputError(
          "\(setting.origin): '\(setting.key)' cannot be set in a job file; give it on the command line")
      }
      guard !skipped.contains(setting.key) else { continue }
      var value: String
      switch setting.value {
      case .boolean(let on):
        if on { arguments.append("--" + setting.key) }
        continue
      case .text(let text): value = text
      case .list(let list): value = list.joined(separator: ",")
      }
      if setting.key == "style", !value.hasPrefix("/") {
        value = (folder as NSString).appendingPathComponent(value)
      }
      // One argument, so a value that starts with `-` (`min-rating: -1`) stays a value.
      arguments.append("--\(setting.key)=\(value)")
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
