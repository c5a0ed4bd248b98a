import ArgumentParser
import ContactSheet
import Foundation
import SheetCompare

/// `contactsheet compare merge A.json B.json …`: one summary, JUnit and HTML page from the
/// results of sharded runs.
struct CompareMergeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "merge",
    abstract: "Combine the JSON results of several compare runs (CI shards) into one.",
    discussion: "Exit status: 0 when every case matched, 1 when any did not, 2 when a case could not be read."
  )

  @Argument(help: "JSON results written by `compare --results` or `--json`.")
  var inputs: [String]

  @OptionGroup var outputs: ReviewOutputOptions

  func run() throws {
    guard !inputs.isEmpty else { throw ValidationError("give the JSON results to merge") }
    let start = Date()
    let summaries = try ResultsFile.read(inputs)
    let merged = ComparisonSummary.merging(summaries)
    try outputs.write(merged, seconds: Date().timeIntervalSince(start), trustsRoots: false)
    if merged.exitStatus != 0 { Foundation.exit(merged.exitStatus) }
  }
}
