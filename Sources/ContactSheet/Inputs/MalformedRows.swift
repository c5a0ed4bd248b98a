/// The rows of a data file left out because they are malformed, each named by its line: the
/// rest of the file is read, and the run says what it left out (`--strict` refuses the file
/// instead).
package struct MalformedRows {
  /// The file the rows are in.
  let path: String
  /// What is wrong with each row left out, naming its line.
  private var problems: [JobMessage] = []

  /// The rows left out of `path`, none yet.
  package init(path: String) {
    self.path = path
  }

  /// How many rows are named one by one; the others are counted.
  static let namedRows = 10

  /// Notes a row left out for `problem` (which names its line).
  package mutating func add(_ problem: JobMessage) {
    problems.append(problem)
  }

  /// The first row's problem, when a malformed row refuses the file (`--strict`).
  package var first: JobMessage? { problems.first }

  /// One warning per row left out, up to ``namedRows``, then one counting the others.
  package var warnings: [JobMessage] {
    var warnings = problems.prefix(Self.namedRows).map { problem in
      "\(problem); this row was left out (\(setting: .strict) refuses the file instead)" as JobMessage
    }
    if problems.count > Self.namedRows {
      warnings.append("\(path): \(problems.count - Self.namedRows) more malformed rows were left out")
    }
    return warnings
  }
}
