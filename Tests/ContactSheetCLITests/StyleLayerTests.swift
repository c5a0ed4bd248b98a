import Foundation
import SheetLayout
import TestSupport
import Testing

@testable import ContactSheet
@testable import ContactSheetCLI

/// Style layers merged as data: defaults < preset < manifest style < --style < flags typed.
@Suite("Style layers")
struct StyleLayerTests {
  /// Writes `files` (name → text) to a new folder and returns their paths by name.
  private func write(_ files: [String: String], function: String = #function) throws -> [String: String] {
    let folder = try FixturePaths.temporaryFolder(function)
    var paths: [String: String] = [:]
    for (name, text) in files {
      let url = folder.appendingPathComponent(name)
      try Data(text.utf8).write(to: url)
      paths[name] = url.path
    }
    return paths
  }

  /// The job of the `layout` command for `arguments`, its styles applied.
  private func styled(_ arguments: [String]) throws -> SheetJob {
    let command = try #require(try ContactSheetCommand.parseAsRoot(["layout"] + arguments) as? LayoutCommand)
    return try command.job(maxPixels: 200_000_000)
  }

  /// The message `arguments` fail with.
  private func failure(_ arguments: [String]) -> String {
    do {
      _ = try styled(arguments)
      Issue.record("\(arguments) was accepted")
      return ""
    } catch {
      return "\(error)"
    }
  }

  @Test("each layer overrides the ones before it, and flags typed override them all")
  func precedence() throws {
    let paths = try write([
      "m.json": #"{"style": {"columns": 5, "gutter": "3pt", "shadow": {"blur": "2pt"}}, "items": ["a.jpg"]}"#,
      "look.yaml": "gutter: 7pt\nno-shadow: false\ncaption: \"{stem}\"\nfont-file: [a.ttf, b.ttf]\n",
    ])
    let manifest = try #require(paths["m.json"])
    let look = try #require(paths["look.yaml"])
    let layered = try styled([manifest, "--preset", "proof", "--style", look])
    // proof sets grid, 8 columns, 4pt gutter and no shadow; the manifest 5 columns and 3pt;
    // the style file 7pt, shadows back on, a caption and fonts.
    #expect(layered.layoutOptions.mode == .grid)
    #expect(layered.layoutOptions.columns == .count(5))
    #expect(layered.layoutOptions.gutter == 7)
    #expect(layered.style.shadow?.blur == 2)
    #expect(layered.style.cornerRadius == 0)
    #expect(layered.inputs.caption == CaptionChoice("{stem}", source: "--caption"))
    #expect(layered.fonts == .pinned(["a.ttf", "b.ttf"]))
    #expect(layered.layoutOptions.page == PageSize.named("a4") && layered.output.dpi == 150)

    let typed = try styled([
      manifest, "--preset", "proof", "--style", look, "--columns", "2", "--gutter", "1pt", "--no-shadow",
      "--caption", "{name}", "--font-file", "c.ttf", "--mode", "waterfall",
    ])
    #expect(typed.layoutOptions.columns == .count(2) && typed.layoutOptions.gutter == 1)
    #expect(typed.layoutOptions.mode == .waterfall && typed.style.shadow == nil)
    #expect(typed.inputs.caption?.text == "{name}" && typed.fonts == .pinned(["c.ttf"]))
  }

  @Test("the manifest read for its style is the one the catalog is built from")
  func manifestReadOnce() throws {
    let paths = try write(["m.yaml": "title: Once\nstyle: {columns: 3}\nitems: [a.jpg, b.jpg]\n"])
    let path = try #require(paths["m.yaml"])
    let job = try styled([path])
    let manifest = try #require(job.inputs.manifests[path])
    #expect(manifest.title == "Once" && manifest.entries.count == 2)
    // Remove the file: the catalog still comes from the value already read.
    try FileManager.default.removeItem(atPath: path)
    let catalog = try InputCollector(manifests: job.inputs.manifests).collect([path])
    #expect(catalog.title == "Once" && catalog.items.count == 2)
    #expect(catalog.items.first?.origin == "\(path):3:9")
  }

  @Test("a bad key names its layer and place, and suggests the nearest key")
  func unknownKey() throws {
    let paths = try write([
      "look.yaml": "columns: 3\nshadow:\n  blurr: 2pt\n",
      "m.json": "{\n  \"style\": {\"colums\": 3}, \"items\": []\n}",
    ])
    let look = failure(["x.jpg", "--style", try #require(paths["look.yaml"])])
    #expect(look.contains("look.yaml:3:3: 'shadow-blurr' is not a style key"), "\(look)")
    #expect(look.contains("did you mean 'shadow-blur'?"), "\(look)")
    let manifest = failure([try #require(paths["m.json"])])
    #expect(
      manifest.contains("m.json:2:13: 'colums' is not a style key (contactsheet has no --colums option)"))
    #expect(manifest.contains("did you mean 'columns'?"), "\(manifest)")
  }

  @Test("run options, wrong kinds and bad values are refused where they are written")
  func refusedSettings() throws {
    let cases: [(String, String)] = [
      ("output: x.pdf\n", "s.yaml:1:1: 'output' cannot be set in a style; give it on the command line"),
      ("max:\n  pixels: 5\n", "s.yaml:2:3: 'max-pixels' cannot be set in a style"),
      ("columns: three\n", "s.yaml:1:1: 'columns' cannot be 'three'; give a whole number"),
      ("mode: mosaic\n", "'mode' cannot be 'mosaic'; use one of waterfall, staggered, grid"),
      ("stagger: half\n", "'stagger' cannot be 'half'; give a number"),
      ("no-shadow: \"true\"\n", "s.yaml:1:1: 'no-shadow' is a flag: write true or false"),
      ("no-shadow: yes\n", "'no-shadow' is a flag"),
      ("header: false\n", "'header' takes a value, not false"),
      ("columns: [3, 4]\n", "'columns' takes one value, not a list"),
      ("font-file: [a.ttf, {b: c}]\n", "s.yaml:1:20: 'font-file' lists must hold single values"),
      ("- columns\n", "s.yaml:1:1: a style is a mapping"),
      ("banner-every: 2\nwhatever: 1\n", "s.yaml:2:1: 'whatever' is not a style key"),
      (
        "shadow:\n  blur: 8pt\nshadow-blur: 2pt\n",
        "s.yaml:3:1: 'shadow-blur' is already set in this style, at 2:3"
      ),
    ]
    for (text, message) in cases {
      let paths = try write(["s.yaml": text])
      let error = failure(["x.jpg", "--style", try #require(paths["s.yaml"])])
      #expect(error.contains(message), "\(text): \(error)")
    }
  }

  @Test("a bad preset value would be reported against the preset")
  func presetMessages() throws {
    let layer = StyleLayer(
      settings: [StyleSetting(key: "colums", value: "3", origin: "preset test")])
    #expect(throws: InputError.self) { try layer.validate() }
    do {
      try layer.validate()
    } catch {
      #expect("\(error)".hasPrefix("preset test: 'colums'"))
    }
  }

  @Test("suggestions come only when a key is close")
  func suggestions() {
    #expect(KeySuggestion.nearest(to: "colums", among: StyleKeys.all.map(\.name)) == "columns")
    #expect(KeySuggestion.nearest(to: "shadow_colour", among: StyleKeys.all.map(\.name)) == "shadow-color")
    #expect(KeySuggestion.nearest(to: "zebra", among: StyleKeys.all.map(\.name)) == nil)
    #expect(KeySuggestion.distance("", "abc") == 3 && KeySuggestion.distance("kitten", "sitting") == 3)
  }
}
