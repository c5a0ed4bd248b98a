import Foundation
import TestSupport
import Testing

/// `contactsheet preflight` passes our PDF/X output, and sees each rule broken in a copy that
/// breaks it (made by pikepdf: `Fixtures/pdf/break-pdf.py`), with exit statuses 0, 1 and 2.
@Suite("preflight")
struct PreflightTests {
  private func preflight(_ arguments: [String]) throws -> ProcessResult {
    try ProcessRunner.run(FixturePaths.binary, ["preflight"] + arguments)
  }

  /// A clean PDF/X-4 file of the fixture photos, with links and a contents page.
  private func cleanPDFX(in folder: URL) throws -> String {
    let output = folder.appendingPathComponent("clean.pdf").path
    let photos = ["rocket.jpg", "coffee.png", "chelsea.png"].map(FixturePaths.photo)
    let result = try ProcessRunner.run(
      FixturePaths.binary,
      ["render"] + photos + [
        "-o", output, "--pdfx", "--output-intent", "FOGRA39", "--icc", PDFXTests.cmykProfile, "--bleed",
        "3mm",
        "--title", "Tom & Jerry <1> \"quoted\"", "--min-ppi", "0",
      ])
    #expect(result.status == 0, "\(result.standardError)")
    return output
  }

  @Test("our PDF/X-4 file has no PDF/X findings; the same file breaking one rule has that rule's finding")
  func rules() throws {
    let folder = try FixturePaths.temporaryFolder()
    let clean = try cleanPDFX(in: folder)
    let passed = try preflight(["--pdfx", "--min-ppi", "50", clean])
    #expect(passed.status == 0, "\(passed.standardOutput)")
    #expect(passed.standardOutput.contains("no findings"))
    let broken = folder.appendingPathComponent("broken")
    try FileManager.default.createDirectory(at: broken, withIntermediateDirectories: true)
    let script = FixturePaths.fixtures.appendingPathComponent("pdf/break-pdf.py").path
    let made = try ProcessRunner.run("/usr/bin/python3", [script, clean, broken.path])
    #expect(made.status == 0, "\(made.standardError)")
    let expected: [(file: String, finding: String)] = [
      ("output-intent", "PDF/X-4 output-intent: no /OutputIntents entry of subtype /GTS_PDFX"),
      ("output-intent-profile", "embeds no /DestOutputProfile"),
      ("trapped", "PDF/X-4 trapped, object"),
      ("pdfx-version", "PDF/X-4 pdfx-version"),
      ("metadata", "PDF/X-4 metadata: the catalog has no XMP /Metadata stream"),
      ("boxes", "PDF/X-4 boxes, page 1"),
      ("boxes-bleed", "reaches past the /MediaBox"),
      ("fonts", "PDF/X-4 fonts, object"),
      ("colour", "PDF/X-4 colour, page 1"),
      ("encryption", "PDF/X-4 encryption"),
      ("link-description", "PDF/UA-1 link-description, page 1, object"),
      ("total-ink", "R: a CMYK colour asks for 400% total ink, above 300%"),
      ("total-ink-image", "a CMYK image reaches 350% total ink, above 300%"),
      // JPEG rounds 255 to within a step or two: 399% or 400%.
      ("total-ink-jpeg", "% total ink, above 300%"),
      ("colour-cmyk", "R: device CMYK is used, but the output intent is not CMYK"),
      ("alt-text", "PDF/UA-1 alt-text, object"),
    ]
    for (file, finding) in expected {
      let path = broken.appendingPathComponent(file + ".pdf").path
      let result = try preflight(["--min-ppi", "50", path])
      #expect(result.status == 1, "\(file): \(result.standardOutput)")
      #expect(result.standardOutput.contains(finding), "\(file): \(result.standardOutput)")
    }
    // Each finding names its rule and page (the objects' numbers are the file's).
    for (file, rule) in [
      ("total-ink", "total-ink"), ("total-ink-image", "total-ink"), ("colour-cmyk", "colour"),
    ] {
      let result = try preflight([
        "--pdfx", "--min-ppi", "50", broken.appendingPathComponent(file + ".pdf").path,
      ])
      #expect(result.standardOutput.contains("PDF/X-4 \(rule), page 1, object "), "\(result.standardOutput)")
    }
    // Ink at the limit passes; a lower limit sees it, as a shop printing on uncoated paper would.
    let within = broken.appendingPathComponent("ink-within.pdf").path
    let atLimit = try preflight(["--pdfx", "--min-ppi", "50", within])
    #expect(atLimit.status == 0, "\(atLimit.standardOutput)")
    let uncoated = try preflight(["--pdfx", "--min-ppi", "50", "--max-ink", "260", within])
    #expect(uncoated.status == 1)
    #expect(uncoated.standardOutput.contains("a CMYK colour asks for 300% total ink, above 260%"))
    #expect(uncoated.standardOutput.contains("a CMYK image reaches 300% total ink, above 260%"))
    // The tab order rule is seen with the link.
    let link = try preflight(["--pdfua", broken.appendingPathComponent("link-description.pdf").path])
    #expect(link.standardOutput.contains("PDF/UA-1 tab-order, page 1"))
  }

