import Foundation
import SheetCompare
import SheetDiff
import SheetImages
import TestSupport
import Testing

/// `compare --config FILE.yaml`: settings per file or folder from a file in the repository.
@Suite("compare --config: settings per file")
struct CompareConfigTests {
  /// `expected/` and `actual/` with charts/line.png and icons/save.png, each changed in a
  /// 4×4 block (16 of 1,600 pixels: 1%), and a config file holding `yaml`.
  private func project(_ yaml: String, _ name: String = #function) throws -> URL {
    let root = try FixturePaths.temporaryFolder(name)
    let image = TestImages.grey(200, width: 40, height: 40)
    var changed = image
    for y in 10..<14 { for x in 10..<14 { changed.set(x: x, y: y, grey: 0) } }
    for file in ["charts/line.png", "icons/save.png"] {
      try image.writePNG(to: root.path + "/expected/" + file)
      try changed.writePNG(to: root.path + "/actual/" + file)
    }
    try Data(yaml.utf8).write(to: root.appendingPathComponent("compare.yaml"))
    return root
  }

  private func compare(_ arguments: [String], in folder: URL) throws -> ProcessResult {
    try ProcessRunner.run(FixturePaths.binary, ["compare"] + arguments, currentDirectory: folder)
  }

  @Test("a rule loosens charts only; the results, text and JUnit show each case's own settings")
  func rulePerFolder() throws {
    let root = try project(
      """
      defaults:
        threshold: 0.1
      files:
        - match: "charts/**"
          max-diff-ratio: 2%
        - match: "icons/*.png"
          ignore: ["0,0,5,5"]
      """)
    let result = try compare(
      ["expected", "actual", "--config", "compare.yaml", "--results", "r.json", "--junit", "j.xml"], in: root)
    #expect(result.status == 1, "\(result.standardError)")
    let summary = try JSONDecoder().decode(
      ComparisonSummary.self, from: Data(contentsOf: root.appendingPathComponent("r.json")))
    let chart = try #require(summary.cases.first { $0.name == "charts/line.png" })
    let icon = try #require(summary.cases.first { $0.name == "icons/save.png" })
    #expect(chart.status == .matched && chart.settings?.maxDiffRatio == 0.02)
    #expect(
      icon.status == .different && icon.settings?.ignore == [PixelRect(x: 0, y: 0, width: 5, height: 5)])
    let words = "settings: threshold 0.1, no changed pixel, 1 region ignored, 100 dpi, house metric"
    #expect(result.standardOutput.contains(words))
    let junit = try String(contentsOf: root.appendingPathComponent("j.xml"), encoding: .utf8)
    #expect(junit.contains(words))
    // Merged results keep each case's settings.
    let merged = try compare(["merge", "r.json", "--json"], in: root)
    let again = try JSONDecoder().decode(ComparisonSummary.self, from: Data(merged.standardOutput.utf8))
    #expect(again.cases.first { $0.name == "charts/line.png" }?.settings?.maxDiffRatio == 0.02)
  }

  @Test("later rules win; a rule may change the metric and count anti-aliasing")
  func laterRulesWin() throws {
    let root = try project(
      """
      files:
        - match: "**"
          max-diff-pixels: 100
        - match: "icons/**"
          max-diff-pixels: 3
          metric: pixelmatch
          count-aa: true
      """)
    let result = try compare(["expected", "actual", "--config", "compare.yaml", "--json"], in: root)
    let summary = try JSONDecoder().decode(ComparisonSummary.self, from: Data(result.standardOutput.utf8))
    #expect(summary.cases.map(\.status) == [.matched, .different])
    #expect(
      summary.cases[1].settings?.metric == .pixelmatch && summary.cases[1].settings?.countAntiAliasing == true
    )
  }

  @Test(
    "a bad config is refused with its place named",
    arguments: [
      ("files:\n  - match: '*'\n    treshold: 0.2\n", "files[1]: unknown setting 'treshold'"),
      ("defaults:\n  threshold: 2\n", "defaults: threshold must be a number from 0.0 to 1.0"),
      ("files:\n  - threshold: 0.2\n", "files[1] has no match"),
      ("colour: red\n", "unknown key 'colour'"),
      ("defaults:\n  metric: ssim\n", "metric must be house or pixelmatch"),
      ("defaults:\n  [a]: 1\n", "a key that is not text"),
      (
        "a: &a [1,1,1,1,1,1,1,1,1,1]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b,*b]\n"
          + "d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c,*c]\ne: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d,*d]\n",
        "more than 100,000 values"
      ),
      ("defaults:\n  ignore: [\"1,0,9223372036854775807,1\"]\n", "use x,y,w,h in pixels"),
    ])
  func refused(yaml: String, message: String) throws {
    let root = try project(yaml, "refused-\(message.hashValue)")
    let result = try compare(["expected", "actual", "--config", "compare.yaml"], in: root)
    #expect(result.status == 2)
    #expect(result.standardError.contains(message), "\(result.standardError)")
  }

  @Test("patterns: * within a folder, ** across folders, ? one character")
  func patterns() throws {
    let config = try CompareConfig(
      path: try project("files:\n  - match: 'a/*.png'\n    threshold: 0.3\n  - match: 'b/**'\n    dpi: 72\n")
        .appendingPathComponent("compare.yaml").path)
    #expect(config.settings(for: "a/x.png").threshold == 0.3)
    #expect(config.settings(for: "a/sub/x.png").threshold == nil)
    #expect(config.settings(for: "b/deep/er/x.pdf").dpi == 72)
    #expect(config.settings(for: "c/x.png") == CompareConfig.Settings())
  }
}
