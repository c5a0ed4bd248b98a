import Foundation
import FoundationXML
import SheetCompare
import SheetImages
import SheetSupport
import TestSupport
import Testing

/// End-to-end: JUnit XML, the HTML review page (loaded in Debian's chromium), approving
/// changes and merging sharded results, through the built `contactsheet`.
@Suite("contactsheet compare: JUnit, HTML, approve, merge", .serialized)
struct ReviewOutputTests {
  /// `expected/` and `actual/` with one file of each kind: same.png (identical), changed.png
  /// (a 10×10 block at 200,100 and a 3×3 one at 400,300), missing.png (expected only) and
  /// extra.png (actual only).
  private func folders(_ name: String = #function) throws -> (root: URL, expected: String, actual: String) {
    let root = try FixturePaths.temporaryFolder(name)
    let expected = root.appendingPathComponent("expected")
    let actual = root.appendingPathComponent("actual")
    let photo = TestImages.noise(width: 600, height: 400)
    var changed = photo
    for y in 100..<110 { for x in 200..<210 { changed.set(x: x, y: y, bgra: (0, 0, 255, 255)) } }
    for y in 300..<303 { for x in 400..<403 { changed.set(x: x, y: y, bgra: (255, 0, 0, 255)) } }
    try photo.writePNG(to: expected.appendingPathComponent("same.png").path)
    try photo.writePNG(to: actual.appendingPathComponent("same.png").path)
    try photo.writePNG(to: expected.appendingPathComponent("changed.png").path)
    try changed.writePNG(to: actual.appendingPathComponent("changed.png").path)
    try TestImages.noise(width: 60, height: 40, seed: 2).writePNG(
      to: expected.appendingPathComponent("missing.png").path)
    try TestImages.noise(width: 60, height: 40, seed: 3).writePNG(
      to: actual.appendingPathComponent("extra.png").path)
    return (root, expected.path, actual.path)
  }

  private func contactsheet(_ arguments: [String], in folder: URL? = nil) throws -> ProcessResult {
    try ProcessRunner.run(FixturePaths.binary, arguments, currentDirectory: folder)
  }

