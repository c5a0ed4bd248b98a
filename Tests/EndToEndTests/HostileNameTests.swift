import Foundation
import SheetSupport
import TestSupport
import Testing

/// File names that are not UTF-8 (row 12 of the hostile-input table): Linux names are bytes,
/// and a file called `a\xff.png` must be read wherever it is named, captioned readably and
/// named escaped in messages. The files are made with `printf`, as a user's shell would.
@Suite("file names as bytes")
struct HostileNameTests {
  /// Runs `script` with `sh -c` in `folder`, `$BIN` naming the binary and `$PHOTO` a PNG.
  private func shell(_ script: String, in folder: URL) throws -> ProcessResult {
    try ProcessRunner.run(
      "sh", ["-c", script],
      environment: ["BIN": FixturePaths.binary, "PHOTO": FixturePaths.photo("coffee.png")],
      currentDirectory: folder)
  }

  /// A folder holding `shoot/a\xff.png` (a real photo), `shoot/sub/c\xfd.png` and an empty,
  /// unreadable-as-image `shoot/b\xfe.jpg`.
  private func shoot() throws -> URL {
    let folder = try FixturePaths.temporaryFolder("names" + UUID().uuidString)
    let made = try shell(
      """
      mkdir -p shoot/sub && cp "$PHOTO" "shoot/$(printf 'a\\377.png')" \
        && cp "$PHOTO" "shoot/sub/$(printf 'c\\375.png')" && : > "shoot/$(printf 'b\\376.jpg')"
      """, in: folder)
    #expect(made.status == 0, "\(made.standardError)")
    return folder
  }

  @Test("a name with invalid UTF-8 on the command line is read and captioned with U+FFFD")
  func commandLine() throws {
    let folder = try shoot()
    let result = try shell(#""$BIN" layout --json "shoot/$(printf 'a\377.png')""#, in: folder)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(
      result.standardOutput.contains("\"caption\" : \"a\u{FFFD}.png\"")
        || result.standardOutput.contains("\"caption\": \"a\u{FFFD}.png\""))
    let rendered = try shell(#""$BIN" render "shoot/$(printf 'a\377.png')" -o out.png"#, in: folder)
    #expect(rendered.status == 0, "\(rendered.standardError)")
    #expect(rendered.standardError.contains("1 image, 1 page"))
    #expect(!rendered.standardError.contains("placeholder"))
  }

  @Test("a folder scan, with and without -r, reads such names and escapes them in messages")
  func folderScan() throws {
    let folder = try shoot()
    let flat = try shell(#""$BIN" render shoot -o flat.pdf"#, in: folder)
    #expect(flat.status == 0, "\(flat.standardError)")
    #expect(flat.standardError.contains("2 images, 1 page"))
    // The empty JPEG is a placeholder, named with its byte escaped, never printed raw.
    #expect(flat.standardError.contains("shoot/b\\xFE.jpg: file is empty"))
    #expect(flat.standardError.contains("1 placeholder (1 file is empty)"))
    #expect(flat.standardError.contains("1 subfolder not searched"))
    let deep = try shell(#""$BIN" render -r shoot -o deep.pdf"#, in: folder)
    #expect(deep.status == 0, "\(deep.standardError)")
    #expect(deep.standardError.contains("3 images, 1 page"))
    #expect(deep.standardError.contains("1 placeholder (1 file is empty)"))
    let captions = try shell(#""$BIN" layout --json -r shoot"#, in: folder)
    for name in ["a\u{FFFD}.png", "b\u{FFFD}.jpg", "c\u{FFFD}.png"] {
      #expect(captions.standardOutput.contains(name), "\(name)")
    }
  }

  @Test("a name with invalid UTF-8 in the standard input list is read")
  func standardInput() throws {
    let folder = try shoot()
    let result = try shell(
      #"printf 'shoot/a\377.png\nshoot/sub/c\375.png\n' | "$BIN" render - -o list.pdf"#, in: folder)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardError.contains("2 images, 1 page"))
    #expect(!result.standardError.contains("placeholder"))
    let missing = try shell(#"printf 'shoot/z\377.png\n' | "$BIN" render - -o missing.pdf"#, in: folder)
    #expect(missing.standardError.contains("shoot/z\\xFF.png: file not found"))
  }

  @Test("a missing command-line path with invalid UTF-8 is named escaped")
  func missingArgument() throws {
    let folder = try shoot()
    let result = try shell(#""$BIN" render "$(printf 'no\377such.jpg')" -o out.pdf"#, in: folder)
    #expect(result.status == 2)
    #expect(result.standardError.contains("no\\xFFsuch.jpg: no such file or folder"))
  }

  @Test("an output name that is not UTF-8 is refused, not written under another name")
  func outputName() throws {
    let folder = try shoot()
    let result = try shell(
      #""$BIN" render "shoot/$(printf 'a\377.png')" -o "$(printf 'out\377.pdf')""#, in: folder)
    #expect(result.status == 2)
    #expect(result.standardError.contains("-o out\\xFF.pdf: the output's name is not valid UTF-8"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["shoot"])
  }

  @Test("every byte string has one text and back; valid UTF-8 is itself")
  func roundTrip() throws {
    var random = SystemRandomNumberGenerator()
    for length in 0..<200 {
      let bytes = (0..<length % 24).map { _ in UInt8.random(in: 0...255, using: &random) }
      #expect(PathBytes.bytes(PathBytes.string(bytes)) == bytes, "\(bytes)")
    }
    #expect(PathBytes.string(Array("caf\u{E9} 東京.jpg".utf8)) == "caf\u{E9} 東京.jpg")
    let invalid: [UInt8] = [0x61, 0xFF, 0x2E, 0xE2, 0x82, 0x6A]  // a, 0xFF, ., a cut-off €, j
    let text = PathBytes.string(invalid)
    #expect(PathBytes.bytes(text) == invalid)
    #expect(PathBytes.readable(text) == "a\u{FFFD}.\u{FFFD}\u{FFFD}j")
    #expect(TerminalText.escaped(text) == "a\\xFF.\\xE2\\x82j")
    // A name that really holds a character of the carrying range keeps its own bytes.
    let carrier = Array("x\u{EF80}y".utf8)
    #expect(PathBytes.bytes(PathBytes.string(carrier)) == carrier)
    #expect(PathBytes.string(carrier) != "x\u{EF80}y")
  }
}
