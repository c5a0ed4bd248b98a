import Foundation
import TestSupport
import Testing

/// ContactSheet as other projects use it: a dependency by version, with no unsafe flags, whose
/// golden-test library stays light.
@Suite("Packaging: a versioned dependency other packages can build", .serialized)
struct ConsumerPackageTests {
  @Test("a consumer package depends on a tagged clone by version and runs a golden test with SheetGolden")
  func consumerBuildsAndTests() throws {
    let folder = try FixturePaths.temporaryFolder()
    let repository = folder.appendingPathComponent("ContactSheet.git")
    try run("git", ["clone", "--quiet", "--bare", FixturePaths.packageRoot.path, repository.path])
    try run("git", ["-C", repository.path, "tag", "1.0.0", "HEAD"])

    let consumer = folder.appendingPathComponent("Consumer")
    let tests = consumer.appendingPathComponent("Tests/ConsumerTests")
    try FileManager.default.createDirectory(
      at: tests.appendingPathComponent("Goldens"), withIntermediateDirectories: true)
    try Self.manifest(repository: repository).write(
      to: consumer.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
    try Self.testFile.write(
      to: tests.appendingPathComponent("GradientTests.swift"), atomically: true, encoding: .utf8)

    // The golden is recorded by the consumer's own first run, as a user would. The build
    // prints no warning of ours: no unsafe flags, no -fopenmp (libraw_r.pc). One remains that
    // SwiftPM prints for every system library of a dependency, used or not: -pthread, from the
    // Cflags of gthread-2.0.pc, which Pango's pkg-config file requires.
    let build = try run("swift", ["build", "--build-tests"], in: consumer)
    let warnings = (build.standardOutput + build.standardError).split(separator: "\n").filter {
      $0.contains("warning:") && !$0.contains("warning: prohibited flag(s): -pthread")
    }
    #expect(warnings.isEmpty, "\(warnings)")
    let record = try run(
      "swift", ["test", "--filter", "gradientMatches|straightMatches"], in: consumer,
      environment: ["RECORD_GOLDENS": "missing"])
    let recordOutput = record.standardOutput + record.standardError
    #expect(FileManager.default.fileExists(atPath: tests.appendingPathComponent("Goldens/gradient.png").path))
    // The recording's warning points at the consumer's own line, not into SheetGolden.
    #expect(recordOutput.contains("GradientTests.swift:\(Self.requireLine)"), "\(recordOutput)")

    let attachments = folder.appendingPathComponent("attachments")
    try FileManager.default.createDirectory(at: attachments, withIntermediateDirectories: true)
    let result = try run("swift", ["test", "--attachments-path", attachments.path], in: consumer)
    let output = result.standardOutput + result.standardError
    #expect(output.contains("Test run with 4 tests"), "\(output)")
    #expect(output.contains("passed"), "\(output)")
    // requireGolden's failure attached its images, like expectGolden's.
    let attached = (try? FileManager.default.subpathsOfDirectory(atPath: attachments.path)) ?? []
    for image in ["expected", "actual", "diff"] {
      #expect(attached.contains { $0.hasSuffix(".png") && $0.contains(image) }, "\(attached)")
    }

    // What the test binary links: the three decoders SheetGolden reads with, and no other
    // image, colour, PDF or text library.
    let bundle = consumer.appendingPathComponent(".build/debug/ConsumerPackageTests.xctest").path
    let linked = try run("ldd", [bundle]).standardOutput
    for needed in ["libpng16", "libturbojpeg", "libwebp"] {
      #expect(linked.contains(needed), "\(needed) missing from: \(linked)")
    }
    for heavy in [
      "libheif", "libraw", "libtiff", "liblcms2", "libexif", "libpoppler", "libcairo", "libpango", "libqpdf",
      "libcrypto", "libexempi", "libqrencode", "libde265", "libx265", "libdav1d", "libaom",
    ] {
      #expect(!linked.contains(heavy), "the SheetGolden consumer links \(heavy)")
    }
  }

  @Test("SheetGolden's dependency closure holds no Pango, Cairo, poppler, renderer or heavy decoder")
  func goldenLibraryIsLight() throws {
    // A scratch folder of its own: the package's .build is locked by the `swift test` running this.
    let scratch = try FixturePaths.temporaryFolder().path
    let result = try run(
      "swift", ["package", "--scratch-path", scratch, "dump-package"], in: FixturePaths.packageRoot)
    let root = try #require(
      try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
    let targets = try #require(root["targets"] as? [[String: Any]])
    var dependencies: [String: [String]] = [:]
    for target in targets {
      guard let name = target["name"] as? String else { continue }
      let named = (target["dependencies"] as? [[String: Any]] ?? []).compactMap { dependency in
        (dependency["byName"] ?? dependency["target"] ?? dependency["product"]).flatMap { $0 as? [Any] }?
          .first as? String
      }
      dependencies[name] = named
    }
    var closure: Set<String> = []
    var queue = ["SheetGolden"]
    while let next = queue.popLast() {
      guard closure.insert(next).inserted else { continue }
      queue += dependencies[next] ?? []
    }
    #expect(closure.contains("SheetDiff") && closure.contains("SheetPixels"))
    for heavy in [
      "CPangoCairo", "CPoppler", "SheetText", "SheetRender", "SheetLayout", "SheetCompare", "SheetImages",
      "CHeif",
      "CRaw", "CTIFF", "CLCMS", "CExif",
    ] {
      #expect(!closure.contains(heavy), "SheetGolden depends on \(heavy)")
    }
  }

  /// Runs `tool`, failing the test with its output when it exits non-zero.
  @discardableResult
  private func run(
    _ tool: String, _ arguments: [String], in folder: URL? = nil, environment: [String: String]? = nil
  ) throws -> ProcessResult {
    let result = try ProcessRunner.run(tool, arguments, environment: environment, currentDirectory: folder)
    try #require(
      result.status == 0,
      "\(tool) \(arguments.joined(separator: " ")) failed: \(result.standardOutput)\(result.standardError)")
    return result
  }

