import Foundation
import SheetImages
import TestSupport
import Testing

@testable import ContactSheet
@testable import ContactSheetCLI

@Suite("Each photo is opened at most twice per render: once for its header, once to decode")
struct RenderOpenCountTests {
  /// JPEGs with EXIF, a sideways JPEG, a PNG and a WebP, copied into a folder of their own.
  private func photoFolder(_ test: String = #function) throws -> URL {
    let folder = try FixturePaths.temporaryFolder(test).appendingPathComponent("photos")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let sources = [
      "exif/earlier.jpg", "exif/later.jpg", "photos/rocket.jpg", "photos/horse.png", "formats/photo.webp",
      "orientation/orientation-6.jpg",
    ]
    for source in sources {
      try FileManager.default.copyItem(
        at: FixturePaths.fixtures.appendingPathComponent(source),
        to: folder.appendingPathComponent((source as NSString).lastPathComponent))
    }
    return folder
  }

  @Test(
    "render with an EXIF caption: every photo opened exactly twice, by SheetImages' count and the kernel's",
    arguments: [["-o", "sheet.pdf"], ["-o", "sheet.pdf", "--ppi", "original"], ["-o", "sheet.png"]])
  func render(output: [String]) throws {
    let photos = try photoFolder()
    let out = photos.deletingLastPathComponent().appendingPathComponent(output[1]).path
    let arguments =
      ["render", photos.path, "--caption", "{camera} {exposure}", "-q", "-o", out] + output.dropFirst(2)
    let watcher = try OpenWatcher(folder: photos.path)
    ImageFileOpens.startCounting(under: photos.path)
    var command = try ContactSheetCommand.parseAsRoot(arguments)
    try command.run()
    let counted = ImageFileOpens.stopCounting(under: photos.path)
    let seen = try watcher.opens()
    let names = try FileManager.default.contentsOfDirectory(atPath: photos.path).sorted()
    #expect(names.count == 6)
    let twice = Dictionary(uniqueKeysWithValues: names.map { ($0, 2) })
    #expect(
      Dictionary(uniqueKeysWithValues: counted.map { (($0.key as NSString).lastPathComponent, $0.value) })
        == twice)
    #expect(seen == twice, "opens the kernel saw")
    if out.hasSuffix(".pdf") { try PDFCheck.requireValid(out) }
  }

  @Test("the EXIF caption comes from the header read for layout; render items carry that header")
  func captionsFromHeader() throws {
    let photos = try photoFolder()
    let command = try #require(
      try ContactSheetCommand.parseAsRoot(
        ["render", photos.path, "--caption", "{camera} {exposure}", "-o", "x.pdf"]) as? RenderCommand)
    ImageFileOpens.startCounting(under: photos.path)
    let sheet = try command.job(maxPixels: 200_000_000).prepare()
    let counted = ImageFileOpens.stopCounting(under: photos.path)
    #expect(counted.count == 6 && counted.values.allSatisfy { $0 == 1 })
    let layoutItems = sheet.entries.compactMap { entry in
      if case .item(let item) = entry { item } else { nil }
    }
    let captions = Dictionary(
      uniqueKeysWithValues: zip(sheet.renderItems(), layoutItems).map {
        (($0.path! as NSString).lastPathComponent, $1.caption)
      })
    #expect(captions["earlier.jpg"] == "Canon EOS R6 2\u{00A0}s")
    #expect(captions["later.jpg"] == "FUJIFILM X100V 1/250\u{00A0}s")
    #expect(sheet.renderItems().allSatisfy { $0.header != nil })
    let sideways = sheet.renderItems().first { $0.path!.hasSuffix("orientation-6.jpg") }?.header
    #expect(sideways?.orientation == .right && sideways?.width == 64)
  }

  @Test("layout with sizes from the manifest opens no image at all")
  func layoutFromManifest() throws {
    let folder = try FixturePaths.temporaryFolder()
    let manifest = folder.appendingPathComponent("catalog.json")
    let photos = FixturePaths.photos.path
    try Data(
      """
      {"items": [
        {"image": "\(photos)/rocket.jpg", "width": 640, "height": 427, "caption": "Rocket"},
        {"image": "\(photos)/horse.png", "width": 400, "height": 328, "caption": "Horse"}
      ]}
      """.utf8
    ).write(to: manifest)
    let command = try #require(
      try ContactSheetCommand.parseAsRoot(["layout", manifest.path]) as? LayoutCommand)
    ImageFileOpens.startCounting(under: photos)
    let sheet = try command.job(maxPixels: 200_000_000).prepare(readsEveryHeader: false)
    #expect(ImageFileOpens.stopCounting(under: photos).isEmpty)
    #expect(sheet.items.count == 2 && sheet.items.allSatisfy { $0.header == nil })
  }
}

