import Foundation
import SheetLayout
import TestSupport
import Testing

@Suite("The layout's styles and fonts, end to end")
struct LayoutStylesCommandTests {
  @Test("layout --json records the caption and header styles and the font files it measured with")
  func recordedInJSON() throws {
    let font = FixturePaths.font("DejaVuSans.ttf")
    let result = try ProcessRunner.run(
      FixturePaths.binary,
      [
        "layout", "--json", FixturePaths.photo("coffee.png"), "--font-file", font, "--font", "DejaVu Sans 9",
        "--caption-lines", "3", "--header", "{title}|{page}",
      ])
    #expect(result.status == 0, "stderr: \(result.standardError)")
    let layout = try JSONDecoder().decode(Layout.self, from: Data(result.standardOutput.utf8))
    #expect(layout.fonts == .pinned([font]))
    #expect(layout.textStyles.caption == TextStyle(font: "DejaVu Sans 9", isMarkup: true, maxLines: 3))
    #expect(layout.textStyles.header == TextStyle(font: "DejaVu Sans 8", isMarkup: true, maxLines: 1))
  }

  @Test("a caption that is not valid markup is escaped once, so it is laid out and drawn as plain text")
  func invalidMarkupEscaped() throws {
    let result = try ProcessRunner.run(
      FixturePaths.binary,
      ["layout", "--json", FixturePaths.photo("coffee.png"), "--caption", "Salt & Pepper <b>{name}</b>"])
    #expect(result.status == 0, "stderr: \(result.standardError)")
    #expect(result.standardOutput.contains("Salt &amp; Pepper &lt;b&gt;coffee.png&lt;/b&gt;"))
  }
}
