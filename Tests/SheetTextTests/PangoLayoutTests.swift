import Foundation
import SheetImages
import SheetLayout
import SheetSupport
import SheetText
import TestSupport
import Testing

@Suite("Layout with real Pango measurement")
struct PangoLayoutTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  static let photos = root.appendingPathComponent("Fixtures/photos")
  static let golden = root.appendingPathComponent("Fixtures/goldens/layout-photos.json")

  /// Fixtures/photos in name order, captioned with their file names.
  static func photoEntries() throws -> [LayoutEntry] {
    let names = try FileManager.default.contentsOfDirectory(atPath: photos.path)
      .filter { ["jpg", "png"].contains(($0 as NSString).pathExtension) }.sorted()
    return try names.map { name in
      let info = try ImageReader.header(path: photos.appendingPathComponent(name).path)
      return .item(LayoutItem(pixelWidth: info.width, pixelHeight: info.height, caption: name))
    }
  }

  static func goldenOptions() -> LayoutOptions {
    var options = LayoutOptions(columns: .count(3))
    options.captionStyle = TextStyle(font: "DejaVu Sans 9", maxLines: 2)
    options.bannerCadence = BannerCadence(every: 5, template: "Photos {first}–{last}")
    options.header = PageMarginText(text: "Fixtures/photos · page {page} of {pages}")
    return options
  }

  @Test("the layout of Fixtures/photos matches its golden JSON within 0.01 pt, measured with the same fonts")
  func golden() throws {
    var layout = try WaterfallLayout(options: Self.goldenOptions()).layout(
      Self.photoEntries(), fonts: .testFonts, threads: 2)
    // The golden names the pinned files relative to the package, the same on every checkout.
    layout.fonts = .pinned(FixturePaths.pinnedFontFiles.map(FixturePaths.relativeToPackage))
    if ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1" {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
      try encoder.encode(layout).write(to: Self.golden)
      return
    }
    guard FileManager.default.fileExists(atPath: Self.golden.path) else {
      Issue.record("no golden \(Self.golden.path); run with RECORD_GOLDENS=1 to record it")
      return
    }
    let expected = try JSONDecoder().decode(Layout.self, from: Data(contentsOf: Self.golden))
    let differences = LayoutComparison.differences(expected, layout, tolerance: 0.01)
    #expect(differences.isEmpty, "\(differences.prefix(10).joined(separator: "\n"))")
    #expect(expected.fonts == layout.fonts, "the golden was measured with other fonts; re-record it")
  }

  @Test("parallel, fast and cached measurement give exactly the layout one Pango engine gives")
  func measurementPathsAgree() throws {
    var entries = try Self.photoEntries()
    entries += (0..<300).map { index in
      .item(LayoutItem(pixelWidth: 3 + index % 7, pixelHeight: 4, caption: Self.caption(index)))
    }
    let engine = WaterfallLayout(options: Self.goldenOptions())
    let sequential = try engine.layout(entries, measurer: TextEngine(fonts: .testFonts))
    let parallel = try engine.layout(entries, fonts: .testFonts, threads: 2)
    #expect(LayoutComparison.differences(sequential, parallel, tolerance: 1e-9).isEmpty)
  }

  @Test("the fast path's heights equal Pango's over thousands of captions, and it declines the rest")
  func fastPathHeights() throws {
    let engine = try TextEngine(fonts: .testFonts)
    let fast = FastTextMeasurer(engine: try TextEngine(fonts: .testFonts))
    for maxLines in [0, 2, 3] {
      for width in [40.0, 90.5, 123.25, 300] {
        let style = TextStyle(font: "DejaVu Sans 7", maxLines: maxLines)
        for index in 0..<700 {
          let text = Self.caption(index)
          let reference = engine.measure(text, style: style, width: width)
          let measured = fast.measure(text, style: style, width: width)
          #expect(measured.height == reference.height, "“\(text)” at \(width) pt, \(maxLines) lines")
          #expect(measured.lineCount == reference.lineCount, "“\(text)” at \(width) pt")
        }
      }
    }
    // The generated captions include lines that wrap, markup and other scripts: both paths ran.
    #expect(
      fast.fastCount > 3_000 && fast.pangoCount > 1_000, "fast \(fast.fastCount), Pango \(fast.pangoCount)")
  }

  /// Varied captions: Latin words and numbers of many lengths, some with two or three lines,
  /// kerning pairs, non-Latin text, markup-looking text, empty lines.
  static func caption(_ index: Int) -> String {
    let latin = [
      "AVATAR", "Tokyo", "café", "naïve", "WAVY", "T.Y.", "1/250 s", "f/2.8", "ISO 3200", "Łódź",
      "—", "“quoted”", "ellipsis…", "llama", "ffi", "IMG_0042.jpg", "2024-05-13",
    ]
    let other = ["東京", "مرحبا", "<b>bold</b>", "fish & chips", "\t", "emoji 🙂"]
    var random = SeededRandom(seed: UInt64(index + 1))
    var lines: [String] = []
    for _ in 0..<random.int(1...3) {
      lines.append((0..<random.int(1...6)).map { _ in random.pick(latin) }.joined(separator: " "))
    }
    if random.chance(15) { lines[0] += " " + random.pick(other) }
    if index % 97 == 0 { lines.append("") }
    return lines.joined(separator: "\n")
  }
}

