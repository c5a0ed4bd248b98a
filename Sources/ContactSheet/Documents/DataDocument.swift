/// Reads a manifest or style file into nodes: JSON with `JSONReader` when the name ends in
/// `.json`, YAML with Yams otherwise. Syntax errors read `file:line:column: syntax error: …`.
package enum DataDocument {
  /// The document in the file at `path`; nil when the file holds nothing but whitespace. In a
  /// JSON document, the elements of the top-level members `streamedMembers`, when they are
  /// lists, go to `sink` with the member's name as they are read (see
  /// ``JSONReader/read(_:streaming:to:)``); YAML documents are read whole.
  package static func read(
    _ path: String, streaming streamedMembers: Set<String> = [],
    to sink: ((String, StreamedElement) -> Void)? = nil
  ) throws -> DataNode? {
    guard isJSON(path) else { return try YAMLReader.read(try InputText.read(path), path: path) }
    let text = try InputText.read(path, limit: InputText.jsonLimit)
    do {
      return try JSONReader.read(text, streaming: streamedMembers, to: sink)
    } catch {
      throw InputError("\(path):\(error.location): syntax error: \(error.message)")
    }
  }

  /// Whether the file at `path` is read as JSON.
  package static func isJSON(_ path: String) -> Bool {
    path.lowercased().hasSuffix(".json")
  }
}
