import Foundation
import SheetDiff
import SheetImages
import SheetLayout
import SheetRender
import SheetText
import TestSupport
import Testing

/// What the default comparison (threshold 0.1, no changed pixel allowed, anti-aliasing
/// forgiven only where the structure did not move) catches on real renderings: design changes
/// fail; a repeat and text drawn without anti-aliasing pass. The table in the README comes
/// from this test's output (`benchmarks/sensitivity-table` adds ImageMagick's count); set
/// `SENSITIVITY_IMAGES` to a folder to keep the rendered sheets there.
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
    // A fixed page, so that a larger caption font changes pixels rather than the sheet's size.
    sheet.options.page = .paper(width: 360, height: 170)
    sheet.options.captionStyle.font = font
    sheet.options.margins = EdgeInsets(top: 12, right: 24 - margin, bottom: 12, left: margin)
    let path = try sheet.renderPNG(photos, style: style, name: name)
    if let folder = ProcessInfo.processInfo.environment["SENSITIVITY_IMAGES"] {
      let copy = URL(fileURLWithPath: folder).appendingPathComponent("\(name).png")
      try? FileManager.default.removeItem(at: copy)
      try FileManager.default.copyItem(at: URL(fileURLWithPath: path), to: copy)
    }
    return try ImageReader.decode(path: path)
  }

  private func antialiased(_ mode: TextAntialiasing) -> RenderStyle {
    var style = RenderStyle()
    style.textAntialiasing = mode
    return style
  }

  @Test(
    "corner radius, a 1 pt shift, font size, shadow and caption colour are caught; a repeat and aliased text pass"
  )
  func cases() throws {
    let base = try render(name: "base")
    var shadow = ShadowStyle()
    shadow.blur += 2
    shadow.opacity += 0.1
    let variants: [(name: String, file: String, image: RasterImage, caught: Bool)] = [
      ("none (rendered again)", "again", try render(name: "again"), false),
      (
        "text anti-aliasing grey → none", "aliased", try render(style: antialiased(.none), name: "aliased"),
        false
      ),
      (
        "corner radius 6 → 8 pt", "radius", try render(style: RenderStyle(cornerRadius: 8), name: "radius"),
        true
      ),
      ("cards shifted 1 pt right", "shift", try render(margin: 13, name: "shift"), true),
      ("caption font 7 → 7.5 pt", "font", try render(font: "DejaVu Sans 7.5", name: "font"), true),
      ("caption font 7 → 7.2 pt", "font72", try render(font: "DejaVu Sans 7.2", name: "font72"), true),
      (
        "shadow blur +2 pt, opacity +0.1", "shadow",
        try render(style: RenderStyle(shadow: shadow), name: "shadow"), true
      ),
      (
        "caption colour #333333 → #883333", "colour",
        try render(style: RenderStyle(captionColor: Color(parsing: "#883333")!), name: "colour"), true
      ),
    ]
    let options = ComparisonOptions()
    print("| change to the sheet | file | counted | anti-aliasing not counted | `--count-aa` | result |")
    for variant in variants {
      let (result, _) = PixelComparator.compare(base, variant.image, options: options)
      let counted = PixelComparator.compare(
        base, variant.image, options: ComparisonOptions(countAntiAliasing: true)
      ).comparison.diffPixels
      let sizes = result.expectedSize == result.actualSize ? "" : " (size \(result.actualSize))"
      print(
        "| \(variant.name) | \(variant.file) | \(result.diffPixels)\(sizes) | \(result.antiAliasedPixels) | "
          + "\(counted) | " + (result.isWithinBudget(options) ? "passes" : "caught") + " |")
      #expect(result.isWithinBudget(options) != variant.caught, "\(variant.name): \(result.summary)")
    }
  }
}