/// Field-by-field comparison of two layouts, numbers within a tolerance.
enum LayoutComparison {
  static func differences(_ expected: Layout, _ actual: Layout, tolerance: Double) -> [String] {
    var found: [String] = []
    func number(_ name: String, _ a: Double, _ b: Double) {
      if abs(a - b) > tolerance { found.append("\(name): expected \(a), got \(b)") }
    }
    func rect(_ name: String, _ a: Rect?, _ b: Rect?) {
      guard let a, let b else {
        if (a == nil) != (b == nil) {
          found.append("\(name): expected \(String(describing: a)), got \(String(describing: b))")
        }
        return
      }
      number("\(name).x", a.x, b.x)
      number("\(name).y", a.y, b.y)
      number("\(name).width", a.width, b.width)
      number("\(name).height", a.height, b.height)
    }
    guard expected.pages.count == actual.pages.count else {
      return ["expected \(expected.pages.count) pages, got \(actual.pages.count)"]
    }
    for (pageIndex, (a, b)) in zip(expected.pages, actual.pages).enumerated() {
      number("page \(pageIndex) width", a.width, b.width)
      number("page \(pageIndex) height", a.height, b.height)
      guard a.elements.count == b.elements.count else {
        found.append("page \(pageIndex): expected \(a.elements.count) elements, got \(b.elements.count)")
        continue
      }
      for (index, (x, y)) in zip(a.elements, b.elements).enumerated() {
        let name = "page \(pageIndex) element \(index)"
        if x.kind != y.kind || x.item != y.item || x.column != y.column || x.text != y.text
          || x.subtitle != y.subtitle || x.scaledToFit != y.scaledToFit || x.section != y.section
        {
          found.append("\(name): expected \(x), got \(y)")
        }
        rect("\(name) frame", x.frame, y.frame)
        rect("\(name) image", x.image, y.image)
        rect("\(name) imageArea", x.imageArea, y.imageArea)
        rect("\(name) caption", x.caption, y.caption)
        rect("\(name) subtitleFrame", x.subtitleFrame, y.subtitleFrame)
      }
    }
    if expected.items != actual.items { found.append("item tables differ") }
    // Fonts name this machine's files, so only the styles are compared.
    if expected.textStyles != actual.textStyles {
      found.append("text styles: expected \(expected.textStyles), got \(actual.textStyles)")
    }
    number("metrics.whitespace", expected.metrics.whitespace, actual.metrics.whitespace)
    number("metrics.columnSpread", expected.metrics.columnSpread, actual.metrics.columnSpread)
    if expected.metrics.maxDisplacement != actual.metrics.maxDisplacement
      || expected.metrics.scaledToFit != actual.metrics.scaledToFit
    {
      found.append("metrics: expected \(expected.metrics), got \(actual.metrics)")
    }
    return found
  }
}

@Suite("Markup in the text engine")
struct TextEngineMarkupTests {
  @Test("markup is set with its attributes; text that does not parse is set as plain text, never stale")
  func markupOrPlain() throws {
    let engine = try TextEngine(fonts: .testFonts)
    let markup = TextStyle(font: "DejaVu Sans 10", isMarkup: true)
    let plain = TextStyle(font: "DejaVu Sans 10")
    let bold = engine.measure("<b>Wide words</b>", style: markup, width: 1000)
    #expect(bold.width > engine.measure("Wide words", style: plain, width: 1000).width)
    #expect(bold.width < engine.measure("<b>Wide words</b>", style: plain, width: 1000).width)
    // Measured right after a long text: a layout left holding it would give its size.
    _ = engine.measure(String(repeating: "long text ", count: 50), style: markup, width: 100)
    let broken = "Salt & <b>pepper"
    #expect(
      engine.measure(broken, style: markup, width: 100) == engine.measure(broken, style: plain, width: 100))
  }
}
