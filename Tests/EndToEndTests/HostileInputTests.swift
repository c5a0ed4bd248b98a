import Foundation
import TestSupport
import Testing

/// Each row of the hostile-input table, reproduced against the built binary: every run ends
/// with a message and a status, never a crash, a hang or a balloon.
@Suite("hostile inputs")
struct HostileInputTests {
  private let hostile = FixturePaths.fixtures.appendingPathComponent("hostile")

  private func fixture(_ name: String) -> String { hostile.appendingPathComponent(name).path }

  private func run(_ arguments: [String], in folder: URL? = nil) throws -> ProcessResult {
    try ProcessRunner.run(FixturePaths.binary, arguments, currentDirectory: folder)
  }

  /// Runs `script` with `sh -c`, `$BIN` naming the binary.
  private func shell(_ script: String, in folder: URL) throws -> ProcessResult {
    try ProcessRunner.run(
      "sh", ["-c", script], environment: ["BIN": FixturePaths.binary], currentDirectory: folder)
  }

  private func output(_ name: String = "sheet.pdf") throws -> (folder: URL, path: String) {
    let folder = try FixturePaths.temporaryFolder(name + UUID().uuidString)
    return (folder, folder.appendingPathComponent(name).path)
  }

  @Test("1: a PNG header declaring 4294967295×4294967295 is a placeholder, not an overflow")
  func overflowingHeader() throws {
    let (_, path) = try output()
    let result = try run(["render", fixture("huge-header.png"), "-o", path])
    #expect(result.status == 0)
    #expect(result.standardError.contains("4294967295×4294967295 is more than --max-pixels"))
    #expect(result.standardError.contains("1 placeholder"))
  }

  @Test("2: a CSV row shorter than its header has empty fields, and says the image is missing once")
  func shortRow() throws {
    let (_, path) = try output()
    let result = try run(["render", fixture("short-row.csv"), "-o", path])
    #expect(result.status == 0)
    #expect(result.standardError.contains("short-row.csv:2: no image file given"))
    #expect(!result.standardError.contains("short-row.csv:2: short-row.csv:2"))
  }

  @Test("3: compare refuses a JPEG declaring 65000×65000 from its header, on standard error")
  func compareLimit() throws {
    let jpeg = fixture("huge-header.jpg")
    let result = try run(["compare", jpeg, jpeg])
    #expect(result.status == 2)
    #expect(result.standardError.contains("65000×65000 is more than the 50000000 pixels compare holds"))
  }

