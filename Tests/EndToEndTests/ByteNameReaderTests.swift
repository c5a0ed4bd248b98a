import Foundation
import TestSupport
import Testing

/// File names that are not UTF-8 where the first byte-name work left them: XMP sidecars and
/// packets exempi reads from the file, `--font-file`, and `compare` on folders. The files are
/// made with `printf`, as a user's shell would, and the binary is run as a user runs it.
@Suite("file names as bytes: sidecars, embedded XMP, fonts, compare")
struct ByteNameReaderTests {
  /// Runs `script` with `sh -c` in `folder`; `$BIN` names the binary, `$XMP` the XMP fixtures,
  /// `$FONTS` the fonts and `$PHOTO` a PNG photo.
  private func shell(_ script: String, in folder: URL) throws -> ProcessResult {
    try ProcessRunner.run(
      "sh", ["-c", script],
      environment: [
        "BIN": FixturePaths.binary, "XMP": FixturePaths.fixtures.appendingPathComponent("xmp").path,
        "FONTS": FixturePaths.fixtures.appendingPathComponent("fonts").path,
        "PHOTO": FixturePaths.photo("coffee.png"), "OTHER": FixturePaths.photo("horse.png"),
      ],
      currentDirectory: folder)
  }

  /// The captions `layout --json` gives the photos under `path`, sorted.
  private func captions(_ output: String) throws -> [String] {
    let json = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any]
    let items = json?["items"] as? [[String: Any]] ?? []
    return items.compactMap { $0["caption"] as? String }.sorted()
  }

  @Test("sidecars of photos whose names are not UTF-8 are found, in both naming conventions")
  func sidecars() throws {
    let folder = try FixturePaths.temporaryFolder("byte-sidecars" + UUID().uuidString)
    let made = try shell(
      """
      mkdir shoot && cp "$XMP/unrated.jpg" "shoot/$(printf 'caf\\351.jpg')" \
        && cp "$XMP/sidecar-wins.xmp" "shoot/$(printf 'caf\\351.xmp')" \
        && cp "$XMP/unrated.jpg" "shoot/$(printf 'd\\376.jpg')" \
        && cp "$XMP/darktable.jpg.xmp" "shoot/$(printf 'd\\376.jpg.xmp')"
      """, in: folder)
    #expect(made.status == 0, "\(made.standardError)")
    let result = try shell(
      #""$BIN" layout --json --caption '{rating|unrated}/{label|none}' shoot"#, in: folder)
    #expect(result.status == 0, "\(result.standardError)")
    // {rating} is drawn as stars.
    #expect(try captions(result.standardOutput) == ["★★★★★/none", "★★★☆☆/Purple"])
    #expect(!result.standardError.contains("sidecar"), "\(result.standardError)")
  }

  @Test("the XMP packet exempi reads from a TIFF whose name is not UTF-8 is found")
  func embeddedPacket() throws {
    let folder = try FixturePaths.temporaryFolder("byte-embedded" + UUID().uuidString)
    let made = try shell(#"mkdir shoot && cp "$XMP/embedded.tif" "shoot/$(printf 't\351.tif')""#, in: folder)
    #expect(made.status == 0, "\(made.standardError)")
    let result = try shell(
      #""$BIN" layout --json --caption '{rating|unrated}/{label|none}' shoot"#, in: folder)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(try captions(result.standardOutput) == ["★★★☆☆/Yellow"])
  }

  @Test("a --font-file whose name is not UTF-8 is loaded by its bytes; a bad one is named escaped")
  func fontFile() throws {
    let folder = try FixturePaths.temporaryFolder("byte-font" + UUID().uuidString)
    let result = try shell(
      #"cp "$FONTS/DejaVuSans.ttf" "$(printf 'caf\351.ttf')" && "$BIN" layout --json --caption 'Sample' "$PHOTO" --font-file "$(printf 'caf\351.ttf')" --font 'DejaVu Sans 10'"#,
      in: folder)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(try captions(result.standardOutput) == ["Sample"])
    // Not a font, under a name that is not UTF-8: fontconfig's refusal names it escaped, and
    // the file is not called missing.
    let bad = try shell(
      #"cp "$PHOTO" "$(printf 'bad\351.ttf')" && "$BIN" render "$PHOTO" -o out.png --font-file "$(printf 'bad\351.ttf')""#,
      in: folder)
    #expect(bad.status != 0)
    #expect(
      bad.standardError.contains("font file bad\\xE9.ttf is not a font fontconfig can read"),
      "\(bad.standardError)")
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out.png").path))
  }

  @Test("compare --update, approve and --diff write goldens and diff images under names that are not UTF-8")
  func compareUpdate() throws {
    let folder = try FixturePaths.temporaryFolder("byte-approve" + UUID().uuidString)
    // Two photos of one size, so the pair that differs gets a diff image.
    let made = try shell(
      """
      mkdir -p "expected/$(printf 'sub\\375')" "actual/$(printf 'sub\\375')" \
        && cp "$FONTS/../photos/camera.png" "expected/$(printf 'sub\\375/caf\\351.png')" \
        && cp "$FONTS/../photos/astronaut.png" "actual/$(printf 'sub\\375/caf\\351.png')" \
        && cp "$FONTS/../photos/astronaut.png" "actual/$(printf 'new\\351.png')"
      """, in: folder)
    #expect(made.status == 0, "\(made.standardError)")
    let compared = try shell(
      #""$BIN" compare expected actual --diff diffs --results r.json"#, in: folder)
    #expect(compared.status == 1, "\(compared.standardOutput)\n\(compared.standardError)")
    let diffImage = try shell(#"test -s "diffs/$(printf 'sub\375/caf\351.diff.png')""#, in: folder)
    #expect(diffImage.status == 0, "no diff image under the byte name: \(compared.standardError)")
    let approved = try shell(#""$BIN" approve r.json"#, in: folder)
    #expect(approved.status == 0, "\(approved.standardOutput)\n\(approved.standardError)")
    #expect(approved.standardOutput.contains("sub\\xFD/caf\\xE9.png with "), "\(approved.standardOutput)")
    #expect(approved.standardOutput.contains("2 goldens written, 0 kept"), "\(approved.standardOutput)")
    #expect(!approved.standardOutput.unicodeScalars.contains { (0xEF80...0xEFFF).contains($0.value) })
    // The goldens now hold the actual bytes, under the same names (no U+EF.. names made).
    let same = try shell(
      #"cmp "expected/$(printf 'sub\375/caf\351.png')" "$FONTS/../photos/astronaut.png" && cmp "expected/$(printf 'new\351.png')" "$FONTS/../photos/astronaut.png" && test "$(ls expected | wc -l)" = 2"#,
      in: folder)
    #expect(same.status == 0, "\(same.standardOutput)\n\(same.standardError)")
    let again = try shell(#""$BIN" compare expected actual --update"#, in: folder)
    #expect(again.status == 0, "\(again.standardOutput)\n\(again.standardError)")
    #expect(again.standardOutput.contains("2 files compared: 2 matched"), "\(again.standardOutput)")
  }

  @Test("compare matches files whose names are not UTF-8 in two folders and names them escaped")
  func compareFolders() throws {
    let folder = try FixturePaths.temporaryFolder("byte-compare" + UUID().uuidString)
    // Identical pairs (a PNG, a PDF in a folder whose name is not UTF-8), one that differs, and
    // one only in the expected folder.
    let made = try shell(
      """
      "$BIN" render "$PHOTO" -o doc.pdf 2>/dev/null \
        && mkdir -p "expected/$(printf 'sub\\375')" "actual/$(printf 'sub\\375')" \
        && cp "$PHOTO" "expected/$(printf 'same\\351.png')" && cp "$PHOTO" "actual/$(printf 'same\\351.png')" \
        && cp doc.pdf "expected/$(printf 'sub\\375/doc\\351.pdf')" \
        && cp doc.pdf "actual/$(printf 'sub\\375/doc\\351.pdf')" \
        && cp "$PHOTO" "expected/$(printf 'caf\\351.png')" && cp "$OTHER" "actual/$(printf 'caf\\351.png')" \
        && cp "$PHOTO" "expected/$(printf 'only\\351.png')"
      """, in: folder)
    #expect(made.status == 0, "\(made.standardError)")
    let result = try shell(#""$BIN" compare expected actual"#, in: folder)
    #expect(result.status == 1, "\(result.standardOutput)\n\(result.standardError)")
    #expect(result.standardOutput.contains("different: caf\\xE9.png"), "\(result.standardOutput)")
    #expect(result.standardOutput.contains("missing: only\\xE9.png"), "\(result.standardOutput)")
    #expect(
      result.standardOutput.contains("4 files compared: 2 matched, 1 different, 1 missing"),
      "\(result.standardOutput)")
    #expect(!result.standardOutput.contains("error"), "\(result.standardOutput)")
    // No raw byte reaches the terminal.
    #expect(!result.standardOutput.unicodeScalars.contains { (0xEF80...0xEFFF).contains($0.value) })
  }
}
