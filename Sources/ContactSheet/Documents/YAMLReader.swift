import Yams

/// Reads YAML with Yams into the same node shape as JSON, keeping each node's line and column.
package enum YAMLReader {
  /// The first document in `text`, nil when it is empty; `path` names the file in messages.
  package static func read(_ text: String, path: String) throws -> DataNode? {
    do {
      guard let root = try Yams.compose(yaml: text) else { return nil }
      var budget = InputLimits.yamlDocumentValues
      return try node(root, path: path, budget: &budget)
    } catch let error as YamlError {
      throw InputError(JobMessage(describe(error, path: path)))
    }
  }

  /// `file:line:column: syntax error: problem` for a YAML syntax error.
  package static func describe(_ error: YamlError, path: String) -> String {
    switch error {
    case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _):
      let around = context.map { " (\($0.text) at line \($0.mark.line), column \($0.mark.column))" } ?? ""
      return "\(path):\(mark.line):\(mark.column): syntax error: \(problem)\(around)"
    default:
      return "\(path): \(error)"
    }
  }

  /// The node as a `DataNode`, spending one of `budget` per value: aliases share what they
  /// name inside Yams but are copied here, so a few kilobytes of nested aliases could expand to
  /// billions of values; past the budget the document is refused.
  private static func node(_ node: Node, path: String, budget: inout Int) throws -> DataNode {
    budget -= 1
    guard budget >= 0 else {
      throw InputError(
        "\(path): more than \(InputLimits.yamlDocumentValues) values once YAML aliases are expanded; a YAML manifest holds at most \(InputLimits.yamlDocumentValues) values (write repeated values out, split the file, or write larger catalogs as JSON or CSV)"
      )
    }
    // Yams counts lines and columns from 1, as messages do; 0:0 stands for "no position".
    let location =
      node.mark.map { SourceLocation(line: $0.line, column: $0.column) }
      ?? SourceLocation(line: 0, column: 0)
    switch node {
    case .scalar(let scalar):
      return DataNode(.scalar(scalar.string, isPlain: scalar.style == .plain), at: location)
    case .sequence(let sequence):
      var elements: [DataNode] = []
      for element in sequence { elements.append(try self.node(element, path: path, budget: &budget)) }
      return DataNode(.list(elements), at: location)
    case .mapping(let mapping):
      var pairs: [DataNode.Pair] = []
      for (key, value) in mapping {
        pairs.append(
          DataNode.Pair(
            key: try self.node(key, path: path, budget: &budget),
            value: try self.node(value, path: path, budget: &budget)))
      }
      return DataNode(.mapping(pairs), at: location)
    case .alias:
      throw InputError("\(path):\(location): YAML aliases are not supported here")
    }
  }
}