  @Test("3: a PDF whose page is too large to rasterise is refused even when compared with itself")
  func comparePDFLimit() throws {
    // 200 × 200 in: 20000² pixels at compare's 100 dpi. Identical files match by their bytes
    // only when comparing their pixels would have been allowed, as for images.
    let pdf = fixture("huge-page.pdf")
    let same = try run(["compare", pdf, pdf])
    #expect(same.status == 2)
    #expect(
      same.standardError.contains("page 1 is 14400.0×14400.0 pt, more than 50000000 pixels at 100.0 dpi"))
    let small = try run(["compare", pdf, pdf, "--dpi", "10"])
    #expect(small.status == 0)
    #expect(small.standardOutput.contains("the files are identical, byte for byte"))
    // Two copies of a file that starts like a PDF but is none are an error, not a match.
    let (folder, _) = try output()
    let broken = folder.appendingPathComponent("broken.pdf").path
    try Data("%PDF-1.4 and nothing else".utf8).write(to: URL(fileURLWithPath: broken))
    let twice = try run(["compare", broken, broken])
    #expect(twice.status == 2)
    #expect(twice.standardError.contains("not a readable PDF"))
  }

  @Test("4: a page of 100000×100000 mm is refused; a 5000 mm page at 1200 ppi is drawn in bounded memory")
  func hugePage() throws {
    let (_, path) = try output()
    let (folder, _) = try output()
    let photo = folder.appendingPathComponent("camera.jpg").path
    // 5600×3600: more than a card's image may hold (a smaller photo is embedded at its own size).
    try FixturePaths.writeCameraSizedJPEG(from: "coffee.png", to: photo, width: 5600, height: 3600)
    let refused = try run(["render", photo, "-o", path, "--page", "100000x100000mm"])
    #expect(refused.status == 2)
    #expect(refused.standardError.contains("longer than the largest PDF page side"))
    let drawn = try run([
      "render", photo, "-o", path, "--page", "5000x5000mm", "--ppi", "1200", "--columns", "1",
    ])
    #expect(drawn.status == 0)
    let images = try ProcessRunner.run("pdfimages", ["-list", path]).standardOutput
    // The card's image is capped at 16 million pixels (4898×3265), not 236000×157000.
    let line = try #require(images.split(separator: "\n").first { $0.contains(" jpeg ") })
    let fields = line.split(separator: " ")
    let pixels = try #require(Int(fields[3])) * (try #require(Int(fields[4])))
    #expect(pixels <= 16_000_000 && pixels > 15_000_000)
  }

  @Test(
    "5: nested YAML aliases, a 1,000,001-row CSV, a CSV of 13 million fields, a 1,000,001-item and a 10-million-value JSON are refused with a message"
  )
  func documentBounds() throws {
    let (folder, path) = try output()
    let yaml = try run(["render", fixture("alias-bomb.yaml"), "-o", path])
    #expect(yaml.status == 2)
    #expect(yaml.standardError.contains("once YAML aliases are expanded"))
    let csv = folder.appendingPathComponent("rows.csv")
    try Data(("name,image\n" + String(repeating: "a,x.png\n", count: 1_000_001)).utf8).write(to: csv)
    let rows = try run(["render", csv.path, "-o", path])
    #expect(rows.status == 2)
    #expect(rows.standardError.contains("rows.csv:1000002:1: more than 1000000 rows"))
    // Fields are counted too: a file of delimiters alone would take 16 bytes a byte.
    let commas = folder.appendingPathComponent("commas.csv")
    try Data(("name,image\n" + String(repeating: ",", count: 13_000_000)).utf8).write(to: commas)
    let cells = try run(["render", commas.path, "-o", path])
    #expect(cells.status == 2)
    #expect(cells.standardError.contains("commas.csv:2:12999999: more than 13000000 fields"))
    // Items are counted as they are read: the 1,000,001st is refused, within the value limit.
    let items = folder.appendingPathComponent("items.json")
    try Data(
      ("{\"items\": [" + Array(repeating: "\"x.png\"", count: 1_000_001).joined(separator: ",") + "]}").utf8
    )
    .write(to: items)
    let many = try run(["layout", items.path])
    #expect(many.status == 2)
    #expect(many.standardError.contains("items.json: more than 1000000 items"))
    // The limit is the run's: a second manifest may take what the first left.
    let half = Array(repeating: "\"x.png\"", count: 600_000).joined(separator: ",")
    let first = folder.appendingPathComponent("first.json")
    let second = folder.appendingPathComponent("second.json")
    for file in [first, second] { try Data(("{\"items\": [" + half + "]}").utf8).write(to: file) }
    let two = try run(["layout", first.path, second.path])
    #expect(two.status == 2)
    #expect(two.standardError.contains("second.json: more than 1000000 items"))
    let json = folder.appendingPathComponent("values.json")
    try Data(("{\"items\": [" + Array(repeating: "1", count: 10_000_001).joined(separator: ",") + "]}").utf8)
      .write(to: json)
    let values = try run(["render", json.path, "-o", path])
    #expect(values.status == 2)
    #expect(values.standardError.contains("more than 10000000 values"))
  }

  @Test("6: a 100 KB caption is cut with one warning; a 20 MB stdin line is refused after 4 KB")
  func longText() throws {
    let (folder, path) = try output()
    let csv = folder.appendingPathComponent("long.csv")
    let photo = FixturePaths.photo("coffee.png")
    try Data("title,image\n\(String(repeating: "word ", count: 20_000)),\(photo)\n".utf8).write(to: csv)
    let cut = try run(["render", csv.path, "--caption", "{title}", "-o", path, "-q"])
    #expect(cut.status == 0)
    #expect(cut.standardError.contains("1 caption was longer than 4096 bytes and cut there"))
    #expect(!cut.standardError.contains("Pango"))
    let line = try shell("head -c 20000000 /dev/zero | tr '\\0' a | \"$BIN\" render - -o out.pdf", in: folder)
    #expect(line.status == 2)
    #expect(line.standardError.contains("standard input, line 1: longer than 4096 bytes"))
  }

  @Test("7: a tEXt chunk declaring 2 GB is a placeholder card counted in the summary")
  func lyingChunk() throws {
    let (_, path) = try output()
    let result = try run(["render", fixture("text-chunk-2gb.png"), "-o", path])
    #expect(result.status == 0)
    #expect(result.standardError.contains("'tEXt' chunk claims 2147483632 bytes"))
    #expect(result.standardError.contains("1 placeholder (1 file is truncated)"))
  }

  @Test("9: a FIFO in a folder, as a manifest, on standard input or as a font file is named, never waited on")
  func fifos() throws {
    let (folder, path) = try output()
    let images = folder.appendingPathComponent("images")
    try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      atPath: FixturePaths.photo("coffee.png"), toPath: images.appendingPathComponent("a.png").path)
    #expect(mkfifo(images.appendingPathComponent("b.jpg").path, 0o600) == 0)
    let inFolder = try run(["render", images.path, "-o", path])
    #expect(inFolder.status == 0)
    #expect(
      inFolder.standardError.contains(
        "skipped 1 file: 1 not a regular file (a pipe, device or socket) (b.jpg)"))
    let manifest = folder.appendingPathComponent("m.json").path
    #expect(mkfifo(manifest, 0o600) == 0)
    let asManifest = try run(["render", manifest, "-o", path])
    #expect(asManifest.status == 2 && asManifest.standardError.contains("m.json: is a named pipe"))
    let font = try run([
      "render", images.appendingPathComponent("a.png").path, "-o", path, "--font-file", manifest,
    ])
    #expect(font.status != 0 && font.standardError.contains("is a named pipe (FIFO), not a file"))
    let listed = try shell("echo images/b.jpg | \"$BIN\" render - -o listed.pdf", in: folder)
    #expect(listed.status == 0 && listed.standardError.contains("is a named pipe"))
  }

  @Test("10: two symbolic links to . inside a folder scanned with -r end the walk, each image once")
  func symlinkLoop() throws {
    let (folder, path) = try output()
    let images = folder.appendingPathComponent("loop")
    try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      atPath: FixturePaths.photo("coffee.png"), toPath: images.appendingPathComponent("a.png").path)
    try FileManager.default.createSymbolicLink(
      atPath: images.appendingPathComponent("l1").path, withDestinationPath: ".")
    try FileManager.default.createSymbolicLink(
      atPath: images.appendingPathComponent("l2").path, withDestinationPath: ".")
    let result = try run(["render", "-r", images.path, "-o", path])
    #expect(result.status == 0)
    #expect(result.standardError.contains("1 image, 1 page"))
  }

  @Test("11: render - < /dev/zero stops at once; /dev/zero as an image is named a device")
  func devZero() throws {
    let (folder, path) = try output()
    let list = try shell("\"$BIN\" render - -o out.pdf < /dev/zero", in: folder)
    #expect(list.status == 2)
    #expect(list.standardError.contains("standard input, line 1"))
    let image = try run(["render", "/dev/zero", "-o", path])
    #expect(image.standardError.contains("/dev/zero: is a character device, not a file"))
    #expect(image.standardError.contains("1 placeholder (1 is a character device, not a file)"))
  }

  @Test("12: terminal escape sequences in a file name are printed escaped")
  func escapes() throws {
    let (folder, path) = try output()
    let name = "bad\u{1B}[31mred.jpg"
    #expect(
      FileManager.default.createFile(atPath: folder.appendingPathComponent(name).path, contents: Data()))
    let result = try run(["render", folder.path, "-o", path])
    #expect(!result.standardError.contains("\u{1B}"))
    #expect(result.standardError.contains("bad\\u{1B}[31mred.jpg"))
  }

  @Test("13: temporary files of a killed run are removed by the next run in that folder; a live run's stay")
  func staleTemporaryFiles() throws {
    let (folder, path) = try output()
    // pid 4194304 is above Linux's largest pid (2^22), so no process has it.
    let stale = folder.appendingPathComponent(".sheet.pdf.4194304.0.tmp").path
    let live = folder.appendingPathComponent(".sheet.pdf.\(getpid()).0.tmp").path
    for file in [stale, live] {
      #expect(FileManager.default.createFile(atPath: file, contents: Data("x".utf8)))
    }
    let result = try run(["render", FixturePaths.photo("coffee.png"), "-o", path])
    #expect(result.status == 0)
    #expect(!FileManager.default.fileExists(atPath: stale))
    #expect(FileManager.default.fileExists(atPath: live))
  }

  @Test("14: compare --report on a full disk fails with status 3 and leaves no file")
  func fullDisk() throws {
    let (folder, _) = try output()
    let photos = FixturePaths.photos.path
    // File size limit of 4 KB (SIGXFSZ ignored): every write past it fails as on a full disk.
    let result = try shell(
      "trap '' XFSZ; ulimit -f 4; \"$BIN\" compare \(photos)/coffee.png \(photos)/horse.png --report r.pdf",
      in: folder)
    #expect(result.status == 3)
    #expect(!result.standardError.contains("report: r.pdf"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }

  @Test(
    "round 2, 10: --ppi original on a 16×40,000 PNG embeds it at 13×32,767 with a warning, and the photo beside it"
  )
  func tallStripOriginal() throws {
    let (_, path) = try output()
    let coffee = FixturePaths.photos.appendingPathComponent("coffee.png").path
    let result = try run(["render", fixture("strip-16x40000.png"), coffee, "-o", path, "--ppi", "original"])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardError.contains("--ppi original embeds it at 13×32767"))
    let images = try ProcessRunner.run("pdfimages", ["-list", path]).standardOutput
    #expect(images.contains("   13 32767  rgb"), "\(images)")
    #expect(images.contains("  600   400  rgb"), "the photo beside it: \(images)")
    try PDFCheck.requireValid(path)
  }

  @Test(
    "round 2, 11: a progressive 4:4:4 JPEG of 100 MP is refused from its header, before libjpeg allocates")
  func hugeProgressive() throws {
    let (_, path) = try output()
    let result = try run([
      "render", fixture("progressive-100mp-444.jpg"),
      FixturePaths.photos.appendingPathComponent("coffee.png").path,
      "-o", path,
    ])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardError.contains("a progressive JPEG of 10000×10000 needs 572 MB to decode"))
    #expect(result.standardError.contains("1 placeholder"))
  }
}
