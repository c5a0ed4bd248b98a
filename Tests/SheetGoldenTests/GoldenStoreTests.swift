import Dispatch
import Foundation
import SheetDiff
import SheetGolden
import SheetImages
import TestSupport
import Testing

@Suite("Golden checks: outcomes, recording modes and evidence")
struct GoldenStoreTests {
  private func store(_ folder: URL, recording: String? = nil) -> GoldenStore {
    var environment = ["GOLDEN_FAILURES_DIR": folder.appendingPathComponent("failures").path]
    if let recording { environment["RECORD_GOLDENS"] = recording }
    return GoldenStore(folder: folder.appendingPathComponent("goldens"), environment: environment)
  }

  @Test("a missing golden fails and is not recorded on a normal run")
  func missingGolden() throws {
    let folder = try FixturePaths.temporaryFolder()
    let goldens = store(folder)
    let error = #expect(throws: GoldenMismatch.self) {
      try goldens.require(TestImages.grey(90), named: "card")
    }
    #expect(error?.description.contains("RECORD_GOLDENS=missing") == true)
    #expect(error?.description.contains("is missing") == true)
    #expect(!FileManager.default.fileExists(atPath: goldens.goldenPath("card")))
  }

  @Test(
    "RECORD_GOLDENS=missing writes new goldens only; failed also replaces failing ones; all rewrites changed pixels"
  )
  func recordModes() throws {
    let folder = try FixturePaths.temporaryFolder()
    let golden = store(folder).goldenPath("edge")
    let first = store(folder, recording: "missing").verify(TestImages.edge(at: 3.5), named: "edge")
    #expect(first.kind == .recorded)
    #expect(first.message.contains("it was missing") && first.message.contains(golden))
    #expect(try EnvironmentFingerprint.read(golden + ".json") != nil)
    // missing: an existing golden that does not match still fails and is left alone.
    let notReplaced = store(folder, recording: "missing").verify(TestImages.edge(at: 6.5), named: "edge")
    #expect(notReplaced.kind == .failed)
    #expect(try ImageReader.decode(path: golden) == TestImages.edge(at: 3.5))
    // A sub-pixel shift of the edge is anti-aliasing: within budget, so failed does not touch it.
    #expect(
      store(folder, recording: "failed").verify(TestImages.edge(at: 3.75), named: "edge").kind == .matched)
    #expect(try ImageReader.decode(path: golden) == TestImages.edge(at: 3.5))
    // failed: a failing golden is replaced, and the message says why.
    let replaced = store(folder, recording: "failed").verify(TestImages.edge(at: 6.5), named: "edge")
    #expect(replaced.kind == .recorded)
    #expect(replaced.message.contains("it was different: 24 pixels differ"))
    #expect(try ImageReader.decode(path: golden) == TestImages.edge(at: 6.5))
    // all: any changed pixel is rewritten; unchanged pixels keep the file's bytes.
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSince1970: 0)], ofItemAtPath: golden)
    #expect(store(folder, recording: "all").verify(TestImages.edge(at: 6.5), named: "edge").kind == .matched)
    #expect(
      try FileManager.default.attributesOfItem(atPath: golden)[.modificationDate] as? Date
        == Date(timeIntervalSince1970: 0))
    #expect(store(folder, recording: "1").verify(TestImages.edge(at: 6.75), named: "edge").kind == .recorded)
    #expect(try ImageReader.decode(path: golden) == TestImages.edge(at: 6.75))
    // Nothing is recorded by default, and a value naming no mode fails every check.
    #expect(store(folder).verify(TestImages.grey(3), named: "new").kind == .failed)
    let unknown = store(folder, recording: "yes").verify(TestImages.edge(at: 6.75), named: "edge")
    #expect(unknown.kind == .failed)
    #expect(unknown.message.contains("RECORD_GOLDENS=yes is not a recording mode"))
    #expect(RecordMode(environmentValue: nil) == RecordMode.none)
  }

  @Test("a failure writes expected, actual and diff to a folder of its test; a later pass removes it")
  func evidencePerTestRemovedOnPass() throws {
    let folder = try FixturePaths.temporaryFolder()
    _ = store(folder, recording: "missing").verify(TestImages.grey(90), named: "flat")
    var changed = TestImages.grey(90)
    changed.set(x: 2, y: 3, grey: 200)
    changed.set(x: 3, y: 3, grey: 200)
    let options = ComparisonOptions(maxDiffPixels: 1)
    let outcome = store(folder).verify(changed, named: "flat", options: options, test: "Suite.first")
    let other = store(folder).verify(changed, named: "flat", options: options, test: "Suite.second")
    let evidence = try #require(outcome.evidence)
    #expect(evidence.path == store(folder).evidenceFolder(test: "Suite.first", name: "flat").path)
    #expect(other.evidence != evidence)
    #expect(outcome.message.contains("2 pixels differ") && outcome.message.contains(evidence.path))
    #expect(outcome.message.contains("region x 2, y 3, 2×1"))
    #expect(outcome.evidenceFiles.map(\.name) == ["flat.expected.png", "flat.actual.png", "flat.diff.png"])
    #expect(try ImageReader.decode(path: evidence.appendingPathComponent("actual.png").path) == changed)
    // The same test passing again removes its evidence (and its empty test folder), not the other test's.
    let passed = store(folder).verify(TestImages.grey(90), named: "flat", test: "Suite.first")
    #expect(passed.kind == .matched)
    #expect(!FileManager.default.fileExists(atPath: evidence.path))
    #expect(!FileManager.default.fileExists(atPath: evidence.deletingLastPathComponent().path))
    #expect(FileManager.default.fileExists(atPath: other.evidence!.path))
  }

  @Test("by default evidence goes under the package's .build, not a folder shared by every project")
  func defaultEvidenceRoot() throws {
    let goldens = FixturePaths.packageRoot.appendingPathComponent("Tests/SheetGoldenTests/Goldens")
    let store = GoldenStore(folder: goldens, environment: [:])
    #expect(
      store.failuresFolder.path
        == FixturePaths.packageRoot.appendingPathComponent(".build/golden-failures").path)
    #expect(store.evidenceFolder(test: "M.T/f()", name: "a b").path.hasSuffix("golden-failures/M.T_f__/a_b"))
  }

  @Test("checks of the same golden in many tests at once never race")
  func parallelChecks() throws {
    let folder = try FixturePaths.temporaryFolder()
    _ = store(folder, recording: "missing").verify(TestImages.grey(90), named: "shared")
    let results = ConcurrentResults(count: 24)
    DispatchQueue.concurrentPerform(iterations: 24) { index in
      // Eight tests, each checking three times: the same folder is replaced while others write.
      let outcome = store(folder).verify(TestImages.grey(200), named: "shared", test: "T.t\(index % 8)")
      results.set(index, outcome.evidence != nil && !outcome.message.contains("Could not write"))
    }
    #expect(results.all)
    let tests = try FileManager.default.contentsOfDirectory(
      atPath: folder.appendingPathComponent("failures").path)
    #expect(tests.sorted() == (0..<8).map { "T.t\($0)" })
    for test in tests {
      let files = try FileManager.default.contentsOfDirectory(
        atPath: folder.appendingPathComponent("failures/\(test)/shared").path)
      #expect(files.sorted() == ["actual.png", "diff.png", "expected.png"])
    }
  }

  @Test("expectGolden records each failure at its own line and the test goes on")
  func expectRecordsAtCallerAndContinues() throws {
    let folder = try FixturePaths.temporaryFolder()
    let goldens = folder.appendingPathComponent("Goldens")
    try FileManager.default.createDirectory(at: goldens, withIntermediateDirectories: true)
    try TestImages.grey(90).writePNG(to: goldens.appendingPathComponent("flat.png").path)
    let firstLine = #line + 3
    var failed = 0
    withKnownIssue {
      if expectGolden(TestImages.grey(10), named: "flat", goldens: goldens).isFailure { failed += 1 }
      // Reached although the first check failed.
      if expectGolden(TestImages.grey(200), named: "flat", goldens: goldens).isFailure { failed += 1 }
    } matching: { issue in
      // Each issue sits at its own check's line, in this file (not in SheetGolden).
      issue.sourceLocation?.fileID == #fileID
        && [firstLine, firstLine + 2].contains(issue.sourceLocation?.line)
    }
    #expect(failed == 2)
    #expect(expectGolden(TestImages.grey(90), named: "flat", goldens: goldens).kind == .matched)
  }

  @Test("requireGolden throws and takes PNG data")
  func pngData() throws {
    let folder = try FixturePaths.temporaryFolder()
    let file = folder.appendingPathComponent("image.png").path
    try TestImages.edge(at: 2.5).writePNG(to: file)
    let data = try Data(contentsOf: URL(fileURLWithPath: file))
    let goldens = folder.appendingPathComponent("Goldens")
    try FileManager.default.createDirectory(at: goldens, withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: file, toPath: goldens.appendingPathComponent("edge.png").path)
    try requireGolden(data, named: "edge", threshold: 0.1, maxDiffPixels: 0, goldens: goldens)
    #expect(throws: GoldenMismatch.self) {
      try requireGolden(TestImages.grey(0, width: 10, height: 6), named: "edge", goldens: goldens)
    }
  }

  @Test("straight RGBA images are recorded byte for byte, translucent pixels included, and checked")
  func straightImages() throws {
    let folder = try FixturePaths.temporaryFolder()
    var bytes = [UInt8](repeating: 255, count: 6 * 4 * 4)
    bytes.replaceSubrange(0..<4, with: [200, 100, 50, 10])  // premultiplying would lose this colour
    bytes.replaceSubrange(4..<8, with: [0, 0, 0, 0])
    let image = StraightRGBAImage(width: 6, height: 4, bytes: bytes)
    #expect(store(folder, recording: "missing").verify(image, named: "straight").kind == .recorded)
    #expect(try PixelFile.straightRGBA(path: store(folder).goldenPath("straight")) == image)
    #expect(store(folder).verify(image, named: "straight").kind == .matched)
    var changed = image
    changed.bytes.replaceSubrange(8..<12, with: [0, 0, 0, 255])
    let outcome = store(folder).verify(changed, named: "straight")
    #expect(outcome.kind == .failed)
    #expect(outcome.comparison?.diffPixels == 1)
  }

  @Test("the metric chosen is the one used: pixelmatch forgives a faint flat change the house metric counts")
  func metricIsHonoured() throws {
    let folder = try FixturePaths.temporaryFolder()
    let goldens = store(folder, recording: "missing")
    _ = goldens.verify(TestImages.grey(90, width: 32, height: 32), named: "flat")
    let lighter = TestImages.grey(106, width: 32, height: 32)
    let house = store(folder).verify(lighter, named: "flat")
    #expect(house.kind == .failed)
    #expect(house.comparison?.diffPixels == 32 * 32)
    let pixelmatch = store(folder).verify(
      lighter, named: "flat", options: ComparisonOptions(metric: .pixelmatch))
    #expect(pixelmatch.kind == .matched)
    #expect(pixelmatch.comparison?.diffPixels == 0)
    #expect(throws: Never.self) {
      try store(folder).require(lighter, named: "flat", metric: .pixelmatch)
    }
  }

  @Test("an image file is checked by its path: recorded as a copy of its bytes, then matched or refused")
  func goldenFile() throws {
    let folder = try FixturePaths.temporaryFolder()
    let grey = folder.appendingPathComponent("grey.png").path
    let lighter = folder.appendingPathComponent("lighter.png").path
    try TestImages.grey(90, width: 16, height: 16).writePNG(to: grey)
    try TestImages.grey(140, width: 16, height: 16).writePNG(to: lighter)
    #expect(throws: Never.self) {
      try store(folder, recording: "missing").require(GoldenFile(grey), named: "file")
    }
    let recorded = store(folder).goldenPath("file")
    #expect(FileManager.default.contents(atPath: recorded) == FileManager.default.contents(atPath: grey))
    #expect(throws: Never.self) { try store(folder).require(GoldenFile(grey), named: "file") }
    let error = #expect(throws: GoldenMismatch.self) {
      try store(folder).require(GoldenFile(lighter), named: "file")
    }
    #expect(error?.description.contains("256") == true, "\(String(describing: error))")
  }

  @Test("requireGolden keeps the failure's images and counts anti-aliasing when asked")
  func requireKeepsEvidence() throws {
    let folder = try FixturePaths.temporaryFolder()
    let goldens = folder.appendingPathComponent("Goldens")
    try FileManager.default.createDirectory(at: goldens, withIntermediateDirectories: true)
    try TestImages.edge(at: 3.5).writePNG(to: goldens.appendingPathComponent("edge.png").path)
    // A sub-pixel shift is anti-aliasing: forgiven by default, counted with countAntiAliasing.
    try requireGolden(TestImages.edge(at: 3.75), named: "edge", goldens: goldens)
    let error = #expect(throws: GoldenMismatch.self) {
      try requireGolden(TestImages.edge(at: 3.75), named: "edge", countAntiAliasing: true, goldens: goldens)
    }
    let described = try #require(error?.description)
    let evidence = try #require(described.range(of: "Expected, actual and diff images: "))
    let path = String(described[evidence.upperBound...]).components(separatedBy: ". If the change")[0]
    let files = try FileManager.default.contentsOfDirectory(atPath: path)
    #expect(files.sorted() == ["actual.png", "diff.png", "expected.png"])
  }

  @Test("a changed library is named before the pixel counts")
  func environmentChange() throws {
    let folder = try FixturePaths.temporaryFolder()
    _ = store(folder, recording: "missing").verify(TestImages.grey(90), named: "env")
    let fingerprintPath = store(folder).goldenPath("env") + ".json"
    var recorded = try #require(try EnvironmentFingerprint.read(fingerprintPath))
    recorded.libraries["pango"] = "0.0.1"
    try recorded.write(to: fingerprintPath)
    let message = store(folder).verify(TestImages.grey(20), named: "env").message
    let library = try #require(message.range(of: "pango 0.0.1 → "))
    let pixels = try #require(message.range(of: "64 pixels differ"))
    #expect(library.lowerBound < pixels.lowerBound)
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

/// Booleans set from many threads.
private final class ConcurrentResults: @unchecked Sendable {
  private var values: [Bool]
  private let lock = NSLock()

  init(count: Int) { values = Array(repeating: false, count: count) }

  func set(_ index: Int, _ value: Bool) { lock.withLock { values[index] = value } }

  var all: Bool { lock.withLock { values.allSatisfy { $0 } } }
}
