import Foundation
import TestSupport
import Testing

/// Each bad input gives its documented message and exit status, and never harms old output.
@Suite("contactsheet errors and exit statuses")
struct ErrorCommandTests {
  private let bad = FixturePaths.fixtures.appendingPathComponent("manifests/bad")

  private func render(_ arguments: [String], in folder: URL? = nil) throws -> ProcessResult {
    try ProcessRunner.run(FixturePaths.binary, ["render"] + arguments, currentDirectory: folder)
  }

  /// A folder holding `sheet.pdf` with known old content.
  private func folderWithOldOutput() throws -> (folder: URL, output: String) {
    let folder = try FixturePaths.temporaryFolder()
    let output = folder.appendingPathComponent("sheet.pdf").path
    try Data("old output".utf8).write(to: URL(fileURLWithPath: output))
    return (folder, output)
  }

  private func expectUntouched(_ folder: URL, _ output: String) throws {
    #expect(FileManager.default.contents(atPath: output) == Data("old output".utf8))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["sheet.pdf"])
  }

  @Test("a layout the options leave no room for names the flags at fault, status 2")
  func layoutRefusalNamesFlags() throws {
    let (folder, output) = try folderWithOldOutput()
    let result = try render([FixturePaths.photo("coffee.png"), "-o", output, "--margin", "110mm"])
    #expect(result.status == 2)
    #expect(
      result.standardError.contains(
        "error: --margin: the margins leave no room on a 595.3×841.9 pt page; use smaller margins or a bigger --page"
      ), "\(result.standardError)")
    try expectUntouched(folder, output)
  }

  @Test("a manifest syntax error gives its line and column, status 2")
  func syntaxError() throws {
    let (folder, output) = try folderWithOldOutput()
    let result = try render([bad.appendingPathComponent("syntax.yaml").path, "-o", output])
    #expect(result.status == 2)
    #expect(result.standardError.contains("syntax.yaml:5:10: syntax error"))
    try expectUntouched(folder, output)
  }

  @Test("an unknown manifest key is named, with the keys that exist")
  func unknownKey() throws {
    let result = try render([bad.appendingPathComponent("unknown-key.json").path, "-o", "/tmp/unused.pdf"])
    #expect(result.status == 2)
    #expect(result.standardError.contains("unknown-key.json:3:3: unknown key 'itmes'"))
    #expect(result.standardError.contains("items"))
  }

  @Test("a missing image in a manifest warns with the manifest line and the path tried")
  func missingImage() throws {
    let folder = try FixturePaths.temporaryFolder()
    let output = folder.appendingPathComponent("sheet.pdf").path
    let result = try render([bad.appendingPathComponent("missing-image.yaml").path, "-o", output])
    #expect(result.status == 0)
    #expect(result.standardError.contains("missing-image.yaml:4:5:"))
    #expect(result.standardError.contains("Fixtures/photos/does-not-exist.jpg: file not found"))
    try PDFCheck.requireValid(output)
  }

  @Test("--strict turns a missing image into status 1 and writes nothing")
  func strict() throws {
    let (folder, output) = try folderWithOldOutput()
    let result = try render([bad.appendingPathComponent("missing-image.yaml").path, "-o", output, "--strict"])
    #expect(result.status == 1)
    #expect(result.standardError.contains("nothing was written"))
    try expectUntouched(folder, output)
  }

  @Test("a CSV whose only row has an unclosed quote gives the line and column where it opened")
  func badCSV() throws {
    let result = try render([bad.appendingPathComponent("unclosed-quote.csv").path, "-o", "/tmp/unused.pdf"])
    #expect(result.status == 2)
    #expect(result.standardError.contains("unclosed-quote.csv:2:25: this quoted field is never closed"))
  }

  @Test("unknown option values list the valid ones")
  func unknownValues() throws {
    let photo = FixturePaths.photo("rocket.jpg")
    let sort = try render([photo, "-o", "/tmp/unused.pdf", "--sort", "colour"])
    #expect(sort.status == 2)
    #expect(sort.standardError.contains("random:SEED"))
    let preset = try render([photo, "-o", "/tmp/unused.pdf", "--preset", "fancy"])
    #expect(preset.status == 2)
    #expect(preset.standardError.contains("proof, catalog, pinterest"))
    let format = try render([photo, "-o", "/tmp/unused.gif"])
    #expect(format.status == 2)
    #expect(format.standardError.contains(".pdf, .png, .jpg or .svg"))
  }

  @Test("the output may not overwrite an input")
  func outputOverInput() throws {
    let folder = try FixturePaths.temporaryFolder()
    let input = folder.appendingPathComponent("page.png").path
    try FileManager.default.copyItem(atPath: FixturePaths.photo("horse.png"), toPath: input)
    let before = FileManager.default.contents(atPath: input)
    // Given by name, the output is an earlier run's (a shell glob's second run): left out.
    let given = try render([input, "-o", input])
    #expect(given.status == 2)
    #expect(
      given.standardError.contains("skipped 1 file: 1 written by an earlier run of this command (page.png)"),
      "\(given.standardError)")
    // Named by a catalog, it is an input the output would overwrite.
    let csv = folder.appendingPathComponent("items.csv")
    try "image\n\(input)\n".write(to: csv, atomically: true, encoding: .utf8)
    let result = try render([csv.path, "-o", input])
    #expect(result.status == 2)
    #expect(result.standardError.contains("would overwrite the input"), "\(result.standardError)")
    #expect(FileManager.default.contents(atPath: input) == before)
  }

  @Test("a multi-page PNG output may not overwrite an input named like one of its pages")
  func outputOverPageInput() throws {
    let folder = try FixturePaths.temporaryFolder()
    let input = folder.appendingPathComponent("sheet-002.png").path
    try FileManager.default.copyItem(atPath: FixturePaths.photo("horse.png"), toPath: input)
    let csv = folder.appendingPathComponent("items.csv")
    try "image\n\(input)\n".write(to: csv, atomically: true, encoding: .utf8)
    let result = try render([csv.path, "-o", folder.appendingPathComponent("sheet.png").path])
    #expect(result.status == 2)
    #expect(result.standardError.contains("would overwrite the input"), "\(result.standardError)")
  }

  @Test("an output folder that does not exist gives status 3")
  func unwritableOutput() throws {
    let result = try render([FixturePaths.photo("rocket.jpg"), "-o", "/nonexistent-folder/sheet.pdf"])
    #expect(result.status == 3)
    #expect(result.standardError.contains("/nonexistent-folder/sheet.pdf"))
  }

  @Test("a folder with no images gives status 2 and says so")
  func noImages() throws {
    let folder = try FixturePaths.temporaryFolder()
    let result = try render([folder.path, "-o", folder.appendingPathComponent("sheet.pdf").path])
    #expect(result.status == 2)
    #expect(result.standardError.contains("no images found"))
  }

  @Test("a shorter multi-page PNG run removes the old pages it no longer has")
  func stalePages() throws {
    let folder = try FixturePaths.temporaryFolder()
    let photos = FixturePaths.photos.path
    let many = try render(
      [photos, "-o", "sheet.png", "--page", "a5", "--columns", "1", "--dpi", "30", "-q"], in: folder)
    #expect(many.status == 0, "stderr: \(many.standardError)")
    let pages = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    #expect(pages.count > 2 && pages.first == "sheet-001.png")
    let one = try render(
      [FixturePaths.photo("rocket.jpg"), "-o", "sheet.png", "--dpi", "30", "-q"], in: folder)
    #expect(one.status == 0)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["sheet.png"])
  }
}

