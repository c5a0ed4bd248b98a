import Foundation
import TestSupport
import Testing

/// What the C libraries would say on their own about a bad input, said by ContactSheet instead,
/// naming the input: an absurd font size in caption markup (FreeType's failure names nothing).
@Suite("library failures named by their input")
struct LibraryMessageTests {
  private func photo(_ name: String) -> String { FixturePaths.photo(name) }

  @Test("a caption asking for a 2097151 pt font is shown as plain text with a warning naming its manifest line")
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
        "the caption of m.yaml:2:5 asks for a 2097151 pt font, more than the 1000 pt a caption may use, so it is shown as plain text"
      ), "\(result.standardError)")
    #expect(!result.standardError.contains("libfreetype"), "\(result.standardError)")
    // Sizes a caption can use stay markup: one warning only.
    #expect(result.standardError.components(separatedBy: "asks for").count == 2)
    #expect(FileManager.default.fileExists(atPath: output))
  }
}
