import Foundation
import SheetImages
import TestSupport
import Testing

@Suite("Each phase opens the file once")
struct OpenCountTests {
  /// Copies of `names` (fixture paths) in a folder of their own, so counts see no other test.
  private func copies(_ paths: [String], test: String = #function) throws -> [String] {
    let folder = try FixturePaths.temporaryFolder(test)
    return try paths.map { source in
      let target = folder.appendingPathComponent((source as NSString).lastPathComponent).path
      try FileManager.default.copyItem(atPath: source, toPath: target)
      return target
    }
  }

  @Test("the header once, then a decode given the header once: two opens per file")
  func headerThenDecode() throws {
    let paths = try copies(
      [
        FixturePaths.fixtures.appendingPathComponent("exif/earlier.jpg").path,
        FixturePaths.photo("horse.png"),
        ImageFixtures.format("photo.webp"), ImageFixtures.orientation(6),
      ])
    let folder = (paths[0] as NSString).deletingLastPathComponent
    ImageFileOpens.startCounting(under: folder)
    let headers = try paths.map { try ImageReader.header(path: $0) }
    let afterHeaders = ImageFileOpens.stopCounting(under: folder)
    ImageFileOpens.startCounting(under: folder)
    for (path, header) in zip(paths, headers) {
      _ = try ImageReader.decode(path: path, header: header, minimumSize: (20, 20))
    }
    let afterDecoding = ImageFileOpens.stopCounting(under: folder)
    let once = Dictionary(uniqueKeysWithValues: paths.map { ($0, 1) })
    #expect(afterHeaders == once)
    #expect(afterDecoding == once)
  }

  @Test("a header past the first read (large APP2 segments) is still read in one open")
  func longHeader() throws {
    let original = try HeaderFixtures.bytes(FixturePaths.photo("rocket.jpg"))
    let segments = (0..<3).map { _ in HeaderFixtures.segment(0xE2, [UInt8](repeating: 0x41, count: 60_000)) }
    let path = try HeaderFixtures.write(HeaderFixtures.jpeg(original, inserting: segments), name: "long.jpg")
    let folder = (path as NSString).deletingLastPathComponent
    ImageFileOpens.startCounting(under: folder)
    let header = try ImageReader.header(path: path)
    let image = try ImageReader.decode(path: path)
    #expect(ImageFileOpens.stopCounting(under: folder) == [path: 2])
    #expect(header.width == 640 && image.width == 640)
  }

  @Test("segments that run past the first read are skipped unread, whatever their kind")
  func commentsPastFirstRead() throws {
    let original = try HeaderFixtures.bytes(FixturePaths.photo("rocket.jpg"))
    // Three 65 KB comments: the third runs past the first 128 KB read.
    let comments = (0..<3).map { _ in HeaderFixtures.segment(0xFE, [UInt8](repeating: 0x43, count: 65_000)) }
    let path = try HeaderFixtures.write(
      HeaderFixtures.jpeg(original, inserting: comments), name: "comments.jpg")
    let folder = (path as NSString).deletingLastPathComponent
    ImageFileOpens.startCounting(under: folder)
    let header = try ImageReader.header(path: path)
    #expect(ImageFileOpens.stopCounting(under: folder) == [path: 1])
    #expect(header.width == 640 && header.height == 427 && header.iccProfile != nil)
  }

  @Test("a file that changed after its header was read is an ImageError, not a crash")
  func changedFile() throws {
    let path = try copies([FixturePaths.photo("rocket.jpg")])[0]
    let header = try ImageReader.header(path: path)
    try FileManager.default.removeItem(atPath: path)
    try FileManager.default.copyItem(atPath: FixturePaths.photo("grace_hopper.jpg"), toPath: path)
    for read in [
      { _ = try ImageReader.decode(path: path, header: header) },
      { _ = try ImageReader.fileBytes(path: path, header: header) },
    ] {
      do {
        try read()
        Issue.record("the changed file was read with the old header")
      } catch let error as ImageError {
        #expect(error.reason.contains("changed after its header was read"))
      }
    }
  }
}
