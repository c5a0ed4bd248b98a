import Foundation
import Synchronization
import TestSupport
import Testing

/// `render` with the thumbnail cache, end to end through the binary.
@Suite("contactsheet render with the thumbnail cache")
struct ThumbnailCacheCommandTests {
  /// Renders the sample photos to `output` with `extra` options; returns stderr.
  @discardableResult
  private func render(_ output: String, _ extra: [String], environment: [String: String] = [:]) throws
    -> String
  {
    let result = try ProcessRunner.run(
      FixturePaths.binary, ["render", FixturePaths.photos.path, "-o", output, "--columns", "3"] + extra,
      environment: environment)
    #expect(result.status == 0, "stderr: \(result.standardError)")
    return result.standardError
  }

  private func entries(_ folder: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".thumb") }
  }

  @Test("a run refused before drawing neither creates nor reports the cache")
  func refusedRunLeavesCacheAlone() throws {
    let folder = try FixturePaths.temporaryFolder()
    let cache = folder.appendingPathComponent("cache").path
    let empty = folder.appendingPathComponent("empty")
    try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
    let result = try ProcessRunner.run(
      FixturePaths.binary,
      ["render", empty.path, "-o", folder.appendingPathComponent("x.pdf").path, "--cache", cache])
    #expect(result.status == 2, "stderr: \(result.standardError)")
    #expect(result.standardError.contains("no images found"), "\(result.standardError)")
    #expect(!result.standardError.contains("thumbnail cache"), "\(result.standardError)")
    #expect(!FileManager.default.fileExists(atPath: cache))
  }

  @Test("`layout` and `plan` ignore drawing options they never use, bad values included")
  func layoutIgnoresDrawingOptions() throws {
    let photo = FixturePaths.photo("coffee.png")
    for command in [["layout", photo, "--json"], ["plan", photo, "--shards", "1"]] {
      let result = try ProcessRunner.run(FixturePaths.binary, command + ["--ppi", "5", "--bleed", "3in"])
      #expect(result.status == 0, "\(command[0]): \(result.standardError)")
    }
    let render = try ProcessRunner.run(
      FixturePaths.binary, ["render", photo, "-o", "/tmp/never-written.pdf", "--ppi", "5"])
    #expect(render.status == 2 && render.standardError.contains("--ppi 5"), "\(render.standardError)")
  }

  @Test(
    "PNG and PDF are byte-identical without the cache, with a cold cache and with a warm one",
    arguments: ["png", "pdf"])
  func byteIdentical(format: String) throws {
    let folder = try FixturePaths.temporaryFolder()
    let cache = folder.appendingPathComponent("cache").path
    let plain = folder.appendingPathComponent("plain.\(format)").path
    let cold = folder.appendingPathComponent("cold.\(format)").path
    let warm = folder.appendingPathComponent("warm.\(format)").path
    try render(plain, ["--no-cache"])
    let coldNote = try render(cold, ["--cache", cache])
    let warmNote = try render(warm, ["--cache", cache])
    let photos = try FileManager.default.contentsOfDirectory(atPath: FixturePaths.photos.path)
      .filter { $0.hasSuffix(".jpg") || $0.hasSuffix(".png") }.count
    // The sample JPEGs are smaller than twice these cards, so they decode at full size, which
    // the cache leaves to the decoder (as fast as reading an entry back); the rest are cached.
    let direct = Self.count("decoded directly", in: coldNote)
    #expect(direct >= 1 && direct == Self.count("decoded directly", in: warmNote), "\(coldNote)")
    #expect(coldNote.contains("0 hits, \(photos - direct) misses"), "\(coldNote)")
    #expect(warmNote.contains("\(photos - direct) hits, 0 misses"), "\(warmNote)")
    #expect(entries(cache).count == photos - direct)
    let reference = try Data(contentsOf: URL(fileURLWithPath: plain))
    #expect(try Data(contentsOf: URL(fileURLWithPath: cold)) == reference)
    #expect(try Data(contentsOf: URL(fileURLWithPath: warm)) == reference)
  }

  @Test("other columns and paper reuse the entries: the cache holds shrink levels, not card sizes")
  func tweaksHit() throws {
    let folder = try FixturePaths.temporaryFolder()
    let cache = folder.appendingPathComponent("cache").path
    try render(folder.appendingPathComponent("a.pdf").path, ["--cache", cache])
    let note = try render(
      folder.appendingPathComponent("b.pdf").path,
      ["--cache", cache, "--columns", "4", "--page", "letter", "--caption", "{stem} {width}×{height}"])
    #expect(note.contains(" 0 misses"), "\(note)")
  }

  @Test("--no-cache reads and writes no cache; the default folder is $XDG_CACHE_HOME/contactsheet")
  func noCacheWritesNothing() throws {
    let folder = try FixturePaths.temporaryFolder()
    let home = folder.appendingPathComponent("xdg").path
    let environment = ["XDG_CACHE_HOME": home]
    try render(folder.appendingPathComponent("a.png").path, ["--no-cache", "-q"], environment: environment)
    #expect(!FileManager.default.fileExists(atPath: home))
    try render(folder.appendingPathComponent("b.png").path, ["-q"], environment: environment)
    #expect(!entries(home + "/contactsheet").isEmpty)
  }

  @Test("two processes rendering into one cache at once both succeed, with identical output")
  func concurrentWriters() throws {
    let folder = try FixturePaths.temporaryFolder()
    let cache = folder.appendingPathComponent("cache").path
    let reference = folder.appendingPathComponent("reference.pdf").path
    try render(reference, ["--no-cache", "-q"])
    let outputs = (0..<2).map { folder.appendingPathComponent("shard-\($0).pdf").path }
    let results = Mutex<[Int32]>([])
    DispatchQueue.concurrentPerform(iterations: 2) { index in
      let status =
        (try? ProcessRunner.run(
          FixturePaths.binary,
          [
            "render", FixturePaths.photos.path, "-o", outputs[index], "--columns", "3", "--cache", cache,
            "-q",
          ]))?
        .status ?? -1
      results.withLock { $0.append(status) }
    }
    #expect(results.withLock { $0 } == [0, 0])
    let expected = try Data(contentsOf: URL(fileURLWithPath: reference))
    for output in outputs { #expect(try Data(contentsOf: URL(fileURLWithPath: output)) == expected) }
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: cache).filter { $0.hasSuffix(".tmp") }
    #expect(leftovers.isEmpty)
    let note = try render(folder.appendingPathComponent("after.pdf").path, ["--cache", cache])
    #expect(note.contains(" 0 misses"), "every entry either process wrote is whole: \(note)")
  }

  /// The number before `label` in a cache note (`…, 4 decoded directly (…)`), or 0.
  private static func count(_ label: String, in note: String) -> Int {
    guard let range = note.range(of: " " + label) else { return 0 }
    return Int(note[..<range.lowerBound].split(separator: " ").last ?? "") ?? 0
  }

  @Test("a tiny --cache-size keeps the folder under it; a bad size is refused")
  func sizeLimit() throws {
    let folder = try FixturePaths.temporaryFolder()
    let cache = folder.appendingPathComponent("cache").path
    let note = try render(
      folder.appendingPathComponent("a.png").path, ["--cache", cache, "--cache-size", "200KB"])
    #expect(note.contains("evicted"), "\(note)")
    #expect(note.contains("more than its 200 KB limit, so the next run cannot reuse it all"), "\(note)")
    let total = try entries(cache).map {
      try FileManager.default.attributesOfItem(atPath: cache + "/" + $0)[.size] as! Int
    }.reduce(0, +)
    #expect(total <= 200_000)
    let bad = try ProcessRunner.run(
      FixturePaths.binary,
      [
        "render", FixturePaths.photos.path, "-o", folder.appendingPathComponent("b.png").path, "--cache-size",
        "lots",
      ])
    #expect(bad.status != 0 && bad.standardError.contains("--cache-size"))
  }
}
