import SheetLayout
import SheetText
import TestSupport
import Testing

/// The caption fast path against Pango's full layout: the same line count, height and
/// truncation on every caption it answers, over random captions of every script (the
/// benchmark `benchmarks/run-scale` runs the same check on 100,000).
@Suite("Caption fast path against Pango")
struct FastPathCheckTests {
  @Test("the machine's fonts: every answer equals Pango's, and most captions take the fast path")
  func systemFonts() throws {
    let result = try FastPathCheck(fonts: .system).run(count: 3_000, seed: 20_261_122)
    #expect(result.mismatches == 0, "\(result.examples.joined(separator: "\n"))")
    #expect(result.breakMismatches == 0, "\(result.examples.joined(separator: "\n"))")
    // Mixed scripts (Devanagari, Thai), digits and signs before right-to-left or kana text,
    // ellipsized lines mixing directions and close calls go to Pango: both paths ran.
    #expect(result.fast > 800 && result.fast < result.checked, "fast \(result.fast) of \(result.checked)")
    #expect(result.breaksChecked > 500)
  }

  @Test("the pinned test fonts (other scripts as boxes): every answer equals Pango's")
  func pinnedFonts() throws {
    let result = try FastPathCheck(fonts: .testFonts).run(count: 3_000, seed: 7)
    #expect(result.mismatches == 0, "\(result.examples.joined(separator: "\n"))")
    #expect(result.fast > 550, "fast \(result.fast) of \(result.checked)")
  }
}