  private static func manifest(repository: URL) -> String {
    """
    // swift-tools-version: 6.0
    import PackageDescription

    let package = Package(
      name: "Consumer",
      dependencies: [
        .package(url: "\(repository.absoluteString)", from: "1.0.0")
      ],
      targets: [
        .testTarget(
          name: "ConsumerTests",
          dependencies: [
            .product(name: "SheetGolden", package: "ContactSheet")
          ],
          exclude: ["Goldens"])
      ]
    )

    """
  }

  /// The line of `requireGolden` in `gradientMatches`, in `testFile`.
  private static let requireLine =
    testFile.split(separator: "\n", omittingEmptySubsequences: false).firstIndex {
      $0.contains("try requireGolden(gradient(), named:")
    }! + 1

  private static let testFile = """
    import SheetGolden
    import Testing

    func gradient(marked: Bool = false) -> RasterImage {
      var pixels: [UInt8] = []
      for y in 0..<48 {
        for x in 0..<64 {
          let level = UInt8(x * 4)
          let mark = marked && (10..<20).contains(x) && (10..<20).contains(y)
          pixels += mark ? [0, 0, 0, 255] : [level, UInt8(y * 5), 255 - level, 255]
        }
      }
      return RasterImage(width: 64, height: 48, pixels: pixels, hasAlpha: false)
    }

    @Test func gradientMatches() throws {
      try requireGolden(gradient(), named: "gradient")
    }

    @Test func straightMatches() {
      var bytes: [UInt8] = []
      for index in 0..<(16 * 8) {
        let alpha: UInt8 = index % 2 == 0 ? 255 : 90
        bytes += [UInt8(index), 40, 200, alpha]
      }
      let image = StraightRGBAImage(width: 16, height: 8, bytes: bytes)
      expectGolden(image, named: "straight", countAntiAliasing: true, metric: .pixelmatch)
    }

    @Test func changedGradientFails() throws {
      #expect(throws: GoldenMismatch.self) {
        try requireGolden(gradient(marked: true), named: "gradient")
      }
    }

    @Test func expectGoesOn() {
      var checks = 0
      withKnownIssue {
        expectGolden(gradient(marked: true), named: "gradient")
        checks += 1
      }
      #expect(checks == 1)
      #expect(expectGolden(gradient(), named: "gradient").kind == .matched)
    }

    """
}
