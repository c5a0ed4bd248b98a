import Foundation
import TestSupport
import Testing

@testable import SheetImages

/// The directories of TIFF-based RAWs are checked before LibRaw reads them (``RAWLayout``).
@Suite("camera RAW layout checks")
struct RAWLayoutTests {
  private static let preview = FixturePaths.packageRoot.appendingPathComponent("Fuzz/corpus/raw/preview.dng")

  /// `Fuzz/corpus/raw/preview.dng` with the little-endian 16-bit value at `offset` replaced,
  /// written to a temporary file.
  private static func patched(_ patches: [(offset: Int, value: UInt32, bytes: Int)]) throws -> String {
    var data = [UInt8](try Data(contentsOf: preview))
    for patch in patches {
      for index in 0..<patch.bytes {
        data[patch.offset + index] = UInt8(truncatingIfNeeded: patch.value >> (8 * index))
      }
    }
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "raw-layout-\(UUID().uuidString).dng")
    try Data(data).write(to: url)
    return url.path
  }

  private static func layout(_ path: String) throws -> RAWLayout {
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    return try RAWLayout.check(size: bytes.count) { offset, count in
      offset < bytes.count ? Array(bytes[offset..<min(bytes.count, offset + count)]) : []
    }
  }

  @Test("the DNG whose preview names its height twice is refused before LibRaw unpacks it")
  func heightTwice() throws {
    // The campaign's row 1: LibRaw wrote past a buffer and glibc aborted (this test process
    // would die with it).
    let path = FixturePaths.fixtures.appendingPathComponent("hostile/raw-preview-height-twice.dng").path
    for read in [
      { try ImageReader.header(path: path) } as () throws -> Any, { try ImageReader.decode(path: path) },
    ] {
      let error = try #require(throws: ImageError.self) { _ = try read() }
      #expect(error.reason == "camera RAW's image directory at byte 8 names ImageLength more than once")
    }
  }

  @Test("real DNGs pass, their previews in the file")
  func realFilesPass() throws {
    for name in ["camera.dng", "camera-rotated.dng", "camera-nopreview.dng"] {
      let path = FixturePaths.fixtures.appendingPathComponent("formats/\(name)").path
      #expect(try Self.layout(path).previewInFile, "\(name)")
      #expect(try ImageReader.decode(path: path, minimumSize: (16, 16)).width > 0)
    }
  }

  @Test("a preview whose bytes run past the file is skipped: the raw data is decoded instead")
  func previewOutsideFile() throws {
    // IFD 0's StripByteCounts (entry at byte 154, value at 162) made 100 MB.
    let path = try Self.patched([(162, 100_000_000, 4)])
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(try Self.layout(path).previewInFile == false)
    let image = try ImageReader.decode(path: path, minimumSize: (8, 8))
    #expect(image.width > 0 && image.height > 0)
  }

  @Test(
    "directories outside the file, or with more entries or values than it can hold, are refused with a reason",
    arguments: [
      ([(4, 1_000_000, 4)], "names an image directory at byte 1000000, outside the file"),
      // The Compression entry (at byte 58) renamed 0xF002, which LibRaw reads as the height.
      ([(58, 0xF002, 2)], "names ImageLength more than once"),
      // ImageWidth's count (entry at byte 22, count at 26) made 2^30 LONGs.
      ([(26, 1 << 30, 4)], "gives ImageWidth more values than the file holds"),
    ] as [([(Int, UInt32, Int)], String)])
  func refused(patches: [(Int, UInt32, Int)], reason: String) throws {
    let path = try Self.patched(patches.map { (offset: $0.0, value: $0.1, bytes: $0.2) })
    defer { try? FileManager.default.removeItem(atPath: path) }
    let refusal = try #require(throws: RAWLayout.Refusal.self) { try Self.layout(path) }
    #expect(refusal.reason.contains(reason), "\(refusal.reason)")
    // The reader refuses it too (libtiff, which tells TIFF from RAW, already does).
    #expect(throws: ImageError.self) { try ImageReader.header(path: path) }
  }

  @Test("a directory of more than 512 entries is skipped, as LibRaw skips it")
  func longDirectorySkipped() throws {
    let path = try Self.patched([(8, 60_000, 2)])
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(try Self.layout(path).previewInFile)
  }

  @Test("big-endian files are walked too, SubIFDs of type LONG to any depth")
  func bigEndianNested() throws {
    // IFD 0 → SubIFD → SubIFD, the last naming its height twice.
    let nested = SyntheticTIFF.bigEndian([
      [(0x0100, 4, 1, 8), (0x014A, 4, 1, 1)],
      [(0x0100, 4, 1, 8), (0x014A, 4, 1, 2)],
      [(0x0100, 4, 1, 8), (0x0101, 4, 1, 8), (0x0101, 4, 1, 7)],
    ])
    let refusal = try #require(throws: RAWLayout.Refusal.self) {
      try RAWLayout.check(size: nested.count) { offset, count in SyntheticTIFF.slice(nested, offset, count) }
    }
    #expect(refusal.reason.hasSuffix("names ImageLength more than once"), "\(refusal.reason)")
    let fine = SyntheticTIFF.bigEndian([
      [(0x0100, 4, 1, 8), (0x014A, 4, 1, 1)], [(0x0100, 4, 1, 8), (0x0101, 4, 1, 8)],
    ])
    #expect(try RAWLayout.check(size: fine.count) { SyntheticTIFF.slice(fine, $0, $1) }.previewInFile)
  }

  @Test("a directory chain that loops is followed once")
  func loop() throws {
    // IFD 0 has 27 entries: its next-directory pointer (byte 8 + 2 + 27 × 12) points at itself.
    let path = try Self.patched([(8 + 2 + 27 * 12, 8, 4)])
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(try Self.layout(path).previewInFile)
  }
}

/// Big-endian TIFF structures made of directories only: each directory's entries are (tag,
/// type, count, value); a SubIFDs value `n` points at the n-th directory.
private enum SyntheticTIFF {
  static func bigEndian(_ directories: [[(UInt16, UInt16, UInt32, UInt32)]]) -> [UInt8] {
    var offsets: [Int] = []
    var at = 8
    for directory in directories {
      offsets.append(at)
      at += 2 + directory.count * 12 + 4
    }
    var bytes: [UInt8] = Array("MM".utf8) + [0, 42] + be(UInt32(offsets[0]))
    for directory in directories {
      bytes += be(UInt16(directory.count))
      for (tag, type, count, value) in directory {
        bytes += be(tag) + be(type) + be(count) + be(tag == 0x014A ? UInt32(offsets[Int(value)]) : value)
      }
      bytes += be(UInt32(0))
    }
    return bytes
  }

  static func slice(_ bytes: [UInt8], _ offset: Int, _ count: Int) -> [UInt8] {
    offset < bytes.count ? Array(bytes[offset..<min(bytes.count, offset + count)]) : []
  }

  private static func be<T: FixedWidthInteger>(_ value: T) -> [UInt8] {
    withUnsafeBytes(of: value.bigEndian) { Array($0) }
  }
}
