import Foundation
import SheetSupport
import TestSupport
import Testing

/// `RegularFile.data`, the read `compare merge` decodes results from: the file's bytes straight
/// into `Data`, with the checks `RegularFile.contents` makes.
@Suite("Regular files read as Data")
struct RegularFileDataTests {
  @Test("the bytes are the file's, as contents reads them; an empty file is empty")
  func sameBytes() throws {
    let folder = try FixturePaths.temporaryFolder("regular-data" + UUID().uuidString)
    let path = folder.appendingPathComponent("r.json").path
    let bytes = (0..<200_003).map { UInt8(truncatingIfNeeded: $0 &* 31) }
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    #expect(try RegularFile.data(path, limit: 1 << 20) == Data(bytes))
    #expect(try RegularFile.contents(path, limit: 1 << 20) == bytes)
    let empty = folder.appendingPathComponent("e.json").path
    try Data().write(to: URL(fileURLWithPath: empty))
    #expect(try RegularFile.data(empty, limit: 10).isEmpty)
  }

  @Test("a file over the limit, a FIFO and a missing file are refused, saying why")
  func refusals() throws {
    let folder = try FixturePaths.temporaryFolder("regular-data-no" + UUID().uuidString)
    let path = folder.appendingPathComponent("big.json").path
    try Data(count: 2048).write(to: URL(fileURLWithPath: path))
    #expect(throws: RegularFile.Failure.self) { try RegularFile.data(path, limit: 1024) }
    do {
      _ = try RegularFile.data(path, limit: 1024)
    } catch {
      #expect(error.reason == "is 2 KB, more than the 1 KB this kind of file may be")
    }
    let fifo = folder.appendingPathComponent("pipe.json").path
    #expect(mkfifo(fifo, 0o600) == 0)
    do {
      _ = try RegularFile.data(fifo, limit: 1024)
      Issue.record("a FIFO was read")
    } catch {
      #expect(error.reason == "is a named pipe (FIFO), not a file")
    }
    do {
      _ = try RegularFile.data(path + ".missing", limit: 1024)
      Issue.record("a missing file was read")
    } catch {
      #expect(error.isMissing)
    }
  }
}
