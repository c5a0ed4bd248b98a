import Foundation
import TestSupport
import Testing

/// A caption font too large to make, asked for by `--font` or a style's `font` rather than by
/// caption markup: refused before anything is measured, with the bound markup is held to.
@Suite("--font sizes")
struct FontSizeFlagTests {
  @Test(
    "a caption font over 1000 pt is a usage error naming --font and the bound, with no Pango warning",
    arguments: [["--font", "DejaVu Sans 5000"], ["--font", "Sans Bold 3000px"], ["--style", "big.yaml"]])
  func hugeFontRefused(arguments: [String]) throws {
    let folder = try FixturePaths.temporaryFolder("font-flag" + UUID().uuidString)
    try Data("font: DejaVu Sans 5000\n".utf8).write(to: folder.appendingPathComponent("big.yaml"))
    let output = folder.appendingPathComponent("o.pdf").path
    let result = try ProcessRunner.run(
      FixturePaths.binary,
      ["render", FixturePaths.photo("camera.png"), "-o", output, "--no-cache"] + arguments,
      currentDirectory: folder)
    #expect(result.status == 2, "\(result.standardError)")
    #expect(
      result.standardError.contains("is too large: a caption may use at most 1000 pt"),
      "\(result.standardError)")
    #expect(result.standardError.contains("--font \""), "\(result.standardError)")
    #expect(!result.standardError.contains("Pango"), "\(result.standardError)")
    #expect(!FileManager.default.fileExists(atPath: output))
  }

  @Test("a caption font of 1000 pt or less is accepted")
  func largeFontAccepted() throws {
    let folder = try FixturePaths.temporaryFolder("font-flag-ok" + UUID().uuidString)
    let output = folder.appendingPathComponent("o.pdf").path
    let result = try ProcessRunner.run(
      FixturePaths.binary,
      ["render", FixturePaths.photo("camera.png"), "-o", output, "--no-cache", "--font", "DejaVu Sans 60"])
    #expect(result.status == 0, "\(result.standardError)")
  }
}
