import Foundation
import SheetDiff
import SheetGolden
import SheetImages
import TestSupport
import Testing

@Suite("Golden assertions for tests")
struct GoldenStoreTests {
  private func store(_ folder: URL, recording: Bool = false) -> GoldenStore {
    var environment = ["GOLDEN_FAILURES_DIR": folder.appendingPathComponent("failures").path]
    if recording { environment["RECORD_GOLDENS"] = "1" }
    return GoldenStore(folder: folder.appendingPathComponent("goldens"), environment: environment)
  }

  @Test("a missing golden fails and is not recorded on a normal run")
  func missingGolden() throws {
    let folder = try FixturePaths.temporaryFolder()
    let goldens = store(folder)
    let error = #expect(throws: GoldenMismatch.self) {
      try goldens.expectMatches(TestImages.grey(90), named: "card")
    }
    #expect(error?.description.contains("RECORD_GOLDENS=1") == true)
    #expect(!FileManager.default.fileExists(atPath: goldens.goldenPath("card")))
  }

  @Test("RECORD_GOLDENS=1 writes the golden and its fingerprint; then it matches")
  func recordThenMatch() throws {
    let folder = try FixturePaths.temporaryFolder()
    try store(folder, recording: true).expectMatches(TestImages.edge(at: 3.5), named: "edge")
    let golden = store(folder).goldenPath("edge")
    #expect(FileManager.default.fileExists(atPath: golden))
    #expect(try EnvironmentFingerprint.read(golden + ".json") != nil)
    try store(folder).expectMatches(TestImages.edge(at: 3.5), named: "edge")
    // Re-recording the same pixels leaves the file alone; new pixels replace it.
    let written = try FileManager.default.attributesOfItem(atPath: golden)[.modificationDate] as? Date
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSince1970: 0)], ofItemAtPath: golden)
    try store(folder, recording: true).expectMatches(TestImages.edge(at: 3.5), named: "edge")
    #expect(
      try FileManager.default.attributesOfItem(atPath: golden)[.modificationDate] as? Date
        == Date(timeIntervalSince1970: 0))
    #expect(written != nil)
    // A sub-pixel shift of the edge is anti-aliasing: still a match.
    try store(folder).expectMatches(TestImages.edge(at: 3.75), named: "edge")
    try store(folder, recording: true).expectMatches(TestImages.edge(at: 5.5), named: "edge")
    #expect(try ImageReader.decode(path: golden) == TestImages.edge(at: 5.5))
  }

  @Test("a mismatch names the failures folder holding the actual, diff and expected images")
  func mismatchWritesEvidence() throws {
    let folder = try FixturePaths.temporaryFolder()
    try store(folder, recording: true).expectMatches(TestImages.grey(90), named: "flat")
    var changed = TestImages.grey(90)
    changed.set(x: 2, y: 3, grey: 200)
    changed.set(x: 3, y: 3, grey: 200)
    try store(folder).expectMatches(changed, named: "flat", maxDiffPixels: 2)
    let error = #expect(throws: GoldenMismatch.self) {
      try store(folder).expectMatches(changed, named: "flat", maxDiffPixels: 1)
    }
    let message = error?.description ?? ""
    let evidence = folder.appendingPathComponent("failures/flat")
    #expect(message.contains("2 pixels differ"))
    #expect(message.contains(evidence.path))
    for name in ["actual.png", "diff.png", "expected.png"] {
      #expect(FileManager.default.fileExists(atPath: evidence.appendingPathComponent(name).path), "\(name)")
    }
    let actual = try ImageReader.decode(path: evidence.appendingPathComponent("actual.png").path)
    #expect(actual == changed)
  }

  @Test("a changed library is named before the pixel counts")
  func environmentChange() throws {
    let folder = try FixturePaths.temporaryFolder()
    try store(folder, recording: true).expectMatches(TestImages.grey(90), named: "env")
    let fingerprintPath = store(folder).goldenPath("env") + ".json"
    var recorded = try #require(try EnvironmentFingerprint.read(fingerprintPath))
    recorded.libraries["pango"] = "0.0.1"
    try recorded.write(to: fingerprintPath)
    let error = #expect(throws: GoldenMismatch.self) {
      try store(folder).expectMatches(TestImages.grey(20), named: "env")
    }
    let message = error?.description ?? ""
    let library = try #require(message.range(of: "pango 0.0.1 → "))
    let pixels = try #require(message.range(of: "64 pixels differ"))
    #expect(library.lowerBound < pixels.lowerBound)
  }

  @Test("expectMatchesGolden takes PNG data")
  func pngData() throws {
    let folder = try FixturePaths.temporaryFolder()
    let file = folder.appendingPathComponent("image.png").path
    try TestImages.edge(at: 2.5).writePNG(to: file)
    let data = try Data(contentsOf: URL(fileURLWithPath: file))
    let goldens = folder.appendingPathComponent("Goldens")
    try FileManager.default.createDirectory(at: goldens, withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: file, toPath: goldens.appendingPathComponent("edge.png").path)
    try expectMatchesGolden(data, named: "edge", threshold: 0.1, maxDiffPixels: 0, goldens: goldens)
    #expect(throws: GoldenMismatch.self) {
      try expectMatchesGolden(TestImages.grey(0, width: 10, height: 6), named: "edge", goldens: goldens)
    }
  }

  @Test("PNG files written and read through libpng keep their pixels, alpha included")
  func pngRoundTrip() throws {
    let folder = try FixturePaths.temporaryFolder()
    let opaque = TestImages.edge(at: 4.5)
    var translucent = opaque
    translucent.set(x: 1, y: 1, bgra: (0, 0, 64, 128))
    for (path, source) in [("opaque.png", opaque), ("alpha.png", translucent)] {
      let file = folder.appendingPathComponent(path).path
      try source.writePNG(to: file)
      #expect(try ImageReader.decode(path: file) == source)
    }
  }
}
