import ArgumentParser
import ContactSheet

/// A subcommand whose look can come from presets, manifests and style files as well as flags.
protocol StyledCommand: ParsableCommand {
  var inputFlags: InputFlags { get set }
  var layoutFlags: LayoutFlags { get set }
  var renderFlags: RenderFlags { get set }
  var fontFlags: FontFlags { get set }
}

extension StyledCommand {
  /// The job the flags describe (what `render`, `layout` and `plan` share): the library reads
  /// the manifests among the inputs and merges the style layers — preset, then each
  /// manifest's `style`, then `--style`, then `--job`'s style keys, then the flags typed, later
  /// winning (`--job`'s run options arrive as flags, through `JobFile.expand`). Messages spell
  /// keys as flags. Without `forDrawing` (`layout`, `plan`) drawing options are not read.
  func job(maxPixels: Int, forDrawing: Bool = true) throws -> SheetJob {
    var sources = StyleSources(preset: try preset(), file: inputFlags.style)
    sources.job = inputFlags.job
    sources.settings =
      inputFlags.styleSettings + layoutFlags.styleSettings + renderFlags.styleSettings
      + fontFlags.styleSettings
    var job = try SheetJob(
      inputs: try inputFlags.inputOptions(), style: sources, spelling: { "--\($0.name)" },
      forDrawing: forDrawing)
    job.maxPixels = maxPixels
    return job
  }

  /// The preset `--preset` names, if any.
  private func preset() throws -> Preset? {
    guard let name = inputFlags.preset else { return nil }
    guard let preset = Preset(rawValue: name.lowercased()) else {
      throw InputError(
        "--preset \(name) is not a preset; use one of: \(Preset.allCases.map(\.rawValue).joined(separator: ", "))"
      )
    }
    return preset
  }
}
