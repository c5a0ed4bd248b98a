import Foundation
import SheetCompare
import TestSupport
import Testing

/// The results files one command reads share one budget (decoded results take 5–7× their
/// size), checked before each file is read.
@Suite("Results files: one budget for a command")
struct ResultsFileBudgetTests {
  /// A results file of `cases` matched cases, and its size in bytes.
  private func resultsFile(_ name: String, cases: Int, in folder: URL) throws -> (path: String, size: Int) {
    let summary = ComparisonSummary(
      expected: "expected", actual: "actual", roots: ComparedRoots(golden: "expected", actual: "actual"),
      threshold: 0.1, maxDiffPixels: 0, maxDiffRatio: nil,
      countAntiAliasing: false, ignore: [], dpi: 100,
      cases: (0..<cases).map { CaseResult(name: "case-\($0).png", status: .matched) })
    let data = try JSONEncoder().encode(summary)
    let url = folder.appendingPathComponent(name)
    try data.write(to: url)
    return (url.path, data.count)
  }

  @Test(
    "files within the budget are read; the one that would pass it is refused, saying how to merge in groups")
  func budget() throws {
    let folder = try FixturePaths.temporaryFolder("results-budget-" + UUID().uuidString)
    let first = try resultsFile("a.json", cases: 20, in: folder)
    let second = try resultsFile("b.json", cases: 20, in: folder)
    let both = try ResultsFile.read([first.path, second.path], budget: first.size + second.size)
    #expect(both.map(\.cases.count) == [20, 20])
    do {
      _ = try ResultsFile.read([first.path, second.path], budget: first.size + second.size - 1)
      Issue.record("two files over the budget were read")
    } catch let error as ResultsError {
      #expect(error.description.hasPrefix("\(second.path): results files may total at most"))
      #expect(error.description.contains("merge the groups"))
    }
    do {
      _ = try ResultsFile.read([first.path], budget: first.size - 1)
      Issue.record("a file over the budget was read")
    } catch let error as ResultsError {
      #expect(error.description.contains("a.json: is "))
    }
  }
}
