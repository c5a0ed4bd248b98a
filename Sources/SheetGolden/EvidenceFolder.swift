import Foundation
import SheetPixels

/// Where a failing check's images go: `ROOT/TEST/NAME/` holding `expected.png`, `actual.png`
/// and `diff.png`, where ROOT is `$GOLDEN_FAILURES_DIR` or the package's
/// `.build/golden-failures`, and TEST names the running test.
///
/// Each test has its own folder, so parallel tests checking the same golden name never meet;
/// a folder is written beside its final place and moved there in one rename, so a reader
/// never sees half of it and two writers never mix their files; and a later pass of the same
/// test removes it.
struct EvidenceFolder {
  /// The folder of all evidence.
  let root: URL

  /// The evidence root for goldens kept in `goldens`: `$GOLDEN_FAILURES_DIR` when set, else
  /// `.build/golden-failures` in the package holding `goldens` (the nearest folder upward with
  /// a `Package.swift`), else a folder of this user in the temporary folder.
  static func root(goldens: URL, environment: [String: String]) -> URL {
    if let folder = environment["GOLDEN_FAILURES_DIR"], !folder.isEmpty {
      return URL(fileURLWithPath: folder)
    }
    var folder = goldens.standardizedFileURL
    while folder.path != "/" {
      if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
        return folder.appendingPathComponent(".build/golden-failures")
      }
      folder = folder.deletingLastPathComponent()
    }
    return FileManager.default.temporaryDirectory.appendingPathComponent(
      "golden-failures-\(getuid())")
  }

  /// The folder for golden `name` checked by test `test`.
  func folder(test: String, name: String) -> URL {
    root.appendingPathComponent(Self.fileName(test)).appendingPathComponent(Self.fileName(name))
  }

  /// Writes the evidence for `name` and returns its folder. `expectedPath` is copied as it is.
  func write(
    test: String, name: String, expectedPath: String?, actual: GoldenSubject, diff: RasterImage?
  ) throws -> URL {
    let final = folder(test: test, name: name)
    let parent = final.deletingLastPathComponent()
    try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
    let scratch = parent.appendingPathComponent(".\(final.lastPathComponent).\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    do {
      try actual.writePNG(to: scratch.appendingPathComponent("actual.png").path)
      if let diff { try diff.writePNG(to: scratch.appendingPathComponent("diff.png").path) }
      if let expectedPath {
        try FileManager.default.copyItem(
          atPath: expectedPath, toPath: scratch.appendingPathComponent("expected.png").path)
      }
      // Replace any earlier evidence: rename fails while the destination is a non-empty
      // folder, so move the old one aside first (another writer may win the race; retry).
      for _ in 0..<8 {
        let old = parent.appendingPathComponent(".\(final.lastPathComponent).old.\(UUID().uuidString)")
        if rename(final.path, old.path) == 0 { try? FileManager.default.removeItem(at: old) }
        if rename(scratch.path, final.path) == 0 { return final }
      }
      throw CocoaError(.fileWriteFileExists, userInfo: [NSFilePathErrorKey: final.path])
    } catch {
      try? FileManager.default.removeItem(at: scratch)
      throw error
    }
  }

  /// Removes the evidence of an earlier failure of `name` in `test`, and the test's folder
  /// when it is left empty.
  func remove(test: String, name: String) {
    let final = folder(test: test, name: name)
    guard FileManager.default.fileExists(atPath: final.path) else { return }
    let old = final.deletingLastPathComponent().appendingPathComponent(
      ".\(final.lastPathComponent).old.\(UUID().uuidString)")
    if rename(final.path, old.path) == 0 { try? FileManager.default.removeItem(at: old) }
    // rmdir only removes an empty folder, so a sibling golden's evidence stays.
    _ = rmdir(final.deletingLastPathComponent().path)
  }

  /// `text` as one safe file name: letters, digits, `.`, `-` and `_` kept, anything else `_`,
  /// long names shortened with a hash of the whole.
  static func fileName(_ text: String) -> String {
    var name = String(
      text.unicodeScalars.map { scalar in
        CharacterSet.alphanumerics.contains(scalar) && scalar.isASCII || "-_.".unicodeScalars.contains(scalar)
          ? Character(scalar) : "_"
      })
    while name.hasPrefix(".") { name.removeFirst() }
    if name.isEmpty { name = "_" }
    guard name.count > 96 else { return name }
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    return String(name.prefix(80)) + "-" + String(hash, radix: 16)
  }
}
