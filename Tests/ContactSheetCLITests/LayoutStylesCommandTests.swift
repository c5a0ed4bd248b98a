import Foundation
import SheetLayout
import TestSupport
import Testing

@Suite("The layout's styles and fonts, end to end")
struct LayoutStylesCommandTests {
  @Test("layout --json records the caption and header styles and the font files it measured with")
  func recordedInJSON() throws {
    let font = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
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
    #expect(layout.textStyles.header == PageMarginText.defaultStyle)
  }
}
