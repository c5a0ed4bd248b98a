import Foundation
import SheetSupport
import TestSupport
import Testing

@testable import ContactSheet

/// The streaming writer builds its text byte by byte; it must be the text `JSONEncoder` writes
/// for the same values (pretty-printed, keys sorted, slashes unescaped), across buffer flushes.
@Suite("The streaming JSON writer")
struct JSONStreamWriterTests {
  private struct Row: Codable {
    var name: String
    var numbers: [Double]
    var count: Int
    var flag: Bool
  }

  @Test("the same bytes as JSONEncoder, over more than one buffer's worth")
  func sameAsEncoder() throws {
    let numbers: [Double] = [12.5, 0.1, 595.2755905511812, -3, 0, 7, 1e-3, -0.25, 841.8897637795276]
    let names = ["plain", "quote \" and \\ backslash", "line\nbreak\ttab\r", "é 東京 مرحبا / slash", ""]
    // About 3 MB: the 1 MB buffer is written out several times, mid-row.
    let rows = (0..<12_000).map { index in
      Row(
        name: names[index % names.count] + String(repeating: "x", count: index % 97),
        numbers: numbers.map { $0 * Double(index % 13 + 1) }, count: index * 7919 - 40_000,
        flag: index % 2 == 0)
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    let expected = try encoder.encode(["rows": rows])

    let file = try FixturePaths.temporaryFolder().appendingPathComponent("stream.json")
    FileManager.default.createFile(atPath: file.path, contents: nil)
    let handle = try FileHandle(forWritingTo: file)
    var json = JSONStreamWriter(output: handle)
    json.beginObject()
    json.key("rows")
    json.beginArray()
    for row in rows {
      json.beginObject()
      json.member("count", row.count)
      json.member("flag", row.flag)
      json.member("name", row.name)
      json.key("numbers")
      json.beginArray()
      for number in row.numbers { json.value(number) }
      json.endArray()
      json.endObject()
    }
    json.endArray()
    json.endObject()
    try json.finish()
    try handle.close()
    let written = try Data(contentsOf: file)
    #expect(written.count > 2 << 20)
    // The writer ends with a new line; JSONEncoder does not.
    #expect(written == expected + Data([0x0A]))
  }

  @Test("control characters are escaped as \\u00XX")
  func controlCharacters() throws {
    let file = try FixturePaths.temporaryFolder().appendingPathComponent("control.json")
    FileManager.default.createFile(atPath: file.path, contents: nil)
    let handle = try FileHandle(forWritingTo: file)
    var json = JSONStreamWriter(output: handle)
    json.value("a\u{1}b\u{1F}")
    try json.finish()
    try handle.close()
    #expect(String(decoding: try Data(contentsOf: file), as: UTF8.self) == "\"a\\u0001b\\u001f\"\n")
  }
}

/// Numbers are written without `description` through a cache of recent ones; every number, the
/// ones repeated and the ones that push others out, must still be JSONEncoder's text.
@Suite("The streaming JSON writer's numbers")
struct JSONStreamWriterNumberTests {
  @Test("100,000 numbers, a tenth repeated, as JSONEncoder writes them")
  func numbersAsEncoder() throws {
    var random = SeededRandom(seed: 7)
    let repeated = (0..<40).map { _ in random.double(0...600) }
    let numbers = (0..<100_000).map { index -> Double in
      switch index % 10 {
      case 0: repeated[random.int(0...39)]
      case 1: Double(random.int(-5000...5000))
      case 2: Double(random.int(-5000...5000)) / 8
      case 3: random.double(0...1e-3)
      default: random.double(-900...900)
      }
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    let expected = try encoder.encode(["numbers": numbers])

    let file = try FixturePaths.temporaryFolder().appendingPathComponent("numbers.json")
    FileManager.default.createFile(atPath: file.path, contents: nil)
    let handle = try FileHandle(forWritingTo: file)
    var json = JSONStreamWriter(output: handle)
    json.beginObject()
    json.key("numbers")
    json.beginArray()
    for number in numbers { json.value(number) }
    json.endArray()
    json.endObject()
    try json.finish()
    try handle.close()
    #expect(try Data(contentsOf: file) == expected + Data([0x0A]))
  }

  @Test("a write that fails (a full disk) is thrown by finish as an output error, not a crash")
  func fullDisk() throws {
    let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
    var json = JSONStreamWriter(output: full)
    json.beginArray()
    // More than the 1 MB buffer, so writes fail before the end too.
    for index in 0..<300_000 { json.value("item \(index)") }
    json.endArray()
    var thrown: OutputError?
    do { try json.finish() } catch { thrown = error }
    #expect(thrown?.description.hasPrefix("could not write the JSON") == true)
  }
}
