/// The kind of file a sheet is written as, chosen from the output's extension.
public enum OutputFormat: String, Sendable, CaseIterable {
  case pdf, png, svg

  /// The format for `path`'s extension, or nil when it is not one of ours.
  public init?(path: String) {
    guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
    self.init(rawValue: path[path.index(after: dot)...].lowercased())
  }
}
