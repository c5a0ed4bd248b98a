import Foundation
import SheetCompare
import SheetDiff
import SheetImages
import TestSupport
import Testing

/// End-to-end: the built `contactsheet compare`, its exit statuses and JSON summary.
@Suite("contactsheet compare")
struct CompareCommandTests {
  private func compare(_ arguments: [String]) throws -> ProcessResult {
    try ProcessRunner.run(FixturePaths.binary, ["compare"] + arguments)
  }

  private func summary(_ result: ProcessResult) throws -> ComparisonSummary {
    try JSONDecoder().decode(ComparisonSummary.self, from: Data(result.standardOutput.utf8))
  }

  /// A 600×400 noise image (no flat areas, so no anti-aliasing), and a copy with a 10×10 block
  /// painted red at (200, 100).
  private func pair(in folder: URL) throws -> (expected: String, actual: String) {
    let photo = TestImages.noise(width: 600, height: 400)
    var changed = photo
    for y in 100..<110 { for x in 200..<210 { changed.set(x: x, y: y, bgra: (0, 0, 255, 255)) } }
    let expected = folder.appendingPathComponent("expected.png").path
    let actual = folder.appendingPathComponent("actual.png").path
    try photo.writePNG(to: expected)
    try changed.writePNG(to: actual)
    return (expected, actual)
  }

  @Test("16-bit PNGs differing only in a low byte: different at --threshold 0, matched at the default")
  func sixteenBit() throws {
    let folder = FixturePaths.fixtures.appendingPathComponent("sixteen-bit")
    let (base, lowByte) = (
      folder.appendingPathComponent("base.png").path, folder.appendingPathComponent("low-byte.png").path
    )
    let exact = try compare([base, lowByte, "--threshold", "0", "--json"])
    #expect(exact.status == 1, "\(exact.standardOutput)\(exact.standardError)")
    #expect(try summary(exact).cases.first?.pages.first?.comparison?.diffPixels == 1)
    let loose = try compare([base, lowByte])
    #expect(loose.status == 0, "\(loose.standardOutput)\(loose.standardError)")
  }

