import Foundation
import TestSupport
import Testing

/// What the C libraries report reaches the user once per kind, as a warning of the command,
/// and not at all under `-q`: never their raw `Pango-WARNING **` lines, hundreds at a time.
@Suite("library warnings")
struct LibraryWarningTests {
  private func render(_ arguments: [String]) throws -> ProcessResult {
    let folder = try FixturePaths.temporaryFolder("warnings" + UUID().uuidString)
    return try ProcessRunner.run(
      FixturePaths.binary, ["render"] + arguments + ["-o", folder.appendingPathComponent("out.pdf").path])
  }

  private func lines(_ text: String, containing part: String) -> [Substring] {
    text.split(separator: "\n").filter { $0.contains(part) }
  }

  @Test("libtiff's warning about unknown tags is shown once for two files, and not under -q")
  func tiffTags() throws {
    let tiff = FixturePaths.fixtures.appendingPathComponent("hostile/unknown-tags.tif").path
    let folder = try FixturePaths.temporaryFolder("tiffs" + UUID().uuidString)
    let copy = folder.appendingPathComponent("copy.tif").path
    try FileManager.default.copyItem(atPath: tiff, toPath: copy)
    let result = try render([tiff, copy, tiff])
    #expect(result.status == 0, "\(result.standardError)")
    let shown = lines(result.standardError, containing: "Unknown field")
    #expect(shown.count == 1, "\(result.standardError)")
    #expect(shown.first?.hasPrefix("warning: libtiff: Unknown field with tag") == true)
    // Files are read in parallel: either may be the first to warn.
    let first = String(shown.first ?? "")
    #expect(
      first.hasSuffix("unknown-tags.tif; 2 files)") || first.hasSuffix("copy.tif; 2 files)"), "\(shown)")
    #expect(!result.standardError.contains("TIFFReadDirectory"))
    let quiet = try render([tiff, copy, "-q"])
    #expect(quiet.status == 0 && quiet.standardError.isEmpty, "\(quiet.standardError)")
  }

  @Test("a caption font Pango cannot scale is refused before Pango sees it: no Pango line, -q or not")
  func pangoWarnings() throws {
    let photo = FixturePaths.photo("coffee.png")
    // This font made Pango warn "failed to create cairo scaled font" for every card (shown
    // once per kind by then). Markup asking for such a size becomes plain text, and --font or
    // a style's font over the same 1000 pt bound is a usage error, so no run reaches Pango
    // with it; GLib's log itself is covered by SheetLayoutTests' LibraryWarningsTests.
    let font = "DejaVu Sans 97656"
    let result = try render([photo, photo, photo, photo, "--font", font, "--page", "200inx200in"])
    #expect(result.status == 2, "\(result.standardError)")
    #expect(!result.standardError.contains("Pango"), "\(result.standardError)")
    #expect(result.standardError.contains("a caption may use at most 1000 pt"), "\(result.standardError)")
    let quiet = try render([photo, photo, "--font", font, "--page", "200inx200in", "-q"])
    #expect(!quiet.standardError.contains("Pango"), "\(quiet.standardError)")
  }

  @Test("a 120 KB caption is cut with one warning and no library warning")
  func longCaption() throws {
    let folder = try FixturePaths.temporaryFolder("long" + UUID().uuidString)
    let csv = folder.appendingPathComponent("long.csv")
    let photo = FixturePaths.photo("coffee.png")
    try Data("title,image\n\(String(repeating: "word ", count: 24_000)),\(photo)\n".utf8).write(to: csv)
    let result = try render([csv.path, "--caption", "{title}"])
    #expect(result.status == 0)
    let warnings = lines(result.standardError, containing: "warning:")
    #expect(warnings.count == 1, "\(result.standardError)")
    #expect(warnings.first?.contains("1 caption was longer than 4096 bytes and cut there") == true)
  }
}
