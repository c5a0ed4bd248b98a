/// Where something is written in a text file: line and column, both counted from 1; columns
/// count characters (Unicode scalars), not bytes.
package struct SourceLocation: Equatable, Sendable, CustomStringConvertible {
  // 32 bits each, so a document's nodes stay small; a text has at most 2^31 lines or columns.
  private var storedLine: Int32
  private var storedColumn: Int32

  /// The location at `line` and `column` (0 and 0 for none).
  package init(line: Int, column: Int) {
    storedLine = Int32(clamping: line)
    storedColumn = Int32(clamping: column)
  }

  package var line: Int {
    get { Int(storedLine) }
    set { storedLine = Int32(clamping: newValue) }
  }
  package var column: Int {
    get { Int(storedColumn) }
    set { storedColumn = Int32(clamping: newValue) }
  }

  /// `line:column`, as messages print it after a file name.
  package var description: String { "\(line):\(column)" }

  /// `path:line:column`, the way messages name what is written here (just `path` when this
  /// is no position).
  package func origin(in path: String) -> String {
    line > 0 ? "\(path):\(self)" : path
  }
}

/// One value of a JSON or YAML document, with where it starts. JSON and YAML files are both
/// read into this one shape, so manifests and style files are decoded by the same code.
package struct DataNode: Sendable {
  /// What a node holds.
  package enum Content: Sendable {
    /// A single value as written. `isPlain` when it was not quoted: JSON numbers, `true`,
    /// `false` and `null`, and plain YAML scalars; only plain `true` and `false` are booleans.
    case scalar(String, isPlain: Bool)
    /// A list (a JSON array, a YAML sequence).
    case list([DataNode])
    /// A mapping (a JSON object, a YAML mapping), in the order written.
    case mapping([Pair])
  }

  /// One key and its value in a mapping.
  package struct Pair: Sendable {
    package var key: DataNode
    package var value: DataNode
  }

  package var content: Content
  package var location: SourceLocation

  package init(_ content: Content, at location: SourceLocation) {
    self.content = content
    self.location = location
  }

  /// The text of a scalar; nil for lists and mappings.
  package var text: String? {
    if case .scalar(let text, _) = content { return text }
    return nil
  }

  /// Whether this is a scalar (quoted or not).
  package var isScalar: Bool {
    if case .scalar = content { return true }
    return false
  }

  /// Whether this is an unquoted scalar.
  package var isPlainScalar: Bool {
    if case .scalar(_, let isPlain) = content { return isPlain }
    return false
  }

  /// The elements of a list; nil for scalars and mappings.
  package var list: [DataNode]? {
    if case .list(let elements) = content { return elements }
    return nil
  }

  /// The pairs of a mapping; nil for scalars and lists.
  package var pairs: [Pair]? {
    if case .mapping(let pairs) = content { return pairs }
    return nil
  }

  /// The value of the first pair whose key is the scalar `key`.
  package subscript(key: String) -> DataNode? {
    pairs?.first { $0.key.text == key }?.value
  }

  /// `path:line:column`, the way messages name this node (just `path` when it has no position).
  package func origin(in path: String) -> String {
    location.origin(in: path)
  }
}