  @Test(
    "image resolution: each image under --min-ppi is named with its page, object and ppi, as pdfimages says")
  func imageResolution() throws {
    let folder = try FixturePaths.temporaryFolder()
    let clean = try cleanPDFX(in: folder)
    let result = try preflight(["--pdfx", "--min-ppi", "2000", clean])
    #expect(result.status == 1)
    let lines = result.standardOutput.split(separator: "\n").filter { $0.contains("image-resolution") }
    let listing = try ProcessRunner.run("pdfimages", ["-list", clean]).standardOutput
    // Every image drawn: the photos, and the cards' shadows (an image each card size, drawn
    // once a card); not the shadows' soft masks, which are part of their images.
    let drawn = listing.split(separator: "\n").dropFirst(2).filter { $0.split(separator: " ")[2] == "image" }
    #expect(lines.count == drawn.count && drawn.contains { $0.contains(" jpeg ") })
    for row in drawn {
      let fields = row.split(separator: " ")
      let object = "object \(fields[10]) 0 R"
      // A shared shadow is drawn at a ppi or two apart on cards a point apart in size.
      let ppis = [Int(fields[12])!, Int(fields[13])!].flatMap { [$0, $0 - 1] }
      let named = lines.filter { $0.contains(object) }
      #expect(
        named.contains { line in ppis.contains { line.contains("prints at \($0) ppi") } },
        "\(row) in \(named)")
    }
  }

  @Test("a plain PDF is not PDF/X nor tagged; a file that is not a PDF exits 2")
  func plainAndUnreadable() throws {
    let folder = try FixturePaths.temporaryFolder()
    let plain = folder.appendingPathComponent("plain.pdf").path
    _ = try ProcessRunner.run(FixturePaths.binary, ["render", FixturePaths.photo("rocket.jpg"), "-o", plain])
    let result = try preflight([plain])
    #expect(result.status == 1)
    for rule in [
      "PDF/X-4 output-intent", "PDF/X-4 trailer-id", "PDF/X-4 boxes, page 1", "PDF/X-4 colour, page 1",
      "PDF/UA-1 tagged", "PDF/UA-1 title", "PDF/UA-1 identification",
    ] {
      #expect(result.standardOutput.contains(rule), "\(rule) in \(result.standardOutput)")
    }
    // Every PDF names its language (--lang, English by default) and asks viewers for its title.
    #expect(!result.standardOutput.contains("PDF/UA-1 language"))
    #expect(!result.standardOutput.contains("DisplayDocTitle"))
    let junk = folder.appendingPathComponent("junk.pdf")
    try Data("not a pdf\n".utf8).write(to: junk)
    let unreadable = try preflight([junk.path])
    #expect(unreadable.status == 2)
    #expect(unreadable.standardError.contains("is not a readable PDF"))
    #expect(!unreadable.standardError.contains("/proc/self/fd"))
    // An unreadable file among others: the others are still checked, and the status is 2.
    let mixed = try preflight([junk.path, plain])
    #expect(mixed.status == 2)
    #expect(mixed.standardOutput.contains("plain.pdf: PDF/X-4 output-intent"))
  }
}
