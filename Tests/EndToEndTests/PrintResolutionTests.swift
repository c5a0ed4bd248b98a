import Foundation
import TestSupport
import Testing

/// A PDF holds each picture at no more pixels than it has, and a picture that prints below
/// `--min-ppi` is named with the resolution it prints at, as `pdfimages -list` reports it.
@Suite("Honest resolution in PDFs")
struct PrintResolutionTests {
  /// `pdfimages -list`'s images (a sheet drawn with `--no-shadow` has only the photos): width,
  /// height and x-ppi of each.
  private func embeddedImages(_ path: String) throws -> [(width: Int, height: Int, ppi: Int)] {
    let listing = try ProcessRunner.run("pdfimages", ["-list", path]).standardOutput
    return listing.split(separator: "\n").dropFirst(2).compactMap { line in
      let fields = line.split(separator: " ")
      guard fields.count > 12, fields[2] == "image" else { return nil }
      return (Int(fields[3])!, Int(fields[4])!, Int(fields[12])!)
    }
  }

  @Test("small pictures are embedded at their own size, large ones at --ppi, and the small ones are named")
  func noUpsamplingAndWarnings() throws {
    let folder = try FixturePaths.temporaryFolder()
    let output = folder.appendingPathComponent("sheet.pdf").path
    // Two columns of A4: each box is about 88 mm (3.45 in) wide. coins.png (384×303) prints at
    // about 111 ppi; hubble_deep_field.jpg (1000×872 with a 290 ppi box) near 300.
    let photos = ["coins.png", "horse.png", "hubble_deep_field.jpg"].map(FixturePaths.photo)
    let result = try ProcessRunner.run(
      FixturePaths.binary,
      ["render"] + photos + ["-o", output, "--columns", "2", "--min-ppi", "200", "--no-shadow"])
    #expect(result.status == 0, "\(result.standardError)")
    let images = try embeddedImages(output)
    #expect(images.count == 3)
    #expect(images.contains { $0.width == 384 && $0.height == 303 })  // not enlarged to 300 ppi
    #expect(images.contains { $0.width == 400 && $0.height == 328 })
    #expect(images.allSatisfy { $0.ppi <= 301 })
    let warnings = result.standardError.split(separator: "\n").filter { $0.contains(" prints at ") }
    #expect(warnings.count == 2, "\(result.standardError)")
    let coins = try #require(warnings.first { $0.contains("coins.png") })
    let coinsPPI = try #require(images.first { $0.width == 384 }?.ppi)
    // The warning's figure is pdfimages' (which rounds where the warning rounds down).
    #expect(coins.contains("prints at \(coinsPPI) ppi") || coins.contains("prints at \(coinsPPI - 1) ppi"))
    #expect(coins.contains("384×303 pixels over") && coins.contains("(--min-ppi)"))
    #expect(!result.standardError.contains("hubble_deep_field.jpg prints"))
    #expect(result.standardError.contains("2 under --min-ppi"))
  }

  @Test("a PDF for print (with a bleed) warns at 200 ppi unasked; one for the screen does not")
  func printDefault() throws {
    let folder = try FixturePaths.temporaryFolder()
    let output = folder.appendingPathComponent("sheet.pdf").path
    let photo = FixturePaths.photo("coins.png")
    let print = try ProcessRunner.run(
      FixturePaths.binary, ["render", photo, "-o", output, "--bleed", "3mm", "--columns", "2"])
    #expect(print.status == 0 && print.standardError.contains("print wants at least 200 (--min-ppi)"))
    let screen = try ProcessRunner.run(
      FixturePaths.binary, ["render", photo, "-o", output, "--columns", "2"])
    #expect(screen.status == 0 && !screen.standardError.contains("prints at"))
  }

  @Test("--min-ppi 0, and PNG pages, warn of nothing")
  func noWarnings() throws {
    let folder = try FixturePaths.temporaryFolder()
    let photo = FixturePaths.photo("coins.png")
    for (output, extra) in [
      ("sheet.pdf", ["--min-ppi", "0", "--bleed", "3mm", "--columns", "2"]),
      ("sheet.png", ["--min-ppi", "300"]),
    ] {
      let result = try ProcessRunner.run(
        FixturePaths.binary, ["render", photo, "-o", folder.appendingPathComponent(output).path] + extra)
      #expect(result.status == 0)
      #expect(!result.standardError.contains("prints at") && !result.standardError.contains("min-ppi"))
    }
  }
}
