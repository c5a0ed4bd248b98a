import Foundation
import SheetLayout
import TestSupport
import Testing

@testable import SheetText

@Suite("Pinned fonts")
struct PinnedFontTests {
  /// The families in the committed test fonts (`Fixtures/fonts`).
  static let families = [
    "DejaVu Sans", "DejaVu Serif", "DejaVu Sans Mono", "Noto Sans CJK JP", "Noto Color Emoji",
  ]

  @Test("colour emoji are scaled to the text size, not drawn at their bitmap size")
  func emojiScaled() throws {
    let engine = try TextEngine(fonts: .testFonts)
    let style = TextStyle(font: "DejaVu Sans 8")
    let plain = engine.measure("Cat photo", style: style, width: 300)
    let withEmoji = engine.measure("Cat 📷 photo", style: style, width: 300)
    #expect(withEmoji.lineCount == 1)
    // Unscaled, the emoji's 109 px bitmap made the line about ten times taller.
    #expect(withEmoji.height < plain.height * 1.6)
    #expect(withEmoji.width < plain.width + 20)
  }

  @Test("the engine sees only the committed subsets, never the machine's full Noto fonts")
  func onlyCommittedFiles() throws {
    let engine = try TextEngine(fonts: .testFonts)
    // U+9B31 and U+1F980 (a kanji and a crab) are in Debian's Noto CJK and Noto Color Emoji but not in the
    // committed subsets (escaped here, so the test sources hold only characters the fonts have).
    #expect(engine.primaryFontCovers(["猫", "\u{9B31}"], font: "Noto Sans CJK JP 10") == [true, false])
    #expect(engine.primaryFontCovers(["📷", "\u{1F980}"], font: "Noto Color Emoji 10") == [true, false])
  }

  @Test("every character the test sources hold is in one of the committed fonts")
  func testCharactersCovered() throws {
    let engine = try TextEngine(fonts: .testFonts)
    var scalars = Set<Unicode.Scalar>()
    let tests = FixturePaths.packageRoot.appendingPathComponent("Tests")
    let files = FileManager.default.enumerator(atPath: tests.path)?.compactMap { $0 as? String } ?? []
    for file in files where file.hasSuffix(".swift") {
      let text = try String(contentsOf: tests.appendingPathComponent(file), encoding: .utf8)
      scalars.formUnion(text.unicodeScalars.filter { !$0.isASCII && Self.isVisible($0) })
    }
    let sorted = scalars.sorted { $0.value < $1.value }
    #expect(sorted.contains("猫") && sorted.contains("📷"))
    var covered = sorted.map { _ in false }
    for family in Self.families {
      let coverage = engine.primaryFontCovers(sorted, font: "\(family) 10")
      covered = zip(covered, coverage).map { $0 || $1 }
    }
    let missing = zip(sorted, covered).filter { !$0.1 }.map { String($0.0) }
    #expect(
      missing.isEmpty, "not in Fixtures/fonts (add them in scripts/make-test-fonts): \(missing.joined())")
  }

  /// Whether `scalar` is drawn with a glyph: not a control, joiner or variation selector.
  static func isVisible(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .control, .format, .nonspacingMark, .enclosingMark, .spaceSeparator, .lineSeparator,
      .paragraphSeparator, .privateUse, .unassigned, .surrogate:
      return false
    default:
      return !scalar.properties.isVariationSelector
    }
  }
}
