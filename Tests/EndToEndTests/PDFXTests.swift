import Foundation
import TestSupport
import Testing

/// `render --pdfx` writes what ISO 15930-7 (PDF/X-4) asks a file to state, as pikepdf (libqpdf)
/// reads it back, independently of ContactSheet's PDF code (`Fixtures/pdf/pdf-facts.py`).
@Suite("PDF/X-4 output")
struct PDFXTests {
  /// Ghostscript's CMYK output profile stands in for a print shop's (Debian ships no FOGRA one).
  static let cmykProfile = "/usr/share/color/icc/ghostscript/default_cmyk.icc"
  /// An sRGB display profile: not an output profile.
  static let displayProfile = "/usr/share/color/icc/ghostscript/srgb.icc"

  private func render(_ arguments: [String]) throws -> ProcessResult {
    try ProcessRunner.run(FixturePaths.binary, ["render"] + arguments)
  }

  /// What pikepdf reads of the PDF at `path`.
  private func facts(_ path: String) throws -> [String: Any] {
    let script = FixturePaths.fixtures.appendingPathComponent("pdf/pdf-facts.py").path
    let result = try ProcessRunner.run("/usr/bin/python3", [script, path])
    #expect(result.status == 0, "\(result.standardError)")
    return try #require(
      JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
  }

  private var photos: [String] {
    ["rocket.jpg", "coffee.png", "horse.png", "text.png", "coins.png"].map(FixturePaths.photo)
  }

  @Test("a PDF/X-4 file: output intent with its profile, XMP and Info agreeing, boxes, sRGB, a trailer ID")
  func pdfx() throws {
    let folder = try FixturePaths.temporaryFolder()
    let output = folder.appendingPathComponent("print.pdf").path
    let result = try render(
      photos + [
        "-o", output, "--pdfx", "--output-intent", "FOGRA39", "--icc", Self.cmykProfile, "--bleed", "3mm",
        "--crop-marks", "--title", "Käse & Brot (Herbst)", "--author", "Ölmühle", "--section-by", "dir",
        "--contents",
      ])
    #expect(result.status == 0, "\(result.standardError)")
    try PDFCheck.requireValid(output)
    let facts = try facts(output)
    #expect(facts["header"] as? String == "%PDF-1.6")
    #expect(facts["encrypted"] as? Bool == false)
    let intents = try #require(facts["outputIntents"] as? [[String: Any]])
    #expect(intents.count == 1)
    let intent = intents[0]
    #expect(intent["S"] as? String == "/GTS_PDFX")
    #expect(intent["OutputConditionIdentifier"] as? String == "FOGRA39")
    #expect(intent["RegistryName"] as? String == "http://www.color.org")
    #expect((intent["Info"] as? String)?.contains("FOGRA39") == true)
    #expect(intent["N"] as? Int == 4)
    let profileSize = try FileManager.default.attributesOfItem(atPath: Self.cmykProfile)[.size] as? Int
    #expect(intent["profileBytes"] as? Int == profileSize)
    let info = try #require(facts["info"] as? [String: String])
    let xmp = try #require(facts["xmp"] as? [String: String])
    #expect(info["Trapped"] == "/False" && xmp["Trapped"] == "False")
    #expect(info["GTS_PDFXVersion"] == "PDF/X-4" && xmp["GTS_PDFXVersion"] == "PDF/X-4")
    #expect(info["Title"] == "Käse & Brot (Herbst)" && xmp["title"] == info["Title"])
    #expect(info["Author"] == "Ölmühle" && xmp["creator"]?.contains("Ölmühle") == true)
    #expect(info["Producer"] == xmp["Producer"] && info["Creator"] == xmp["CreatorTool"])
    // D:20261128153303Z and 2026-11-28T15:33:03Z state the same moment.
    let pdfDate = try #require(info["CreationDate"])
    let digits = xmp["CreateDate"]?.filter(\.isNumber)
    #expect(pdfDate.hasPrefix("D:") && pdfDate.filter(\.isNumber) == digits)
    #expect(xmp["ModifyDate"] != nil && xmp["MetadataDate"] != nil)
    #expect(xmp["DocumentID"]?.hasPrefix("uuid:") == true && xmp["InstanceID"] != nil)
    #expect(xmp["VersionID"] != nil && xmp["RenditionClass"] != nil)
    #expect(facts["trailerID"] as? [Int] == [16, 16])
    // TrimBox ⊆ BleedBox ⊆ MediaBox on every page, exactly.
    let pages = try #require(facts["pages"] as? [[String: Any]])
    #expect(pages.count >= 2)
    for page in pages {
      let boxes = try #require(page["boxes"] as? [String: [Double]])
      let media = try #require(boxes["MediaBox"])
      let bleed = try #require(boxes["BleedBox"])
      let trim = try #require(boxes["TrimBox"])
      func inside(_ inner: [Double], _ outer: [Double]) -> Bool {
        inner[0] >= outer[0] && inner[1] >= outer[1] && inner[2] <= outer[2] && inner[3] <= outer[3]
      }
      #expect(inside(trim, bleed) && inside(bleed, media), "\(boxes)")
      #expect(bleed[0] > media[0] && trim[0] > bleed[0])  // crop marks around the bleed
      #expect(page["defaultRGB"] as? Bool == true)
      #expect((page["groupCS"] as? String)?.contains("ICCBased") == true)
    }
    // No bare DeviceRGB anywhere; photos are ICC-based sRGB; every font embedded.
    #expect(facts["deviceRGB"] as? Int == 0)
    // Forms with resources of their own do not inherit the page's DefaultRGB: each has one.
    #expect(facts["formsWithoutDefaultRGB"] as? Int == 0)
    let images = try #require(facts["images"] as? [String: Int])
    #expect(images["icc"] ?? 0 >= 2 && images["other"] == 0)  // grey photos stay DeviceGray, as X-4 allows
    #expect((facts["unembeddedFonts"] as? [String])?.isEmpty == true)
  }

