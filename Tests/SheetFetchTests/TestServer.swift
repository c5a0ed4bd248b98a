import Foundation
import TestSupport
import XCTest

/// test-server.py on 127.0.0.1, started for one test: a real HTTP server that behaves well and
/// badly on purpose, and counts what it was asked.
final class TestServer {
  /// The port it listens on.
  let port: Int
  private let process: Process
  private let input: Pipe

  /// The JPEG it serves at /image.jpg and most other image routes.
  static let jpegPath = FixturePaths.fixtures.appendingPathComponent("formats/colour-srgb.jpg").path
  /// The PNG it serves at /image.png.
  static let pngPath = FixturePaths.fixtures.appendingPathComponent("compare/night-sky.png").path

  /// Starts the server and waits for its port.
  init() throws {
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("test-server.py").path
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    process.arguments = [script, Self.jpegPath, Self.pngPath]
    let output = Pipe()
    let input = Pipe()
    process.standardOutput = output
    // The server exits when this pipe closes, so it never outlives the tests.
    process.standardInput = input
    try process.run()
    var line = Data()
    while !line.contains(0x0A) {
      let chunk = output.fileHandleForReading.availableData
      if chunk.isEmpty { break }
      line.append(chunk)
    }
    guard let first = String(decoding: line, as: UTF8.self).split(separator: "\n").first,
      let port = Int(first)
    else {
      process.terminate()
      process.waitUntilExit()
      throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "test-server.py did not start"])
    }
    self.process = process
    self.input = input
    self.port = port
  }

  /// The URL of `path` (with any query) on this server.
  func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

  /// Stops the server (a connection to its port is refused afterwards).
  func stop() {
    if process.isRunning {
      process.terminate()
      process.waitUntilExit()
    }
    try? input.fileHandleForWriting.close()
  }

  /// What the server has been asked so far (read from /stats, which it does not count).
  func stats() throws -> Stats {
    let result = try ProcessRunner.run(
      "/usr/bin/python3",
      [
        "-c",
        "import sys, urllib.request; sys.stdout.write(urllib.request.urlopen(sys.argv[1]).read().decode())",
        url("/stats"),
      ])
    XCTAssertEqual(result.status, 0, result.standardError)
    return try JSONDecoder().decode(Stats.self, from: Data(result.standardOutput.utf8))
  }

  /// The server's counts.
  struct Stats: Decodable {
    /// Requests per path (without query).
    var hits: [String: Int]
    /// Requests per path with its query.
    var hitsWithQuery: [String: Int]
    /// Responses per path, by status ("200", "304", …).
    var statuses: [String: [String: Int]]
    /// The most requests that were being answered at once.
    var maxInFlight: Int
    /// Every User-Agent header the server saw.
    var userAgents: [String]

    /// How many requests `path` had.
    func hits(_ path: String) -> Int { hits[path] ?? 0 }
    /// The responses `path` got, by status.
    func statuses(_ path: String) -> [String: Int] { statuses[path] ?? [:] }
  }
}
