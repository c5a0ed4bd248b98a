import Yams

/// Reads YAML with Yams into the same node shape as JSON, keeping each node's line and column.
enum YAMLReader {
  /// The first document in `text`, nil when it is empty; `path` names the file in messages.
  static func read(_ text: String, path: String) throws -> DataNode? {
    do {
      guard let root = try Yams.compose(yaml: text) else { return nil }
      return try node(root, path: path)
    } catch let error as YamlError {
      throw InputError(describe(error, path: path))
    }
  }

  /// `file:line:column: syntax error: problem` for a YAML syntax error.
  static func describe(_ error: YamlError, path: String) -> String {
    switch error {
    case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _):
      let around = context.map { " (\($0.text) at line \($0.mark.line), column \($0.mark.column))" } ?? ""
      return "\(path):\(mark.line):\(mark.column): syntax error: \(problem)\(around)"
    default:
      return "\(path): \(error)"
    }
  }

  private static func node(_ node: Node, path: String) throws -> DataNode {
    // Yams counts lines and columns from 1, as messages do; 0:0 stands for "no position".
    let location =
      node.mark.map { SourceLocation(line: $0.line, column: $0.column) }
      ?? SourceLocation(line: 0, column: 0)
    switch node {
    case .scalar(let scalar):
      return DataNode(.scalar(scalar.string, isPlain: scalar.style == .plain), at: location)
    case .sequence(let sequence):
      return DataNode(.list(try sequence.map { try self.node($0, path: path) }), at: location)
    case .mapping(let mapping):
      let pairs = try mapping.map {
        DataNode.Pair(key: try self.node($0.key, path: path), value: try self.node($0.value, path: path))
      }
      return DataNode(.mapping(pairs), at: location)
    case .alias:
      throw InputError("\(path):\(location): YAML aliases are not supported here")
    }
  }
}
