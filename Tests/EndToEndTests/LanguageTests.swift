import Foundation
import TestSupport
import Testing

/// `--lang` names the text's language in the PDF and chooses the words ContactSheet prints
/// itself; each word can be set on its own; links say what they are.
@Suite("Language of the built-in words")
struct LanguageTests {
  /// Reads `expression` of the PDF at `path` with pikepdf (`p` is the open file).
  private func pikepdf(_ path: String, _ expression: String) throws -> String {
    let result = try ProcessRunner.run(
      "/usr/bin/python3",
      ["-c", "import pikepdf,sys; p=pikepdf.open(sys.argv[1]); print(\(expression))", path])
    #expect(result.status == 0, "\(result.standardError)")
    return result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  private func render(_ arguments: [String], name: String = #function) throws -> (ProcessResult, String) {
    let output = try FixturePaths.temporaryFolder(name).appendingPathComponent("sheet.pdf").path
    let photos = ["rocket.jpg", "coffee.png", "horse.png"].map(FixturePaths.photo)
    let result = try ProcessRunner.run(
      FixturePaths.binary,
      ["render"] + photos + ["-o", output, "--cover", "--contents", "--index", "name", "--section-by", "dir"]
        + arguments)
    return (result, output)
  }

  @Test("German: headings, cover note, page label, default title and /Lang")
  func german() throws {
    let (result, output) = try render(["--lang", "de-AT"])
    #expect(result.status == 0, "\(result.standardError)")
    let text = try ProcessRunner.run("pdftotext", [output, "-"]).standardOutput
    #expect(text.contains("Inhalt") && text.contains("Register") && text.contains(" Seiten"))
    #expect(!text.contains("Contents") && !text.contains("Index"))
    #expect(try pikepdf(output, "p.Root.Lang") == "de-AT")
    #expect(try pikepdf(output, "p.Root.ViewerPreferences.DisplayDocTitle") == "True")
    #expect(try pikepdf(output, "p.Root.PageLabels.Nums[1].P") == "Titelseite")
    #expect(try ProcessRunner.pdfInfo(output)["Title"] == "Kontaktbogen")
  }

  @Test("each word can be set on its own; a language not in the table keeps English words")
  func ownWords() throws {
    let (result, output) = try render([
      "--lang", "sv", "--text-contents", "Innehåll", "--text-untitled", "Bilder",
    ])
    #expect(result.status == 0, "\(result.standardError)")
    let text = try ProcessRunner.run("pdftotext", [output, "-"]).standardOutput
    #expect(text.contains("Innehåll") && text.contains("Index") && text.contains(" pages"))
    #expect(try pikepdf(output, "p.Root.Lang") == "sv")
    #expect(try ProcessRunner.pdfInfo(output)["Title"] == "Bilder")
  }

  @Test("a document drawn in parts and assembled keeps its language, cover label and link descriptions")
  func assembled() throws {
    let folder = try FixturePaths.temporaryFolder()
    let photos = ["rocket.jpg", "coffee.png", "horse.png", "chelsea.png"].map(FixturePaths.photo)
    let common = photos + ["--cover", "--contents", "--section-by", "dir", "--lang", "fr", "--columns", "1"]
    var parts: [String] = []
    for (index, pages) in ["1-2", "3-"].enumerated() {
      let part = folder.appendingPathComponent("part-\(index).pdf").path
      let result = try ProcessRunner.run(
        FixturePaths.binary, ["render"] + common + ["--pages", pages, "-o", part])
      #expect(result.status == 0, "\(result.standardError)")
      parts.append(part)
    }
    let output = folder.appendingPathComponent("whole.pdf").path
    let joined = try ProcessRunner.run(FixturePaths.binary, ["assemble"] + parts + ["-o", output])
    #expect(joined.status == 0, "\(joined.standardError)")
    #expect(try pikepdf(output, "p.Root.Lang") == "fr")
    #expect(try pikepdf(output, "p.Root.ViewerPreferences.DisplayDocTitle") == "True")
    #expect(try pikepdf(output, "p.Root.PageLabels.Nums[1].P") == "Couverture")
    let described = try pikepdf(
      output, "all(str(a.get('/Contents', '')).strip() for pg in p.pages for a in pg.get('/Annots', []))")
    #expect(described == "True")
  }

  @Test("a tag that is not BCP 47 is refused, naming the flag")
  func badTag() throws {
    let (result, _) = try render(["--lang", "de_DE"])
    #expect(result.status == 2)
    #expect(result.standardError.contains("--lang de_DE: give a BCP 47 language tag"))
  }

  @Test("a placeholder card says why in the document's language")
  func placeholder() throws {
    let folder = try FixturePaths.temporaryFolder()
    let broken = folder.appendingPathComponent("kaputt.jpg")
    try Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 16] + Array(repeating: 0x41, count: 200)).write(to: broken)
    let output = folder.appendingPathComponent("sheet.pdf").path
    let result = try ProcessRunner.run(
      FixturePaths.binary,
      ["render", broken.path, FixturePaths.photo("rocket.jpg"), "-o", output, "--lang", "de"])
    #expect(result.status == 0, "\(result.standardError)")
    let text = try ProcessRunner.run("pdftotext", [output, "-"]).standardOutput
    #expect(text.contains("Nicht darstellbar:") && text.contains("kaputt.jpg"), "\(text)")
  }

  @Test("contents and index links say where they go (/Contents), and their pages tab in structure order")
  func linkDescriptions() throws {
    let (result, output) = try render([])
    #expect(result.status == 0, "\(result.standardError)")
    let described = try pikepdf(
      output,
      "sum(1 for pg in p.pages for a in pg.get('/Annots', []) if str(a.get('/Contents', '')).strip())")
    let total = try pikepdf(output, "sum(len(pg.get('/Annots', [])) for pg in p.pages)")
    #expect(Int(total) ?? 0 > 3 && described == total)
    let tabs = try pikepdf(output, "all(pg.get('/Tabs') == '/S' for pg in p.pages if '/Annots' in pg)")
    #expect(tabs == "True")
    #expect(try pikepdf(output, "p.Root.Lang") == "en")
  }
}
