import Foundation
import SheetDiff
import TestSupport
import Testing

/// The project's own goldens in `Fixtures/goldens` and the pinned fonts in `Fixtures/fonts`
/// they are drawn with: every golden says what it was drawn with, and only committed fonts.
@Suite("The project's goldens and pinned fonts")
struct GoldenFixtureTests {
  static func goldenPNGs() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: FixturePaths.goldens.path)
      .filter { $0.hasSuffix(".png") }.sorted()
  }

  static func fontFiles() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: FixturePaths.fonts.path)
      .filter { $0.hasSuffix(".ttf") || $0.hasSuffix(".otf") }.sorted()
  }

  @Test("every golden PNG has its fingerprint, NAME.png.json")
  func everyGoldenHasFingerprint() throws {
    let goldens = try Self.goldenPNGs()
    #expect(goldens.count >= 10)
    for name in goldens {
      let path = EnvironmentFingerprint.path(
        forGolden: FixturePaths.goldens.appendingPathComponent(name).path)
      let fingerprint = try EnvironmentFingerprint.read(path)
      #expect(fingerprint != nil, "\(name) has no fingerprint; record it with RECORD_GOLDENS=1")
      #expect(fingerprint?.libraries["pango"] != nil, "\(name)'s fingerprint names no pango version")
    }
  }

  @Test("fingerprints name only committed fonts in Fixtures/fonts, with their current hashes")
  func fingerprintsNamePinnedFonts() throws {
    for name in try Self.goldenPNGs() {
      let path = EnvironmentFingerprint.path(
        forGolden: FixturePaths.goldens.appendingPathComponent(name).path)
      guard let fingerprint = try EnvironmentFingerprint.read(path) else { continue }
      #expect(!fingerprint.fonts.isEmpty, "\(name)'s fingerprint names no fonts")
      let problems = fingerprint.fonts.compactMap { font -> String? in
        guard font.role == "pinned", font.file.hasPrefix("Fixtures/fonts/") else {
          return "\(font.file) (\(font.role)) is not a committed test font"
        }
        let file = FixturePaths.packageRoot.appendingPathComponent(font.file).path
        guard EnvironmentFingerprint.hash(file) == font.sha256 else {
          return "\(font.file) is not the file the golden was recorded with; re-record it"
        }
        return nil
      }
      #expect(problems.isEmpty, "\(name): \(problems.joined(separator: "; "))")
    }
  }

  @Test("the test font set is exactly the committed font files")
  func testFontsAreCommitted() throws {
    #expect(FixturePaths.pinnedFontNames.sorted() == (try Self.fontFiles()))
    for file in FixturePaths.pinnedFontFiles {
      #expect(FixturePaths.relativeToPackage(file).hasPrefix("Fixtures/fonts/"), "\(file)")
    }
  }

  @Test("LICENSE.md and SHA256SUMS name every committed font with its SHA-256")
  func licenceNamesEveryFont() throws {
    let licence = try String(
      contentsOf: FixturePaths.fonts.appendingPathComponent("LICENSE.md"), encoding: .utf8)
    let sums = try String(
      contentsOf: FixturePaths.fonts.appendingPathComponent("SHA256SUMS"), encoding: .utf8)
    for name in try Self.fontFiles() {
      let hash = EnvironmentFingerprint.hash(FixturePaths.font(name))
      #expect(licence.contains("`\(name)`") && licence.contains(hash), "LICENSE.md: \(name) \(hash)")
      #expect(sums.contains("\(hash)  \(name)\n"), "SHA256SUMS: \(name) \(hash)")
    }
    for text in ["Bitstream Vera", "SIL OPEN FONT LICENSE Version 1.1"] {
      #expect(licence.contains(text), "LICENSE.md lacks \(text)")
    }
  }
}
