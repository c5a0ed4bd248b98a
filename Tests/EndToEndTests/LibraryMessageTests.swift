import Foundation
import TestSupport
import Testing

/// What the C libraries would say on their own about a bad input, said by ContactSheet instead:
/// an absurd font size in caption markup (FreeType's failure names nothing), and what dav1d and
/// libjpeg inside LibRaw print straight to standard error (captured, shown once naming the
/// library, not at all under -q). Inputs from `Fixtures/hostile/make-library-chatter.py`.
@Suite("library failures named by their input")
struct LibraryMessageTests {
  private func photo(_ name: String) -> String { FixturePaths.photo(name) }

  @Test(
    "a caption asking for a 2097151 pt font is shown as plain text with a warning naming its manifest line")
  func absurdFontSize() throws {
    let folder = try FixturePaths.temporaryFolder("font-size" + UUID().uuidString)
    let manifest = folder.appendingPathComponent("m.yaml")
    try Data(
      """
      items:
        - image: \(photo("camera.png"))
          caption: '<span size="2147483647">Big</span>'
        - image: \(photo("astronaut.png"))
          caption: "<big><big>fine</big></big> <span size='40pt'>large</span>"
      """.utf8
    ).write(to: manifest)
    let output = folder.appendingPathComponent("o.pdf").path
    let result = try ProcessRunner.run(FixturePaths.binary, ["render", manifest.path, "-o", output])
    // FreeType refused the font and the whole drawing failed: "cannot draw o.pdf: error
    // occurred in libfreetype", exit 3, naming no caption.
    #expect(result.status == 0, "\(result.standardError)")
    #expect(
      result.standardError.contains(
        "m.yaml:2:5 asks for a 2097151 pt font, more than the 1000 pt a caption may use, so it is shown as plain text"
      ), "\(result.standardError)")
    #expect(!result.standardError.contains("libfreetype"), "\(result.standardError)")
    // Sizes a caption can use stay markup: one warning only.
    #expect(result.standardError.components(separatedBy: "asks for").count == 2)
    #expect(FileManager.default.fileExists(atPath: output))
  }

  private func hostile(_ name: String) -> String {
    FixturePaths.fixtures.appendingPathComponent("hostile").appendingPathComponent(name).path
  }

  @Test(
    "what dav1d and libjpeg in LibRaw print is shown once naming the library, and not at all under -q",
    arguments: [
      ("avif-garbled-obu.avif", "warning: dav1d (AV1 decoder): Error parsing OBU data\n", "OBU"),
      (
        "raw-lossy-garbled-jpeg.dng",
        "warning: libjpeg: Corrupt JPEG data: premature end of data segment (4 times)\n", "JPEG"
      ),
    ])
  func libraryOutput(name: String, line: String, word: String) throws {
    let folder = try FixturePaths.temporaryFolder("chatter" + UUID().uuidString)
    let output = folder.appendingPathComponent("o.pdf").path
    let loud = try ProcessRunner.run(
      FixturePaths.binary, ["render", hostile(name), "-o", output, "--no-cache"])
    #expect(loud.status == 0, "\(loud.standardError)")
    // Before: the library's own lines, raw, wherever the run was ("Error parsing OBU data").
    #expect(loud.standardError.components(separatedBy: line).count == 2, "\(loud.standardError)")
    let unprefixed = loud.standardError.split(separator: "\n").filter {
      $0.contains(word) && !$0.hasPrefix("warning: ")
    }
    #expect(unprefixed.isEmpty, "\(loud.standardError)")
    // ContactSheet's own lines are all there: the summary ends the run.
    #expect(loud.standardError.contains("1 image, 1 page"), "\(loud.standardError)")
    #expect(loud.standardError.contains(" → \(output) ("), "\(loud.standardError)")
    let quiet = try ProcessRunner.run(
      FixturePaths.binary, ["render", hostile(name), "-o", output, "--no-cache", "-q"])
    #expect(quiet.status == 0, "\(quiet.standardError)")
    #expect(!quiet.standardError.contains(word), "\(quiet.standardError)")
  }
}
