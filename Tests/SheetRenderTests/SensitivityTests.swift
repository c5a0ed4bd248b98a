import Foundation
import SheetDiff
import SheetImages
import SheetLayout
import SheetRender
import SheetText
import TestSupport
import Testing

/// What the default comparison (threshold 0.1, no changed pixel allowed, anti-aliasing that
/// moved not counted) catches on real renderings: design changes fail, a repeat passes; a
/// sheet whose text is drawn with another anti-aliasing mode should pass but does not yet
/// (a known issue). The table in the README comes from this test's output.
@Suite("Default comparison settings catch design changes on rendered sheets")
struct SensitivityTests {
  let photos = ["rocket.jpg", "coffee.png", "grace_hopper.jpg"].map {
    SheetFixture.Card(FixturePaths.photo($0), caption: "Caption for \($0)")
  }

  /// Renders the sheet with `style`, the caption font `font` and the margin `margin` (points).
  private func render(
    style: RenderStyle = RenderStyle(), font: String = "DejaVu Sans 7", margin: Double = 12,
    name: String = #function
  ) throws -> RasterImage {
    var sheet = SheetFixture()
    sheet.options.captionStyle.font = font
    sheet.options.margins = EdgeInsets(top: 12, right: 24 - margin, bottom: 12, left: margin)
    return try ImageReader.decode(path: try sheet.renderPNG(photos, style: style, name: name))
  }

  private func antialiased(_ mode: TextAntialiasing) -> RenderStyle {
    var style = RenderStyle()
    style.textAntialiasing = mode
    return style
  }

  @Test("corner radius, a 1 pt shift, font size, shadow and caption colour are caught; a repeat passes")
  func cases() throws {
    let base = try render(name: "base")
    var shadow = ShadowStyle()
    shadow.blur += 2
    shadow.opacity += 0.1
    let variants: [(name: String, image: RasterImage, caught: Bool)] = [
      ("the same sheet rendered again", try render(name: "again"), false),
      ("text anti-aliasing grey → none", try render(style: antialiased(.none), name: "aliased"), false),
      ("text anti-aliasing grey → best", try render(style: antialiased(.best), name: "best"), false),
      ("corner radius 6 → 8 pt", try render(style: RenderStyle(cornerRadius: 8), name: "radius"), true),
      ("cards shifted 1 pt right", try render(margin: 13, name: "shift"), true),
      ("caption font 7 → 7.5 pt", try render(font: "DejaVu Sans 7.5", name: "font"), true),
      (
        "shadow blur +2 pt, opacity +0.1", try render(style: RenderStyle(shadow: shadow), name: "shadow"),
        true
      ),
      (
        "caption colour #333333 → #883333",
        try render(style: RenderStyle(captionColor: Color(parsing: "#883333")!), name: "colour"), true
      ),
    ]
    let options = ComparisonOptions()
    for variant in variants {
      let (result, _) = PixelComparator.compare(base, variant.image, options: options)
      let counted = PixelComparator.compare(
        base, variant.image, options: ComparisonOptions(countAntiAliasing: true)
      ).comparison.diffPixels
      print(
        "| \(variant.name) | \(result.diffPixels) | \(result.antiAliasedPixels) | \(counted) | "
          + (result.isWithinBudget(options) ? "passes" : "caught") + " |")
      if variant.name.hasPrefix("text anti-aliasing") {
        // Not met yet: another text anti-aliasing mode re-shades whole glyph edges, which the
        // anti-aliasing test (a pixel between its neighbours, next to a flat area) does not
        // recognise in small text.
        withKnownIssue("text anti-aliasing modes are not forgiven yet") {
          #expect(result.isWithinBudget(options), "\(variant.name): \(result.summary)")
        }
      } else {
        #expect(result.isWithinBudget(options) != variant.caught, "\(variant.name): \(result.summary)")
      }
    }
  }
}
