/// Reads a manifest or style file into nodes: JSON with `JSONReader` when the name ends in
/// `.json`, YAML with Yams otherwise. Syntax errors read `file:line:column: syntax error: …`.
enum DataDocument {
  /// The document in the file at `path`; nil when the file holds nothing but whitespace.
  static func read(_ path: String) throws -> DataNode? {
    let text = try InputText.read(path)
    guard isJSON(path) else { return try YAMLReader.read(text, path: path) }
    do {
      return try JSONReader.read(text)
    } catch {
      throw InputError("\(path):\(error.location): syntax error: \(error.message)")
    }
  }

  /// Whether the file at `path` is read as JSON.
  static func isJSON(_ path: String) -> Bool {
    path.lowercased().hasSuffix(".json")
  }
}
