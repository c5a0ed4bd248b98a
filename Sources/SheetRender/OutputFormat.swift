/// The kind of file a sheet is written as, chosen from the output's extension.
public enum OutputFormat: String, Sendable, CaseIterable {
  /// A PDF document (`.pdf`).
  case pdf
  /// PNG pages (`.png`): lossless, sRGB, with their resolution.
  case png
  /// SVG pages (`.svg`).
  case svg
  /// Baseline JPEG pages (`.jpg` or `.jpeg`): sRGB profile embedded, with their resolution.
  case jpeg

  /// The format for `path`'s extension, or nil when it is not one of ours.
  public init?(path: String) {
    guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
    let suffix = path[path.index(after: dot)...].lowercased()
    self.init(rawValue: suffix == "jpg" ? "jpeg" : suffix)
  }

  /// The extensions taken, as a message lists them.
  public static let extensionsText = ".pdf, .png, .jpg or .svg"
}