@Suite("A file named by many items is read once")
struct HeaderOncePerFileTests {
  @Test("5,000 CSV rows naming one photo by two paths and a hard link: its header is read once")
  func oncePerFile() throws {
    let folder = try FixturePaths.temporaryFolder()
    let photos = folder.appendingPathComponent("photos")
    try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
    let photo = photos.appendingPathComponent("rocket.jpg").path
    try FileManager.default.copyItem(atPath: FixturePaths.photos.path + "/rocket.jpg", toPath: photo)
    #expect(link(photo, photos.path + "/same-rocket.jpg") == 0)
    let names = ["photos/rocket.jpg", "photos/./rocket.jpg", "photos/same-rocket.jpg"]
    let rows = (0..<5_000).map { "\(names[$0 % 3]),Product \($0)" }
    let csv = folder.appendingPathComponent("catalog.csv")
    try Data((["image,name"] + rows).joined(separator: "\n").utf8).write(to: csv)
    let command = try #require(try ContactSheetCommand.parseAsRoot(["layout", csv.path]) as? LayoutCommand)
    ImageFileOpens.startCounting(under: photos.path)
    let sheet = try command.job(maxPixels: 200_000_000).prepare()
    let counted = ImageFileOpens.stopCounting(under: photos.path)
    #expect(counted.values.reduce(0, +) == 1, "\(counted)")
    #expect(sheet.items.count == 5_000)
    #expect(sheet.items.allSatisfy { (try? $0.header?.get())?.width == 640 })
  }

  @Test("two hard links to one photo, each with its own sidecar, keep their own ratings")
  func hardLinksKeepTheirSidecars() throws {
    let folder = try FixturePaths.temporaryFolder()
    let photo = folder.appendingPathComponent("x.jpg").path
    try FileManager.default.copyItem(atPath: FixturePaths.photos.path + "/rocket.jpg", toPath: photo)
    #expect(link(photo, folder.path + "/y.jpg") == 0)
    for (name, rating) in [("x", 5), ("y", 1)] {
      let xmp =
        #"<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">"#
        + #"<rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmp:Rating="\#(rating)"/>"#
        + "</rdf:RDF></x:xmpmeta>"
      try Data(xmp.utf8).write(to: folder.appendingPathComponent("\(name).xmp"))
    }
    let command = try #require(
      try ContactSheetCommand.parseAsRoot(["layout", folder.path]) as? LayoutCommand)
    let sheet = try command.job(maxPixels: 200_000_000).prepare()
    let ratings = Dictionary(
      uniqueKeysWithValues: sheet.items.map { (($0.path as NSString).lastPathComponent, $0.tags?.rating) })
    #expect(ratings == ["x.jpg": 5, "y.jpg": 1])
  }

  @Test("a 600,000-row CSV naming one image lays out in seconds")
  func bigCatalogOfOneImage() throws {
    let folder = try FixturePaths.temporaryFolder()
    try FileManager.default.copyItem(
      atPath: FixturePaths.photos.path + "/coffee.png", toPath: folder.path + "/coffee.png")
    var text = "image,name,price,category\n"
    text.reserveCapacity(26 << 20)
    for row in 0..<600_000 { text += "coffee.png,Product \(row),€ \(row % 100).99,Cat \(row / 60_000)\n" }
    let csv = folder.appendingPathComponent("rows.csv")
    try Data(text.utf8).write(to: csv)
    let start = Date()
    let result = try ProcessRunner.run(
      FixturePaths.binary, ["layout", csv.path, "--section-column", "category"], currentDirectory: folder)
    let seconds = Date().timeIntervalSince(start)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(seconds < 20, "\(seconds) s")
    #expect(result.standardOutput.count > 1_000_000)
  }
}

/// Counts the opens of each file in one folder as the kernel reports them (inotify), which sees
/// every open in the process, whichever library makes it.
private final class OpenWatcher {
  private let descriptor: Int32

  init(folder: String) throws {
    descriptor = inotify_init1(Int32(IN_NONBLOCK))
    guard descriptor >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
    // Closes are watched too: the kernel merges identical events in a row, and an open, a
    // close and an open again are not in a row.
    guard inotify_add_watch(descriptor, folder, UInt32(IN_OPEN | IN_CLOSE_NOWRITE | IN_CLOSE_WRITE)) >= 0
    else {
      close(descriptor)
      throw POSIXError(.init(rawValue: errno) ?? .EIO)
    }
  }

  deinit { close(descriptor) }

  /// Opens so far by file name (the folder's own opens left out).
  func opens() throws -> [String: Int] {
    var counts: [String: Int] = [:]
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 && errno == EAGAIN { return counts }
      guard count > 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
      var offset = 0
      while offset + 16 <= count {
        func word(_ at: Int) -> UInt32 {
          UInt32(buffer[offset + at]) | UInt32(buffer[offset + at + 1]) << 8
            | UInt32(buffer[offset + at + 2]) << 16 | UInt32(buffer[offset + at + 3]) << 24
        }
        let mask = word(4)
        let length = Int(word(12))
        let name = String(
          decoding: buffer[(offset + 16)..<(offset + 16 + length)].prefix { $0 != 0 }, as: UTF8.self)
        #expect(mask & UInt32(IN_Q_OVERFLOW) == 0, "inotify's queue overflowed")
        if mask & UInt32(IN_OPEN) != 0, mask & UInt32(IN_ISDIR) == 0, !name.isEmpty {
          counts[name, default: 0] += 1
        }
        offset += 16 + length
      }
    }
  }
}
