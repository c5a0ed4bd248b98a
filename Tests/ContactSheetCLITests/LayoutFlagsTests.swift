import ArgumentParser
import Foundation
import SheetLayout
import TestSupport
import Testing

@testable import ContactSheet
@testable import ContactSheetCLI

@Suite("Layout flags")
struct LayoutFlagsTests {
  /// The layout options of `layout ARGUMENTS` (a folder of no images is never read).
  private func options(_ arguments: [String]) throws -> LayoutOptions {
    let command = try #require(
      try ContactSheetCommand.parseAsRoot(["layout", "."] + arguments) as? LayoutCommand)
    return try command.job(maxPixels: 200_000_000).layoutOptions
  }

  @Test("every layout flag reaches the options, with lengths in points")
  func allFlags() throws {
    let options = try options([
      "--mode", "staggered", "--page", "a5:landscape", "--column-width", "2in", "--margin",
      "10pt 20pt 30pt 40pt",
      "--gutter", "1cm", "--row-gap", "3mm", "--padding", "150px", "--caption-gap", "2pt", "--image-aspect",
      "4:3",
      "--max-image-height", "1in", "--fit", "letterbox", "--font", "DejaVu Serif 9", "--caption-lines", "3",
      "--placement", "order", "--direction", "rtl", "--stagger", "0.25", "--banner-every", "10",
      "--banner-template", "Page {n}", "--balance", "2", "--header", "Top", "--footer", "{page}/{pages}",
    ])
    #expect(options.mode == .staggered)
    #expect(options.page == PageSize.named("a5")!.landscape)
    #expect(options.columns == .minimumWidth(144))
    #expect(options.margins == EdgeInsets(top: 10, right: 20, bottom: 30, left: 40))
    #expect(abs(options.gutter - 72 / 2.54) < 1e-9)
    #expect(options.padding == 72)  // 150 px at the default 150 dpi.
    #expect(options.imageAspect == 0.75)
    #expect(options.maxImageHeight == 72)
    #expect(options.imageFit == .letterbox)
    #expect(options.captionStyle == TextStyle(font: "DejaVu Serif 9", maxLines: 3))
    #expect(options.placement == .order && options.direction == .rtl)
    #expect(options.staggerOffset == 0.25)
    #expect(options.bannerCadence == BannerCadence(every: 10, template: "Page {n}"))
    #expect(options.balance == 2)
    #expect(options.header?.text == "Top" && options.footer?.text == "{page}/{pages}")
  }

  @Test("margins take one to four values, CSS style; pages take WxH and none")
  func marginsAndPages() throws {
    #expect(
      try options(["--margin", "10pt 20pt"]).margins == EdgeInsets(top: 10, right: 20, bottom: 10, left: 20))
    #expect(
      try options(["--margin", "1pt,2pt,3pt"]).margins == EdgeInsets(top: 1, right: 2, bottom: 3, left: 2))
    #expect(try options(["--page", "100x200pt"]).page == .paper(width: 100, height: 200))
    #expect(
      try options(["--page", "none", "--width", "1080px", "--dpi", "72"]).page == .continuous(width: 1080))
  }

  @Test("bad values name their option")
  func badValues() {
    let cases: [([String], String)] = [
      (["--margin", "1pt 2pt 3pt 4pt 5pt"], "--margin"), (["--image-aspect", "4x3"], "--image-aspect"),
      (["--image-aspect", "0:3"], "--image-aspect"), (["--page", "a4:sideways"], "--page"),
      (["--page", "b7"], "--page"), (["--gutter", "5furlongs"], "--gutter"),
      (["--caption-lines=-1"], "--caption-lines"), (["--banner-every=-2"], "--banner-every"),
    ]
    for (arguments, option) in cases {
      do {
        _ = try options(arguments)
        Issue.record("\(arguments) was accepted")
      } catch {
        #expect(LayoutFlags.message(for: error).contains(option), "\(arguments): \(error)")
      }
    }
    #expect(throws: (any Error).self) { try options(["--mode", "mosaic"]) }
  }
}

@Suite("Layout flags, end to end")
struct LayoutFlagsCommandTests {
  @Test("contactsheet layout applies mode, direction, banners and a header; refuses bad margins")
  func layoutFlagsEndToEnd() throws {
    let result = try ProcessRunner.run(
      FixturePaths.binary,
      [
        "layout", "--json", FixturePaths.photos.path, "--mode", "staggered", "--columns", "3", "--direction",
        "rtl", "--banner-every", "5", "--banner-template", "Set {n}", "--header", "Page {page} of {pages}",
      ])
    #expect(result.status == 0, "stderr: \(result.standardError)")
    let layout = try JSONDecoder().decode(Layout.self, from: Data(result.standardOutput.utf8))
    let elements = layout.pages.flatMap(\.elements)
    let pages = layout.pages.count
    #expect(
      elements.filter { $0.kind == .header }.map(\.text) == (1...pages).map { "Page \($0) of \(pages)" })
    #expect(elements.filter { $0.kind == .banner }.compactMap(\.text).prefix(2) == ["Set 1", "Set 2"])
    // Right to left: the first card of each block stands in the rightmost column.
    #expect(elements.first { $0.kind == .card }?.column == 2)

    let refused = try ProcessRunner.run(
      FixturePaths.binary, ["layout", "--json", FixturePaths.photos.path, "--margin", "1pt 2pt 3pt 4pt 5pt"])
    #expect(refused.status != 0)
    #expect(refused.standardError.contains("--margin"))
  }
}
