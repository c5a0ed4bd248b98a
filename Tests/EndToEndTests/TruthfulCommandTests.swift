import Foundation
import TestSupport
import Testing

/// The command says what is wrong, as a new user meets it: each bullet of "the command tells
/// the truth", end to end.
@Suite("the command tells the truth")
struct TruthfulCommandTests {
  private func render(_ arguments: [String]) throws -> ProcessResult {
    try ProcessRunner.run(FixturePaths.binary, ["render"] + arguments)
  }

  private var output: String {
    get throws {
      try FixturePaths.temporaryFolder(UUID().uuidString).appendingPathComponent("sheet.pdf").path
    }
  }

  @Test("a path argument that does not exist is a usage error naming it, also after an unquoted font")
  func missingPath() throws {
    let photo = FixturePaths.photo("coffee.png")
    let folder = try render([photo, "nosuchdir/", "-o", try output])
    #expect(folder.status == 2)
    #expect(folder.standardError.contains("nosuchdir/: no such file or folder"))
    let font = try render([photo, "--font", "DejaVu Sans", "9", "-o", try output])
    #expect(font.status == 2)
    #expect(font.standardError.contains("9: no such file or folder"))
    #expect(font.standardError.contains("quote option values that hold spaces"))
  }

  @Test("negative values parse and are refused with what is allowed")
  func negatives() throws {
    let photo = FixturePaths.photo("coffee.png")
    let gutter = try render([photo, "-o", try output, "--gutter", "-5pt"])
    #expect(gutter.status == 2)
    #expect(gutter.standardError.contains("--gutter -5pt: must be 0 or more"))
    let lines = try render([photo, "-o", try output, "--caption-lines", "-1"])
    #expect(lines.status == 2)
    #expect(lines.standardError.contains("--caption-lines must be 0 (no limit) or more (got -1)"))
  }

  @Test("a missing output folder is named as such, before any input is read")
  func missingOutputFolder() throws {
    let result = try render([FixturePaths.photo("coffee.png"), "-o", "nosuch/dir/cat.pdf"])
    #expect(result.status == 3)
    #expect(result.standardError.contains("the folder nosuch/dir does not exist"))
  }

  @Test("a length without a unit is refused with the units that work; 0 needs none")
  func units() throws {
    let photo = FixturePaths.photo("coffee.png")
    let page = try render([photo, "-o", try output, "--page", "210x297"])
    #expect(page.status == 2)
    #expect(page.standardError.contains("'210' has no unit; write 210mm, 210cm, 210in, 210pt or 210px"))
    let margin = try render([photo, "-o", try output, "--margin", "12"])
    #expect(margin.status == 2 && margin.standardError.contains("'12' has no unit"))
    #expect(try render([photo, "-o", try output, "--margin", "0"]).status == 0)
  }

  @Test("the summary counts placeholders by cause")
  func placeholderCauses() throws {
    let folder = try FixturePaths.temporaryFolder(UUID().uuidString)
    let manifest = folder.appendingPathComponent("m.json")
    try Data(
      """
      {"items": [{"image": "a.jpg"}, {"image": "b.jpg"}, {"image": "/dev/zero"}, {"image": "\(FixturePaths.photo("coffee.png"))"}]}
      """.utf8
    ).write(to: manifest)
    let result = try render([manifest.path, "-o", folder.appendingPathComponent("s.pdf").path])
    #expect(result.status == 0)
    #expect(
      result.standardError.contains("3 placeholders (2 file not found, 1 is a character device, not a file)"))
  }
}
