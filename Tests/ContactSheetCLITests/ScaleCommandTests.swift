import Foundation
import SheetImages
import TestSupport
import Testing

@testable import ContactSheet
@testable import ContactSheetCLI

@Suite("Large catalogs: no image opened when sizes are given, warnings capped")
struct ScaleCommandTests {
  /// A CSV of `rows` rows: with `sizes`, each names `photo` with width and height columns;
  /// without, each names a file `photo-N.jpg` and gives no size.
  private func catalog(rows: Int, photo: String, sizes: Bool, _ test: String = #function) throws -> String {
    let folder = try FixturePaths.temporaryFolder(test)
    var lines = [sizes ? "image,width,height,caption" : "image,caption"]
    for row in 0..<rows {
      lines.append(sizes ? "\(photo),640,480,item \(row)" : "\(photo)-\(row).jpg,item \(row)")
    }
    let path = folder.appendingPathComponent("catalog.csv").path
    try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  @Test("layout of a CSV with width and height columns opens no image file")
  func sizesGivenOpensNothing() throws {
    let folder = try FixturePaths.temporaryFolder()
    let photo = folder.appendingPathComponent("photo.png").path
    try FileManager.default.copyItem(atPath: FixturePaths.photo("coffee.png"), toPath: photo)
    let csv = try catalog(rows: 500, photo: photo, sizes: true)
    let command = try #require(try ContactSheetCommand.parseAsRoot(["layout", csv]) as? LayoutCommand)
    ImageFileOpens.startCounting(under: folder.path)
    let sheet = try command.job(maxPixels: 200_000_000).prepare(readsEveryHeader: false)
    let opens = ImageFileOpens.stopCounting(under: folder.path)
    #expect(sheet.items.count == 500)
    #expect(opens.isEmpty, "opened: \(opens)")
  }

  @Test("a CSV of missing photos without sizes prints ten warnings, one line for the rest, and the count")
  func warningsCapped() throws {
    let csv = try catalog(rows: 35, photo: "/nonexistent/photo", sizes: false)
    let result = try ProcessRunner.run(FixturePaths.binary, ["layout", csv])
    #expect(result.status == 0, "stderr: \(result.standardError)")
    let lines = result.standardError.split(separator: "\n")
    #expect(lines.filter { $0.contains("laid out as a 4:3 card") }.count == Diagnostics.shownPerKind)
    #expect(lines.contains { $0.hasPrefix("warning: … and 25 more like this (") }, "\(lines)")
    #expect(lines.last?.hasPrefix("35 warnings: 35 ") == true, "\(lines)")
    #expect(lines.count == Diagnostics.shownPerKind + 2, "\(lines)")
  }

  @Test("counts are grouped by thousands")
  func grouped() {
    #expect(Diagnostics.grouped(99_990) == "99,990")
    #expect(Diagnostics.grouped(1_000_000) == "1,000,000")
    #expect(Diagnostics.grouped(999) == "999")
    #expect(Diagnostics.grouped(0) == "0")
  }
}
