import Foundation

/// Checks a PDF the way a print shop's preflight does: `qpdf --check` must find nothing to
/// say beyond its all-clear. Every test that writes a PDF calls it (``ProcessRunner/pdfInfo(_:)``
/// does too).
public enum PDFCheck {
  /// What `qpdf --check` reports as wrong with the PDF at `path`: errors, warnings, or a
  /// non-zero exit status; empty when the file is valid.
  public static func problems(_ path: String) throws -> [String] {
    let result = try ProcessRunner.run("qpdf", ["--check", path])
    // qpdf exits with 2 for errors and 3 for warnings, and prints each as "WARNING: …".
    let lines = (result.standardOutput + "\n" + result.standardError).split(separator: "\n").map(String.init)
    var problems = lines.filter { $0.contains("WARNING") || $0.contains("damaged") }
    if result.status != 0 {
      problems.append("qpdf --check exited with status \(result.status): \(lines.joined(separator: " "))")
    }
    return problems
  }

  /// Throws, naming every problem, unless `qpdf --check` passes the PDF at `path` with no warning.
  public static func requireValid(_ path: String) throws {
    let found = try problems(path)
    guard found.isEmpty else { throw InvalidPDF(path: path, problems: found) }
  }

  /// A PDF `qpdf --check` complains about.
  public struct InvalidPDF: Error, CustomStringConvertible {
    /// The PDF checked.
    public var path: String
    /// What qpdf reported.
    public var problems: [String]
    /// The path and the problems, for test output.
    public var description: String { "\(path) fails qpdf --check: \(problems.joined(separator: "; "))" }
  }
}
