import Foundation
import SheetImages
import TestSupport
import Testing

@testable import ContactSheet

/// Headers read once per item, in parallel, each boxed once: items naming the same file share
/// one box, a file that cannot be read is a failure naming it.
@Suite("Header reader")
struct HeaderReaderTests {
  @Test("items naming one file share one header box; other files have their own; a missing file fails")
  func headersShared() throws {
    let camera = FixturePaths.photo("camera.png")
    let astronaut = FixturePaths.photo("astronaut.png")
    let missing = camera + ".missing.png"
    var entries: [CatalogEntry] = [camera, camera, astronaut, missing, camera].map {
      .item(CatalogItem(path: $0))
    }
    var reader = HeaderReader()
    reader.needsTags = false
    _ = reader.read(&entries)
    let items = entries.compactMap { entry -> CatalogItem? in
      if case .item(let item) = entry { item } else { nil }
    }
    let boxes = items.map(\.sharedHeader)
    let first = try #require(boxes[0])
    #expect(boxes[1] === first && boxes[4] === first)
    let other = try #require(boxes[2])
    #expect(other !== first)
    let expected = try ImageReader.header(path: camera)
    #expect(first.value.width == expected.width && first.value.height == expected.height)
    #expect(try ImageReader.header(path: astronaut).width == other.value.width)
    #expect(boxes[3] == nil)
    guard case .failure(let error)? = items[3].header else {
      Issue.record("a missing file has no failure: \(String(describing: items[3].header))")
      return
    }
    #expect(error.path == missing)
  }
}
