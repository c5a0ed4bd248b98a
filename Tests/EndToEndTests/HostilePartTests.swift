import Foundation
import TestSupport
import Testing

/// `assemble` parts whose facts were edited to exhaust it (row 5–7 of the second hostile-input
/// campaign), made from a real part by `Fixtures/hostile/make-hostile-parts.py`: each is
/// refused with a message naming it, at once and in little memory.
@Suite("assemble: hostile parts")
struct HostilePartTests {
  @Test(
    "a facts bomb, a million bookmarks, too many bookmarks, an infinite link and a 1e308 pt page are refused")
  func refused() throws {
    let folder = try FixturePaths.temporaryFolder()
    let part = folder.appendingPathComponent("part.pdf").path
    let rendered = try ProcessRunner.run(
      FixturePaths.binary, ["render", FixturePaths.photos.path, "-o", part, "--pages", "1", "--no-cache"])
    try #require(rendered.status == 0, "\(rendered.standardError)")
    let script = FixturePaths.fixtures.appendingPathComponent("hostile/make-hostile-parts.py").path
    let made = try ProcessRunner.run("python3", [script, part, folder.path])
    try #require(made.status == 0, "\(made.standardError)")
    let cases = [
      ("bomb.pdf", "the part's facts are larger than a part of its pages holds (576 KB)"),
      ("bookmarks.pdf", "the part's facts are larger than a part of its pages holds"),
      ("few-bookmarks.pdf", "1001 bookmarks on 1 page, more than 1000 a page"),
      ("link-infinite.pdf", "a link on document page 0 (from 0) at x 1e+308"),
      ("height-huge.pdf", "a page 1e+308 pt high"),
    ]
    for (name, message) in cases {
      let path = folder.appendingPathComponent(name).path
      let start = Date()
      let result = try ProcessRunner.run(
        "/usr/bin/time",
        ["-f", "peak %M KB", FixturePaths.binary, "assemble", path, "-o", folder.path + "/out.pdf"])
      #expect(result.status == 2, "\(name): \(result.standardError)")
      #expect(result.standardError.contains("\(path): "), "\(name): \(result.standardError)")
      #expect(result.standardError.contains(message), "\(name): \(result.standardError)")
      #expect(Date().timeIntervalSince(start) < 5, "\(name) took over 5 s")
      let peak = result.standardError.split(separator: "\n").last { $0.hasPrefix("peak ") }
      let kilobytes = peak.flatMap { Int($0.split(separator: " ")[1]) } ?? .max
      #expect(kilobytes < 300_000, "\(name): \(peak ?? "no peak")")
      #expect(!FileManager.default.fileExists(atPath: folder.path + "/out.pdf"))
    }
  }
}