  @Test("--junit: one test case per file, failures typed by the vocabulary with message and evidence paths")
  func junit() throws {
    let (root, expected, actual) = try folders()
    let xmlPath = root.appendingPathComponent("reports/junit.xml").path
    let result = try contactsheet([
      "compare", expected, actual, "--junit", xmlPath, "--diff", root.appendingPathComponent("diffs").path,
    ])
    #expect(result.status == 1)
    #expect(result.standardOutput.contains("4 files compared: 1 matched, 1 different, 1 missing, 1 extra"))
    let document = try XMLDocument(contentsOf: URL(fileURLWithPath: xmlPath))
    let suite = try #require(try document.nodes(forXPath: "/testsuites/testsuite").first as? XMLElement)
    #expect(suite.attribute(forName: "tests")?.stringValue == "4")
    #expect(suite.attribute(forName: "failures")?.stringValue == "3")
    let cases = try document.nodes(forXPath: "//testcase").compactMap { $0 as? XMLElement }
    #expect(
      cases.compactMap { $0.attribute(forName: "name")?.stringValue } == [
        "changed.png", "extra.png", "missing.png", "same.png",
      ])
    let failures = try document.nodes(forXPath: "//failure").compactMap { $0 as? XMLElement }
    #expect(
      failures.compactMap { $0.attribute(forName: "type")?.stringValue } == ["different", "extra", "missing"])
    let changed = try #require(failures.first)
    let message = changed.attribute(forName: "message")?.stringValue ?? ""
    #expect(message.contains("109 pixels differ") && message.contains("region x 200, y 100, 10×10"))
    #expect(message.contains("% of full scale"))
    let body = changed.stringValue ?? ""
    let diff = root.appendingPathComponent("diffs/changed.diff.png").path
    #expect(body.contains("diff: \(diff)") && body.contains("actual: \(actual)/changed.png"))
    #expect(FileManager.default.fileExists(atPath: diff))
    // Each case's own time, and its images as attachments CI servers show.
    let changedCase = try #require(cases.first)
    #expect(Double(changedCase.attribute(forName: "time")?.stringValue ?? "") ?? 0 > 0)
    let output = try #require(try changedCase.nodes(forXPath: "system-out").first?.stringValue)
    #expect(
      output.split(separator: "\n") == [
        "[[ATTACHMENT|\(expected)/changed.png]]", "[[ATTACHMENT|\(actual)/changed.png]]",
        "[[ATTACHMENT|\(diff)]]",
      ])
    #expect(try cases[3].nodes(forXPath: "system-out").isEmpty, "a matched case attaches nothing")
  }

  @Test(
    "--html: a self-contained page chromium loads, with filters, views, zoom to regions and keyboard help")
  func html() throws {
    let (root, expected, actual) = try folders()
    let page = root.appendingPathComponent("review")
    #expect(try contactsheet(["compare", expected, actual, "--html", page.path]).status == 1)
    let index = page.appendingPathComponent("index.html")
    let source = try String(contentsOf: index, encoding: .utf8)
    // Offline: nothing fetched from elsewhere; every image it names is in the folder.
    #expect(!source.contains("http://") && !source.contains("https://") && !source.contains("//cdn"))
    let sources = source.matches(of: /src="([^"]+)"/).map { String($0.1) }
    #expect(sources.count >= 6)
    for file in sources {
      #expect(
        !file.hasPrefix("/")
          && FileManager.default.fileExists(atPath: page.appendingPathComponent(file).path), "\(file)")
    }
    // The page after its script ran: the changed case opened in the slider, zoomed to its second region.
    let changed = "case-0"
    let dom = try ProcessRunner.run(
      "chromium",
      [
        "--headless", "--no-sandbox", "--disable-gpu", "--virtual-time-budget=2000", "--dump-dom",
        "file://\(index.path)#\(changed)&mode=slider&zoom=2&overlay=1",
      ])
    try #require(dom.status == 0, "\(dom.standardError)")
    let html = dom.standardOutput
    #expect(html.contains("data-ready=\"true\""))
    #expect(html.contains("4 files compared: 1 matched, 1 different, 1 missing, 1 extra"))
    for filter in ["failed", "missing", "extra", "passed"] {
      #expect(html.contains("data-filter=\"\(filter)\""), "\(filter)")
    }
    #expect(html.contains("id=\"case-0\" tabindex=\"-1\"") && html.contains("data-status=\"failed\""))
    #expect(html.contains("data-status=\"missing\"") && html.contains("data-status=\"extra\""))
    #expect(html.contains("class=\"viewer with-overlay\" data-mode=\"slider\""))
    #expect(html.contains("class=\"region active\" data-x=\"400\" data-y=\"300\" data-w=\"3\" data-h=\"3\""))
    // Zoomed to x 400 of 600: the slider's cut, mid-screen, falls at about two thirds of the image.
    #expect(html.contains("scale(") && html.contains("clip-path: inset(0px 0px 0px 66.9"))
    for mode in ["side", "slider", "onion", "blink", "diff"] {
      #expect(html.contains("data-mode=\"\(mode)\""), "\(mode)")
    }
    // The passed case is listed but hidden by default (passed is off); the others show.
    #expect(html.contains("class=\"case matched hidden\""))
    #expect(html.contains("data-shown=\"3\""))
    let shot = root.appendingPathComponent("review.png").path
    _ = try ProcessRunner.run(
      "chromium",
      [
        "--headless", "--no-sandbox", "--disable-gpu", "--virtual-time-budget=2000", "--window-size=1200,900",
        "--screenshot=\(shot)", "file://\(index.path)#\(changed)&only&mode=slider&zoom=1",
      ])
    let image = try ImageReader.decode(path: shot)
    #expect(image.width == 1200 && image.height == 900)
  }

  @Test(
    "--html and --junit with names holding #, %, ?, a tab and a byte that is not UTF-8: every image shows")
  func awkwardNames() throws {
    let root = try FixturePaths.temporaryFolder()
    let names = [
      Array("a#b%c?d.png".utf8), Array("caf".utf8) + [0xE9] + Array(".png".utf8), Array("tab\there.png".utf8),
    ]
    let scratch = root.appendingPathComponent("scratch.png").path
    try TestImages.noise(width: 40, height: 30, seed: 1).writePNG(to: scratch)
    let first = try Data(contentsOf: URL(fileURLWithPath: scratch))
    try TestImages.noise(width: 40, height: 30, seed: 2).writePNG(to: scratch)
    let second = try Data(contentsOf: URL(fileURLWithPath: scratch))
    for name in names {
      for (folder, data) in [("expected", first), ("actual", second)] {
        try FileManager.default.createDirectory(
          at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        let path = PathBytes.string(Array("\(root.path)/\(folder)/".utf8) + name)
        let descriptor = PathBytes.withCString(path) { open($0, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
        try #require(descriptor >= 0)
        _ = data.withUnsafeBytes { write(descriptor, $0.baseAddress!, $0.count) }
        close(descriptor)
      }
    }
    let result = try contactsheet(
      ["compare", "expected", "actual", "--html", "review", "--junit", "j.xml"], in: root)
    #expect(result.status == 1, "\(result.standardError)")
    let page = try String(contentsOf: root.appendingPathComponent("review/index.html"), encoding: .utf8)
    #expect(page.contains("caf\\xE9.png"), "a name that is not UTF-8 is shown escaped")
    let sources = page.components(separatedBy: "src=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
    #expect(sources.count >= 9)
    for source in Set(sources) {
      // Each URL, percent-decoded to bytes, names a file of the page's folder.
      var bytes: [UInt8] = []
      var characters = Array(source.utf8)[...]
      while let byte = characters.popFirst() {
        if byte == UInt8(ascii: "%"),
          let value = UInt8(String(decoding: characters.prefix(2), as: UTF8.self), radix: 16)
        {
          bytes.append(value)
          characters = characters.dropFirst(2)
        } else {
          bytes.append(byte)
        }
      }
      let path = PathBytes.string(Array((root.path + "/review/").utf8) + bytes)
      #expect(PathBytes.status(path) != nil, "\(source) names no file")
    }
    _ = try XMLDocument(contentsOf: root.appendingPathComponent("j.xml"))
  }

  @Test(
    "approve RESULTS.json replaces different goldens, adds extra ones, keeps missing ones, and lists them")
  func approve() throws {
    let (root, expected, actual) = try folders()
    let results = root.appendingPathComponent("results.json").path
    // Absolute folders below the working folder are stored relative to it.
    #expect(try contactsheet(["compare", expected, actual, "--results", results], in: root).status == 1)
    let stored = try JSONDecoder().decode(
      ComparisonSummary.self, from: Data(contentsOf: URL(fileURLWithPath: results)))
    #expect(stored.roots == ComparedRoots(golden: "expected", actual: "actual"))
    #expect(stored.cases.first { $0.name == "changed.png" }?.actualPath == "changed.png")
    let approved = try contactsheet(["approve", results], in: root)
    #expect(approved.status == 0, "\(approved.standardError)")
    #expect(approved.standardOutput.contains("replaced expected/changed.png with actual/changed.png"))
    #expect(approved.standardOutput.contains("added expected/extra.png from actual/extra.png"))
    #expect(approved.standardOutput.contains("kept expected/missing.png: its actual file is missing"))
    #expect(approved.standardOutput.contains("2 goldens written, 1 kept"))
    let again = try contactsheet(["compare", expected, actual])
    #expect(again.standardOutput.contains("4 files compared: 3 matched, 1 missing"))
  }

  @Test("--update approves in the same run")
  func update() throws {
    let (_, expected, actual) = try folders()
    // Folders named on the command line are used as given, even outside the working folder.
    let result = try contactsheet(["compare", expected, actual, "--update"], in: URL(fileURLWithPath: "/"))
    #expect(result.standardOutput.contains("replaced \(expected)/changed.png"))
    #expect(
      try ImageReader.decode(path: "\(expected)/changed.png")
        == ImageReader.decode(path: "\(actual)/changed.png"))
    #expect(try contactsheet(["compare", "\(expected)/changed.png", "\(actual)/changed.png"]).status == 0)
  }

  @Test("compare merge combines sharded results into one tally, JUnit and HTML page")
  func merge() throws {
    let (root, expected, actual) = try folders()
    let first = root.appendingPathComponent("a.json").path
    let second = root.appendingPathComponent("b.json").path
    _ = try contactsheet(
      ["compare", "\(expected)/changed.png", "\(actual)/changed.png", "--results", first], in: root)
    _ = try contactsheet(
      ["compare", "\(expected)/same.png", "\(actual)/same.png", "--results", second], in: root)
    let junit = root.appendingPathComponent("merged.xml").path
    let page = root.appendingPathComponent("merged")
    let merged = try contactsheet(
      ["compare", "merge", first, second, "--junit", junit, "--html", page.path], in: root)
    #expect(merged.status == 1)
    #expect(merged.standardOutput.contains("2 files compared: 1 matched, 1 different"))
    let document = try XMLDocument(contentsOf: URL(fileURLWithPath: junit))
    #expect(try document.nodes(forXPath: "//testcase").count == 2)
    let source = try String(contentsOf: page.appendingPathComponent("index.html"), encoding: .utf8)
    #expect(source.contains("changed.png") && source.contains("same.png"))
    // The images live in the page's folder, so the shards' folders can go.
    let copy = page.appendingPathComponent("images/0-1-actual.png").path
    #expect(FileManager.default.fileExists(atPath: copy))
    // Copied, never linked: the shard's file keeps one link.
    #expect(
      (try FileManager.default.attributesOfItem(atPath: "\(actual)/changed.png")[.referenceCount] as? Int)
        == 1)
    let bad = root.appendingPathComponent("bad.json").path
    try Data("{}".utf8).write(to: URL(fileURLWithPath: bad))
    let refused = try contactsheet(["compare", "merge", bad])
    #expect(refused.status == 2)
    #expect(refused.standardError.contains("bad.json: not the JSON results of contactsheet compare"))
  }

  @Test(
    "compare merge after a shard's images were deleted: the page is written, says which are gone, and a warning names one"
  )
  func mergeWithImagesGone() throws {
    let (root, expected, actual) = try folders()
    let results = root.appendingPathComponent("shard.json").path
    _ = try contactsheet(
      ["compare", "\(expected)/changed.png", "\(actual)/changed.png", "--results", results], in: root)
    try FileManager.default.removeItem(atPath: "\(actual)/changed.png")
    let page = root.appendingPathComponent("review")
    let merged = try contactsheet(["compare", "merge", results, "--html", page.path], in: root)
    #expect(merged.status == 1)
    #expect(merged.standardError.contains("review page: an image the results name no longer exists"))
    #expect(merged.standardError.contains("actual/changed.png"))
    let source = try String(contentsOf: page.appendingPathComponent("index.html"), encoding: .utf8)
    #expect(source.contains("images not found (moved or deleted since the comparison): actual/changed.png"))
    // The expected image is still there and still copied in.
    #expect(source.contains("images/0-1-expected.png"))
  }
}
