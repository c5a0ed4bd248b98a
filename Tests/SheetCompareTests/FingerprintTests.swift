import Foundation
import SheetCompare
import SheetDiff
import SheetSupport
import TestSupport
import Testing

@Suite("Environment fingerprints")
struct FingerprintTests {
  @Test("this machine's fingerprint names the five libraries and hashes fonts")
  func current() {
    let fingerprint = EnvironmentFingerprint.current()
    for library in ["cairo", "pango", "freetype", "fontconfig", "harfbuzz"] {
      #expect(fingerprint.libraries[library]?.first?.isNumber == true, "\(library)")
    }
    #expect(!fingerprint.fonts.isEmpty)
    #expect(fingerprint.fonts.allSatisfy { $0.sha256.count == 64 })
  }

  @Test("pinned font files are hashed with SHA-256")
  func pinnedFonts() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fp-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let font = folder.appendingPathComponent("font.ttf")
    try Data("abc".utf8).write(to: font)
    let fingerprint = EnvironmentFingerprint.current(fontFiles: [font.path, "/nonexistent.ttf"])
    #expect(
      fingerprint.fonts == [
        .init(
          role: "pinned", file: font.path,
          sha256: "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
      ])
  }

  @Test("a pinned font whose name is not UTF-8 is hashed by the bytes its name carries")
  func pinnedFontByteName() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fp-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    // `caf\xE9.ttf`, made by the bytes a shell's printf would use.
    let name = folder.path + "/caf\u{EFE9}.ttf"
    let bytes = PathBytes.bytes(name).map { CChar(bitPattern: $0) } + [0]
    let descriptor = open(bytes, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    #expect(descriptor >= 0)
    _ = write(descriptor, "abc", 3)
    close(descriptor)
    let fingerprint = EnvironmentFingerprint.current(fontFiles: [name])
    #expect(
      fingerprint.fonts == [
        .init(
          role: "pinned", file: name,
          sha256: "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
      ])
  }

  @Test("changes name the library and the font that changed")
  func changes() {
    let recorded = EnvironmentFingerprint(
      libraries: ["cairo": "1.16.0", "pango": "1.50.12"],
      fonts: [
        .init(role: "sans-serif", file: "/fonts/DejaVuSans.ttf", sha256: "aaaaaaaa11"),
        .init(role: "pinned", file: "/fonts/Mono.ttf", sha256: "cccccccc"),
      ])
    var now = recorded
    #expect(now.changes(since: recorded).isEmpty)
    now.libraries["pango"] = "1.52.1"
    now.fonts[0].sha256 = "bbbbbbbb22"
    now.fonts[1] = .init(role: "sans-serif", file: "/fonts/Liberation.ttf", sha256: "dd")
    now.fonts.removeLast()
    #expect(
      now.changes(since: recorded) == [
        "pango 1.50.12 → 1.52.1",
        "font sans-serif: /fonts/DejaVuSans.ttf changed (sha256 aaaaaaaa → bbbbbbbb)",
        "font pinned: /fonts/Mono.ttf is gone",
      ])
  }

  @Test("a fingerprint round-trips through its file")
  func roundTrip() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("fp-\(UUID().uuidString).json")
      .path
    let fingerprint = EnvironmentFingerprint.current()
    try fingerprint.write(to: path)
    #expect(try EnvironmentFingerprint.read(path) == fingerprint)
    #expect(try EnvironmentFingerprint.read(path + ".none") == nil)
  }
}
