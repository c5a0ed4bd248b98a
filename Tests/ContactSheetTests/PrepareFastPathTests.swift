import Foundation
import SheetLayout
import SheetXMP
import TestSupport
import Testing

@testable import ContactSheet

/// The shortcuts taken between reading the inputs and laying them out: items whose folders hold
/// no sidecar are not handed to the header reader's threads, a folder asked about again is
/// found by its bytes, and items are moved out of the entries instead of copied.
@Suite("Prepare fast paths")
struct PrepareFastPathTests {
  static let xmp = """
    <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
    <rdf:Description xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmp:Rating="3" xmp:Label="Green"/></rdf:RDF></x:xmpmeta>
    """

  /// A folder `plain` without sidecars and a folder `tagged` with `b.xmp`, under a new folder.
  static func folders(_ name: String = #function) throws -> (plain: String, tagged: String) {
    let folder = try FixturePaths.temporaryFolder(name)
    let plain = folder.appendingPathComponent("plain")
    let tagged = folder.appendingPathComponent("tagged")
    for sub in [plain, tagged] {
      try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
    }
    try Data(xmp.utf8).write(to: tagged.appendingPathComponent("b.xmp"))
    return (plain.path, tagged.path)
  }

  /// An item at `path` whose size the manifest gave, so layout need not open it.
  static func sized(_ path: String) -> CatalogEntry {
    var item = CatalogItem(path: path)
    item.knownSize = (640, 480)
    return .item(item)
  }

  static func items(_ entries: [CatalogEntry]) -> [CatalogItem] {
    entries.compactMap { if case .item(let item) = $0 { item } else { nil } }
  }

  @Test("sized items in folders without sidecars are all skipped at once; progress still reaches the total")
  func nothingToRead() throws {
    let (plain, _) = try Self.folders()
    var entries = (0..<50).map { Self.sized("\(plain)/p\($0).jpg") }
    entries.insert(.banner(BannerContent(title: "Banner")), at: 10)
    let reported = Reported()
    var reader = HeaderReader(needsHeaders: false)
    reader.progress = { reported.add($0) }
    #expect(reader.read(&entries).isEmpty)
    // One report for all 50, none from a thread: the items were not handed to any.
    #expect(reported.values == [50])
    #expect(
      Self.items(entries).allSatisfy { $0.tags == nil && $0.header == nil && $0.knownSize! == (640, 480) })
  }

  @Test("a sidecar beside some items still gives them its rating and label; items elsewhere get none")
  func someToRead() throws {
    let (plain, tagged) = try Self.folders()
    try Data(Self.xmp.utf8).write(to: URL(fileURLWithPath: "\(tagged)/b.nef.xmp"))
    var partnered = CatalogItem(path: "\(plain)/b.jpg")
    partnered.knownSize = (640, 480)
    partnered.partner = "\(tagged)/b.nef"
    var entries: [CatalogEntry] = [
      Self.sized("\(plain)/a.jpg"), Self.sized("\(tagged)/b.jpg"), Self.sized("\(plain)/c.jpg"),
      Self.sized("\(tagged)/c.jpg"), .item(partnered),
    ]
    let reported = Reported()
    var reader = HeaderReader(needsHeaders: false)
    reader.progress = { reported.add($0) }
    _ = reader.read(&entries)
    let tags = Self.items(entries).map(\.tags)
    #expect(tags[0] == nil && tags[2] == nil && tags[3] == nil)
    #expect(tags[1] == XMPTags(rating: 3, label: "Green"))
    // The JPEG's own folder holds no sidecar; its RAW partner's does.
    #expect(tags[4] == XMPTags(rating: 3, label: "Green"))
    // The two plain items are reported at once, the three others one by one.
    #expect(reported.values.first == 2 && reported.values.max() == 5 && reported.values.count == 4)
    #expect(Self.items(entries).allSatisfy { $0.header == nil })
  }

  @Test("a folder asked about again is found by its bytes, not confused with the folder before")
  func lastFolder() throws {
    let (plain, tagged) = try Self.folders()
    let folders = SidecarFolders()
    let answers = [tagged, plain, plain, tagged, "\(tagged)/sub", tagged, plain].map {
      folders.mayHoldSidecars(of: "\($0)/x.jpg")
    }
    #expect(answers == [true, false, false, true, false, true, false])
    // A folder whose name starts with the last one's is another folder.
    #expect(!folders.mayHoldSidecars(of: "\(tagged)x/y.jpg"))
    #expect(folders.mayExist("\(tagged)/b.xmp") && !folders.mayExist("\(plain)/b.xmp"))
  }

  @Test("moving elements out hands each over in order and leaves the array empty, or valid after a throw")
  func moveEach() throws {
    var paths = ["a", "b", "c"].map { CatalogItem(path: "/photos/\($0)-long-enough-to-be-on-the-heap.jpg") }
    var seen: [String] = []
    paths.moveEach(replacingWith: CatalogItem(path: "")) { seen.append($0.path) }
    #expect(seen == ["a", "b", "c"].map { "/photos/\($0)-long-enough-to-be-on-the-heap.jpg" })
    #expect(paths.isEmpty)
    struct Stop: Error {}
    var numbers = [1, 2, 3]
    var taken: [Int] = []
    #expect(throws: Stop.self) {
      try numbers.moveEach(replacingWith: 0) { number in
        if number == 2 { throw Stop() }
        taken.append(number)
      }
    }
    #expect(taken == [1] && numbers.isEmpty)
  }

  /// Progress values, reported from any thread.
  final class Reported: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [Int] = []
    func add(_ value: Int) { lock.withLock { list.append(value) } }
    var values: [Int] { lock.withLock { list } }
  }
}