@Suite("Option values out of range, and their messages")
struct OptionRangeTests {
  private func run(_ arguments: [String]) throws -> ProcessResult {
    try ProcessRunner.run(FixturePaths.binary, arguments)
  }

  @Test("a corner radius larger than the cards is clamped, never a crash")
  func hugeCornerRadius() throws {
    let output = try FixturePaths.temporaryFolder().appendingPathComponent("a.pdf").path
    let result = try run([
      "render", FixturePaths.photo("coffee.png"), "-o", output, "--corner-radius", "3000mm", "-q",
    ])
    #expect(result.status == 0, "stderr: \(result.standardError)")
    try PDFCheck.requireValid(output)
  }

  @Test("an enormous shadow blur, --dpi 0 and a missing --font-file are usage errors that say what works")
  func refusedValues() throws {
    let photo = FixturePaths.photo("coffee.png")
    let blur = try run(["render", photo, "-o", "/tmp/unused.pdf", "--shadow-blur", "10in"])
    #expect(blur.status == 2 && blur.standardError.contains("--shadow-blur must be between"))
    let dpi = try run(["layout", "--json", photo, "--dpi", "0"])
    #expect(dpi.status == 2 && dpi.standardError.contains("--dpi must be between 10 and 2400"))
    let font = try run(["layout", "--json", photo, "--font-file", "/nonexistent/Font.ttf"])
    #expect(font.status == 2 && font.standardError.contains("/nonexistent/Font.ttf does not exist"))
  }

  @Test("a bad caption in a manifest is reported against its own line, not --caption")
  func manifestCaptionError() throws {
    let folder = try FixturePaths.temporaryFolder()
    let manifest = folder.appendingPathComponent("m.yaml")
    try Data("caption: \"{oops\"\nitems: [a.jpg]\n".utf8).write(to: manifest)
    let result = try run(["layout", "--json", manifest.path])
    #expect(result.status == 2)
    #expect(result.standardError.contains("m.yaml:1:10: caption: '{' at character 1 is never closed"))
  }

  @Test("layout does not open images whose manifest gives their size")
  func layoutSkipsKnownSizes() throws {
    let folder = try FixturePaths.temporaryFolder()
    let manifest = folder.appendingPathComponent("m.json")
    try Data(#"{"items": [{"image": "not-here.jpg", "width": 640, "height": 480}]}"#.utf8).write(to: manifest)
    let result = try run(["layout", "--json", manifest.path])
    #expect(result.status == 0)
    #expect(result.standardError.isEmpty, "unexpected warning: \(result.standardError)")
  }
}

@Suite("Caption markup warnings")
struct CaptionMarkupWarningTests {
  @Test("a template that is not valid markup is warned about once, naming the first file")
  func invalidMarkupWarns() throws {
    let result = try ProcessRunner.run(
      FixturePaths.binary,
      [
        "layout", "--json", FixturePaths.photo("coffee.png"), FixturePaths.photo("horse.png"), "--caption",
        "Salt & Pepper <b>{name}</b>",
      ])
    #expect(result.status == 0)
    let warnings = result.standardError.split(separator: "\n").filter {
      $0.contains("not valid Pango markup")
    }
    #expect(warnings.count == 1)
    #expect(warnings.first?.contains("coffee.png") == true)
    let valid = try ProcessRunner.run(
      FixturePaths.binary,
      ["layout", "--json", FixturePaths.photo("coffee.png"), "--caption", "Salt &amp; <b>{name}</b>"])
    #expect(valid.standardError.isEmpty, "unexpected: \(valid.standardError)")
  }
}
