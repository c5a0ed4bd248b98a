import ArgumentParser
import Foundation
import SheetCompare
import SheetSupport

/// `contactsheet approve RESULTS.json`: copy the actual files over the goldens that failed.
struct ApproveCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "approve",
    abstract: "Accept intended changes: copy actual files over the goldens of failed cases.",
    discussion: """
      Different cases get their golden replaced, extra cases (no golden yet) get one added; \
      missing cases (the actual file is gone) and unreadable files are listed and left alone. \
      Prints one line per golden.
      """)

  @Argument(help: "JSON results written by `compare --results` or `--json`, or merged by `compare merge`.")
  var results: [String]

  func run() throws {
    for file in results {
      let summary = try ResultsFile.read(file)
      try Self.approve(summary)
    }
  }

  /// Copies and prints what was replaced; shared with `compare --update`.
  static func approve(_ summary: ComparisonSummary) throws {
    let changes: [GoldenApproval.Change]
    do {
      changes = try GoldenApproval.approve(summary)
    } catch {
      throw OutputError(description: "\(error)")
    }
    // Names that are not UTF-8 or hold control characters are printed escaped (`caf\xE9.png`).
    for change in changes { print(TerminalText.escaped(change.description)) }
    let written = changes.filter { $0.action != .kept }.count
    print("\(written) golden\(written == 1 ? "" : "s") written, \(changes.count - written) kept")
  }
}
