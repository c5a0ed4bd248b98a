import SheetLayout
import Testing

@testable import SheetText

@Suite("Cairo's FreeType faces closed while other threads lay out text")
struct FontFaceGuardTests {
  @Test("FT_Done_Face is bound to the guard, and Cairo's closes go through it")
  func cairoClosesAreDeferred() throws {
    #expect(FontFaceGuard.isBound)
    // More font files than the 10 Cairo keeps open: each family, weight and CJK language below
    // is a face of its own, so laying them all out makes Cairo close faces.
    let engine = try TextEngine(fonts: .system)
    let families = ["DejaVu Sans", "DejaVu Serif", "DejaVu Sans Mono"]
    let cjk = ["Noto Sans CJK JP", "Noto Sans CJK KR", "Noto Sans CJK SC", "Noto Sans CJK TC"]
    for _ in 0..<3 {
      for family in families {
        for weight in ["", " Bold"] {
          _ = engine.measure("Proof 12 äöü", style: TextStyle(font: family + weight + " 9"), width: 200)
        }
      }
      for family in cjk {
        for weight in ["", " Bold"] {
          _ = engine.measure("東京 写真 ひらがな", style: TextStyle(font: family + weight + " 9"), width: 200)
        }
      }
    }
    #expect(FontFaceGuard.closedCount > 0)
    #expect(FontFaceGuard.deferredCount > 0)
  }
}