  @Test("identical files: exit 0")
  func identical() throws {
    let folder = try FixturePaths.temporaryFolder()
    let (expected, _) = try pair(in: folder)
    let copy = folder.appendingPathComponent("copy.png").path
    try FileManager.default.copyItem(atPath: expected, toPath: copy)
    let result = try compare([expected, copy])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput.hasPrefix("matched: copy.png: the files are identical, byte for byte"))
    // With a diff image asked for, one of the two is decoded to draw it.
    let diff = folder.appendingPathComponent("diff.png").path
    let withDiff = try compare([expected, copy, "--diff", diff])
    #expect(withDiff.standardOutput.hasPrefix("matched: copy.png: 0 pixels differ"))
    #expect(FileManager.default.fileExists(atPath: diff))
    // Two copies of a file that is no image are still an error.
    let broken = folder.appendingPathComponent("broken.png").path
    try Data("not an image".utf8).write(to: URL(fileURLWithPath: broken))
    try FileManager.default.copyItem(atPath: broken, toPath: broken + ".copy.png")
    #expect(try compare([broken, broken + ".copy.png"]).status == 2)
  }

  @Test("a changed block: exit 1, JSON with the count, ratio, region and largest delta")
  func changedBlock() throws {
    let folder = try FixturePaths.temporaryFolder()
    let (expected, actual) = try pair(in: folder)
    let result = try compare([expected, actual, "--json"])
    #expect(result.status == 1)
    let json = try summary(result)
    #expect(json.status == .different)
    #expect(json.failures == 1)
    let page = try #require(json.cases.first?.pages.first)
    let comparison = try #require(page.comparison)
    #expect(page.status == .different)
    #expect(comparison.diffPixels == 100)
    #expect(comparison.diffRatio == 100.0 / (600 * 400))
    #expect(comparison.regions == [PixelRect(x: 200, y: 100, width: 10, height: 10)])
    #expect(comparison.largestDelta > 0.1 && comparison.largestDelta <= 1)
    // The JSON keeps the page's figures at its top level.
    #expect(result.standardOutput.contains("\"diffPixels\" : 100"))
  }

  @Test("--metric pixelmatch gives pixelmatch 7.2's counts on its fixtures; the house metric its own")
  func pixelmatchMetric() throws {
    let fixtures = FixturePaths.fixtures.appendingPathComponent("pixelmatch").path
    func count(_ first: String, _ second: String, _ arguments: [String]) throws -> Int? {
      let result = try compare(
        ["\(fixtures)/\(first).png", "\(fixtures)/\(second).png", "--json", "--threshold", "0.05"] + arguments
      )
      let summary = try JSONDecoder().decode(ComparisonSummary.self, from: Data(result.standardOutput.utf8))
      return summary.cases.first?.pages.first?.comparison?.diffPixels
    }
    #expect(try count("1a", "1b", ["--metric", "pixelmatch"]) == 143)
    #expect(try count("4a", "4b", ["--metric", "pixelmatch"]) == 36049)
    #expect(try count("8a", "5b", ["--metric", "pixelmatch"]) == 32896)
    // The house metric forgives more anti-aliasing on 1a/1b (its own rule), so it differs.
    #expect(try count("1a", "1b", []) != 143)
    let json = try compare(["\(fixtures)/6a.png", "\(fixtures)/6b.png", "--json", "--metric", "pixelmatch"])
    #expect(json.standardOutput.contains("\"metric\" : \"pixelmatch\""))
    #expect(try compare(["\(fixtures)/6a.png", "\(fixtures)/6b.png", "--metric", "other"]).status == 2)
  }

  @Test("budgets and ignore regions turn the same change into exit 0")
  func budgetsAndIgnore() throws {
    let folder = try FixturePaths.temporaryFolder()
    let (expected, actual) = try pair(in: folder)
    #expect(try compare([expected, actual, "--max-diff-pixels", "99"]).status == 1)
    #expect(try compare([expected, actual, "--max-diff-pixels", "100"]).status == 0)
    #expect(
      try compare([expected, actual, "--max-diff-pixels", "1000", "--max-diff-ratio", "0.04%"]).status == 1)
    #expect(
      try compare([expected, actual, "--max-diff-pixels", "1000", "--max-diff-ratio", "0.05%"]).status == 0)
    // A ratio budget alone is the budget (100 of 240,000 pixels changed: 0.042%), as
    // Playwright's maxDiffPixelRatio and jest-image-snapshot's percent threshold are.
    #expect(try compare([expected, actual, "--max-diff-ratio", "0.05%"]).status == 0)
    #expect(try compare([expected, actual, "--max-diff-ratio", "1%"]).status == 0)
    #expect(try compare([expected, actual, "--max-diff-ratio", "0.04%"]).status == 1)
    // Given both, both must hold (Playwright takes the smaller of the two).
    #expect(try compare([expected, actual, "--max-diff-pixels", "99", "--max-diff-ratio", "1%"]).status == 1)
    #expect(try compare([expected, actual, "--ignore", "195,95,20,20"]).status == 0)
    #expect(try compare([expected, actual, "--ignore", "0,0,5,5", "--ignore", "205,95,20,20"]).status == 1)
    #expect(try compare([expected, actual, "--threshold", "1.5"]).status == 2)
    #expect(try compare([expected, actual, "--max-diff-ratio", "150%"]).status == 2)
    let badRegion = try compare([expected, actual, "--ignore", "1,2,3"])
    #expect(badRegion.status == 2)
    #expect(badRegion.standardError.contains("x,y,w,h"))
  }

  @Test("--diff writes the diff image at the expected image's size")
  func diffFile() throws {
    let folder = try FixturePaths.temporaryFolder()
    let (expected, actual) = try pair(in: folder)
    let diff = folder.appendingPathComponent("out/diff.png").path
    #expect(try compare([expected, actual, "--diff", diff]).status == 1)
    let image = try ImageReader.decode(path: diff)
    #expect(image.width == 600 && image.height == 400)
    #expect(
      image.pixel(x: 205, y: 105) == [0, 0, 255, 255] || image.pixel(x: 205, y: 105) == [255, 0, 0, 255])
  }

  @Test("different sizes: exit 1, both sizes named, a padded diff image")
  func sizes() throws {
    let diff = try FixturePaths.temporaryFolder().appendingPathComponent("diff.png").path
    let result = try compare([
      FixturePaths.photo("coffee.png"), FixturePaths.photo("horse.png"), "--diff", diff,
    ])
    #expect(result.status == 1)
    #expect(
      result.standardOutput.contains("sizes differ: expected 600×400, actual 400×328; padded to 600×400"))
    // A diff image of the padded size shows what changed (jest-image-snapshot's allowSizeMismatch).
    let image = try ImageReader.decode(path: diff)
    #expect(image.width == 600 && image.height == 400)
  }

  @Test("unreadable input, not an image, or a missing file: exit 2")
  func errors() throws {
    let folder = try FixturePaths.temporaryFolder()
    let text = folder.appendingPathComponent("notes.png").path
    try Data("not an image".utf8).write(to: URL(fileURLWithPath: text))
    let notImage = try compare([FixturePaths.photo("coffee.png"), text, "--json"])
    #expect(notImage.status == 2)
    #expect(try summary(notImage).cases.first?.message?.contains("notes.png") == true)
    let missing = try compare([
      FixturePaths.photo("coffee.png"), folder.appendingPathComponent("none.png").path,
    ])
    #expect(missing.status == 2)
    // The file's path is said once, as the error names it.
    let missingPath = folder.appendingPathComponent("none.png").path
    #expect(missing.standardOutput.contains("error: \(missingPath): file not found"))
    #expect(!missing.standardOutput.contains("none.png: \(missingPath)"))
    let mixed = try compare([FixturePaths.photos.path, FixturePaths.photo("coffee.png")])
    #expect(mixed.status == 2)
  }

  @Test("--fingerprint records the environment, then names a changed library before pixel counts")
  func fingerprint() throws {
    let folder = try FixturePaths.temporaryFolder()
    let (expected, actual) = try pair(in: folder)
    #expect(try compare([expected, expected, "--fingerprint"]).status == 0)
    let path = expected + ".json"
    var recorded = try #require(try EnvironmentFingerprint.read(path))
    recorded.libraries["harfbuzz"] = "1.0.0"
    try recorded.write(to: path)
    let result = try compare([expected, actual, "--fingerprint"])
    #expect(result.status == 1)
    let output = result.standardOutput
    let library = try #require(output.range(of: "harfbuzz 1.0.0 → "))
    let pixels = try #require(output.range(of: "100 pixels differ"))
    #expect(library.lowerBound < pixels.lowerBound)
  }
}
