import Foundation
import TestSupport
import Testing

@Suite("contactsheet render, end to end")
struct RenderCommandTests {
  @Test("rendering the sample photos to PDF writes a one-page A4 document")
  func pdfOfSamplePhotos() throws {
    let folder = try FixturePaths.temporaryFolder()
    let output = folder.appendingPathComponent("sheet.pdf").path
    let result = try ProcessRunner.run(
      FixturePaths.binary, ["render", FixturePaths.photos.path, "-o", output, "--columns", "3", "-q"])
    #expect(result.status == 0, "stderr: \(result.standardError)")
    let info = try ProcessRunner.pdfInfo(output)
    #expect(info["Pages"] == "1")
    #expect(info["Page size"]?.hasPrefix("595.276 x 841.89") == true)
  }

  @Test("zero columns fail with status 2, name the option and leave the old output untouched")
  func badColumnsKeepsOldOutput() throws {
    let folder = try FixturePaths.temporaryFolder()
    let output = folder.appendingPathComponent("sheet.pdf").path
    try Data("old".utf8).write(to: URL(fileURLWithPath: output))
    let result = try ProcessRunner.run(
      FixturePaths.binary, ["render", FixturePaths.photos.path, "-o", output, "--columns", "0"])
    #expect(result.status == 64 || result.status == 2)
    #expect(result.standardError.contains("--columns"))
    #expect(FileManager.default.contents(atPath: output) == Data("old".utf8))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["sheet.pdf"])
  }
}

@Suite("contactsheet render, output files")
struct RenderOutputFileTests {
  @Test("rendering a one-page PNG twice to a relative path keeps the file")
  func rerunKeepsRelativeOutput() throws {
    let folder = try FixturePaths.temporaryFolder()
    for _ in 0..<2 {
      let result = try ProcessRunner.run(
        FixturePaths.binary, ["render", FixturePaths.photo("rocket.jpg"), "-o", "sheet.png", "-q"],
        currentDirectory: folder)
      #expect(result.status == 0, "stderr: \(result.standardError)")
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["sheet.png"])
  }
}
