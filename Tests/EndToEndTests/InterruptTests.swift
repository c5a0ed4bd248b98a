import Foundation
import TestSupport
import Testing

@Suite("Interrupted runs")
struct InterruptTests {
  @Test("Ctrl-C during rendering leaves the old output untouched and no temporary files")
  func interruptKeepsOldOutput() throws {
    let folder = try FixturePaths.temporaryFolder()
    let output = folder.appendingPathComponent("sheet.pdf").path
    try Data("old output".utf8).write(to: URL(fileURLWithPath: output))
    // Enough work to be caught in the middle: the sample photos 30 times over, at a high ppi.
    let list = Array(
      repeating: try FileManager.default.contentsOfDirectory(atPath: FixturePaths.photos.path)
        .filter { $0.hasSuffix(".jpg") || $0.hasSuffix(".png") }
        .map { FixturePaths.photo($0) }, count: 30
    ).joined().joined(separator: "\n")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: FixturePaths.binary)
    process.arguments = ["render", "-", "-o", output, "-q", "--columns", "2"]
    let input = Pipe()
    process.standardInput = input
    process.standardError = FileHandle.nullDevice
    try process.run()
    input.fileHandleForWriting.write(Data((list + "\n").utf8))
    try input.fileHandleForWriting.close()
    // Wait until the temporary file exists, so the signal lands while the sheet is being written.
    let deadline = Date().addingTimeInterval(20)
    func temporaryFiles() -> [String] {
      ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter {
        $0.hasSuffix(".tmp")
      }
    }
    while temporaryFiles().isEmpty && process.isRunning && Date() < deadline { usleep(2_000) }
    let caughtWriting = !temporaryFiles().isEmpty && process.isRunning
    kill(process.processIdentifier, SIGINT)
    process.waitUntilExit()
    #expect(caughtWriting, "the run ended before it could be interrupted")
    #expect(process.terminationStatus == 128 + SIGINT)
    #expect(FileManager.default.contents(atPath: output) == Data("old output".utf8))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["sheet.pdf"])
  }
}
