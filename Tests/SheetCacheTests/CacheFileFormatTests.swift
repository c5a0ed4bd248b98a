import Foundation
import SheetImages
import TestSupport
import Testing

@testable import SheetCache

/// The bytes of the cache's files, written through one little-endian helper and one writer.
@Suite("The cache's file formats")
struct CacheFileFormatTests {
  @Test("integers are stored least significant byte first, and read back from any offset")
  func littleEndian() {
    var bytes: [UInt8] = [9]
    LittleEndian.append(UInt32(0x0403_0201), to: &bytes)
    LittleEndian.append(UInt64(0x0C0B_0A09_0807_0605), to: &bytes)
    #expect(bytes == [9, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])
    #expect(LittleEndian.read(UInt32.self, from: bytes, at: 1) == 0x0403_0201)
    #expect(LittleEndian.read(UInt64.self, from: bytes, at: 5) == 0x0C0B_0A09_0807_0605)
  }

  @Test("an entry's header is laid out as its format says, and reads back to the same image")
  func entryLayout() throws {
    let pixels = (0..<24).map { $0 % 4 == 3 ? UInt8(255) : UInt8($0) }
    let image = DecodedImage(
      image: RasterImage(width: 3, height: 2, pixels: pixels, hasAlpha: false), warnings: ["odd tag"])
    let level = ShrinkLevel(card: PixelSize(width: 3, height: 2), width: 3, height: 2)
    let key = CacheKey(contentDigest: [UInt8](repeating: 7, count: 32), level: level, orientation: .up)
    let bytes = CacheEntry.encode(image, key: key)
    #expect(Array(bytes[0..<8]) == Array("CSTHUMB\0".utf8))
    #expect(Array(bytes[8..<20]) == [UInt8(CacheKey.formatVersion), 0, 0, 0, 3, 0, 0, 0, 2, 0, 0, 0])
    #expect(Array(bytes[20..<32]) == [3, 0, 0, 0, 7, 0, 0, 0, 0, 0, 0, 0])
    #expect(Array(bytes[32..<40]) == [18, 0, 0, 0, 0, 0, 0, 0])
    #expect(Array(bytes[40..<72]) == key.digest)
    #expect(bytes[76..<104].allSatisfy { $0 == 0 })
    #expect(bytes.count == 104 + 7 + 18)
    let header = try CacheEntry.header(
      Array(bytes[0..<104]), key: key, fileSize: bytes.count, maxPixels: 1 << 20
    ).get()
    let decoded = try CacheEntry.decode(
      head: Array(bytes[0..<104]), warnings: Array(bytes[104..<111]), header: header
    ) { buffer in
      buffer.copyBytes(from: bytes[111...])
      return true
    }.get()
    #expect(decoded == image)
  }

  @Test("a cache file is written whole or not at all, leaving no temporary file")
  func writtenWhole() throws {
    let folder = try FixturePaths.temporaryFolder()
    let path = folder.appendingPathComponent("a.memo").path
    #expect(CacheFile.write([1, 2, 3], to: path, through: path + ".1.tmp") == nil)
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data([1, 2, 3]))
    let missing = folder.appendingPathComponent("no/such/b.memo").path
    let failure = CacheFile.write([1], to: missing, through: missing + ".1.tmp")
    #expect(failure?.contains("no/such/b.memo.1.tmp") == true, "\(failure ?? "written")")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["a.memo"])
  }
}