  @Test("the pages look as a plain PDF's: PDF/X changes what the file says, not what it draws")
  func samePixels() throws {
    let folder = try FixturePaths.temporaryFolder()
    let plain = folder.appendingPathComponent("plain.pdf").path
    let print = folder.appendingPathComponent("print.pdf").path
    let common = photos + ["--bleed", "3mm", "--title", "Same"]
    #expect(try render(common + ["-o", plain]).status == 0)
    #expect(
      try render(common + ["-o", print, "--pdfx", "--output-intent", "FOGRA39", "--icc", Self.cmykProfile])
        .status
        == 0)
    // poppler simulates the output intent's press when it draws; without the intent, sRGB-tagged
    // pages must draw exactly as the untagged ones.
    let stripped = folder.appendingPathComponent("stripped.pdf").path
    let strip = try ProcessRunner.run(
      "/usr/bin/python3",
      [
        "-c",
        "import pikepdf,sys; p=pikepdf.open(sys.argv[1]); del p.Root['/OutputIntents']; p.save(sys.argv[2])",
        print, stripped,
      ])
    #expect(strip.status == 0, "\(strip.standardError)")
    let expected = try Raster.page(plain, dpi: 50, folder: folder)
    #expect(expected.height > 100)
    let strippedFolder = folder.appendingPathComponent("stripped")
    try FileManager.default.createDirectory(at: strippedFolder, withIntermediateDirectories: true)
    let actual = try Raster.page(stripped, dpi: 50, folder: strippedFolder)
    #expect(actual.width == expected.width && actual.height == expected.height)
    #expect(actual.bytes == expected.bytes)
  }

  @Test("a custom profile file is its own intent, named by its description")
  func customProfile() throws {
    let folder = try FixturePaths.temporaryFolder()
    let output = folder.appendingPathComponent("custom.pdf").path
    let result = try render([
      FixturePaths.photo("rocket.jpg"), "-o", output, "--pdfx", "--output-intent", Self.cmykProfile,
    ])
    #expect(result.status == 0, "\(result.standardError)")
    let intent = try #require((try facts(output)["outputIntents"] as? [[String: Any]])?.first)
    #expect(intent["OutputConditionIdentifier"] as? String == "Custom")
    #expect((intent["Info"] as? String)?.isEmpty == false)
    #expect(intent["RegistryName"] == nil || intent["RegistryName"] is NSNull)
  }

  @Test(
    "what PDF/X cannot be made from is refused before anything is read, naming the flag",
    arguments: [
      (["--pdfx"], "--pdfx needs --output-intent"),
      (["--pdfx", "--output-intent", "FOGRA39"], "--output-intent FOGRA39 needs its ICC profile: --icc"),
      (
        ["--pdfx", "--output-intent", "/nonexistent.icc"], "nor a profile file that can be read: no such file"
      ),
      (["--pdfx", "--output-intent", displayProfile], "PDF/X needs an output (printer) profile"),
      (["--output-intent", "FOGRA39"], "are for PDF/X: add --pdfx"),
      (
        ["--pdfx", "--output-intent", cmykProfile, "--icc", cmykProfile],
        "goes with a registered --output-intent"
      ),
    ])
  func refused(arguments: [String], message: String) throws {
    let folder = try FixturePaths.temporaryFolder()
    let output = folder.appendingPathComponent("refused.pdf").path
    let result = try render([FixturePaths.photo("rocket.jpg"), "-o", output] + arguments)
    #expect(result.status == 2)
    #expect(result.standardError.contains(message), "\(result.standardError)")
    #expect(!FileManager.default.fileExists(atPath: output))
  }
}
