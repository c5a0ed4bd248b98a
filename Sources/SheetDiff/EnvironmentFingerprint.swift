import Foundation
import SheetPixels
import SheetSupport

/// What a rendering's pixels depend on besides the code: the versions of the text and
/// graphics libraries and the font files. Stored next to a golden as `NAME.png.json`, so that a
/// failing comparison can say "pango changed" before it says "1 234 pixels differ".
public struct EnvironmentFingerprint: Codable, Hashable, Sendable {
  /// Library name to version: cairo, pango, harfbuzz, freetype, fontconfig and poppler.
  public var libraries: [String: String]
  /// The font files text may be set in, with their hashes.
  public var fonts: [FontFile]

  /// One font file and the role it plays: a family fontconfig resolves (`sans-serif`), or
  /// `pinned` for a file given explicitly.
  public struct FontFile: Codable, Hashable, Sendable {
    /// The font family fontconfig resolved to this file (such as `sans-serif`), or `pinned` for a
    /// file given explicitly.
    public var role: String
    /// The font file's path as resolved by fontconfig or as given.
    public var file: String
    /// SHA-256 of the file's bytes as lowercase hex, or `unreadable` when the file could not be
    /// read.
    public var sha256: String

    /// A font file entry, stored as given; nothing is read or hashed.
    public init(role: String, file: String, sha256: String) {
      self.role = role
      self.file = file
      self.sha256 = sha256
    }
  }

  /// A fingerprint of the given library versions and font files, stored as given.
  public init(libraries: [String: String], fonts: [FontFile]) {
    self.libraries = libraries
    self.fonts = fonts
  }

  /// A fingerprint of `libraries` and the font files `fontFiles` (those that exist are hashed,
  /// with the role `pinned`).
  public static func pinned(fontFiles: [String], libraries: [String: String]) -> EnvironmentFingerprint {
    let fonts = fontFiles.filter { PathBytes.status($0) != nil }.map {
      FontFile(role: "pinned", file: $0, sha256: hash($0))
    }
    return EnvironmentFingerprint(libraries: libraries, fonts: fonts)
  }

  /// The fingerprint file that goes with a golden: `NAME.png.json` beside `NAME.png`.
  public static func path(forGolden golden: String) -> String { golden + ".json" }

  /// Reads a stored fingerprint; nil when there is none.
  public static func read(_ path: String) throws -> EnvironmentFingerprint? {
    guard let data = FileManager.default.contents(atPath: path) else { return nil }
    do {
      return try JSONDecoder().decode(EnvironmentFingerprint.self, from: data)
    } catch {
      throw ImageError(path: path, reason: "is not a fingerprint file (\(error.localizedDescription))")
    }
  }

  /// Writes the fingerprint as stable, sorted JSON.
  public func write(to path: String) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    try (encoder.encode(self) + Data("\n".utf8)).write(to: URL(fileURLWithPath: path), options: .atomic)
  }

  /// What changed since `recorded`, one readable line per library or font, such as
  /// `pango 1.50.12 → 1.52.1` or `font sans-serif: DejaVuSans.ttf changed (sha256 1f2e3d4c → 9a8b7c6d)`.
  /// Empty when nothing did.
  public func changes(since recorded: EnvironmentFingerprint) -> [String] {
    var lines: [String] = []
    for name in Set(libraries.keys).union(recorded.libraries.keys).sorted() {
      let before = recorded.libraries[name] ?? "none"
      let now = libraries[name] ?? "none"
      if before != now { lines.append("\(name) \(before) → \(now)") }
    }
    let recordedFonts = Dictionary(recorded.fonts.map { ("\($0.role) \($0.file)", $0) }) { first, _ in first }
    let currentFonts = Dictionary(fonts.map { ("\($0.role) \($0.file)", $0) }) { first, _ in first }
    for font in recorded.fonts {
      if let now = currentFonts["\(font.role) \(font.file)"] {
        if now.sha256 != font.sha256 {
          lines.append(
            "font \(font.role): \(font.file) changed (sha256 \(font.sha256.prefix(8)) → \(now.sha256.prefix(8)))"
          )
        }
      } else if let replacement = fonts.first(where: { $0.role == font.role && $0.role != "pinned" }) {
        lines.append("font \(font.role): \(font.file) → \(replacement.file)")
      } else {
        lines.append("font \(font.role): \(font.file) is gone")
      }
    }
    for font in fonts where recordedFonts["\(font.role) \(font.file)"] == nil {
      if font.role == "pinned" || !recorded.fonts.contains(where: { $0.role == font.role }) {
        lines.append("font \(font.role): \(font.file) is new")
      }
    }
    return lines
  }

  /// The SHA-256 of `file`, remembered per process by path, size and modification time (a
  /// CJK font is 20 MB and a test suite asks for it once per golden). The file is read by the
  /// bytes its name carries (``PathBytes``), as fontconfig loads it.
  package static func hash(_ file: String) -> String {
    guard let status = PathBytes.status(file) else { return "unreadable" }
    let key = "\(file)|\(status.st_size)|\(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec)"
    if let known = HashCache.shared.get(key) { return known }
    guard let bytes = try? RegularFile.contents(file, limit: largestFont) else { return "unreadable" }
    let digest = SHA256.hex(bytes)
    HashCache.shared.set(key, digest)
    return digest
  }

  /// The largest font file hashed (the largest CJK collections are about 100 MB).
  private static let largestFont = 1 << 30
}

/// Font hashes already computed in this process.
private final class HashCache: @unchecked Sendable {
  static let shared = HashCache()
  private var digests: [String: String] = [:]
  private let lock = NSLock()

  func get(_ key: String) -> String? { lock.withLock { digests[key] } }
  func set(_ key: String, _ digest: String) { lock.withLock { digests[key] = digest } }
}
