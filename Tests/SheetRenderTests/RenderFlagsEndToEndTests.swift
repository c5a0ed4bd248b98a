import Foundation
import SheetImages
import TestSupport
import Testing

/// The render options as a user types them, through the built `contactsheet` binary.
@Suite("Render options, end to end")
struct RenderFlagsEndToEndTests {
  /// The pinned fonts the page is set in (DejaVu Sans, regular and bold).
  let fontFiles = ["DejaVuSans.ttf", "DejaVuSans-Bold.ttf"].map(FixturePaths.font)
  var fonts: [String] { fontFiles.flatMap { ["--font-file", $0] } }

  private func run(_ arguments: [String]) throws -> ProcessResult {
    try ProcessRunner.run(
      FixturePaths.binary, ["render"] + arguments, environment: ["SOURCE_DATE_EPOCH": "0"])
  }

  @Test("corners, border, shadow, colours, header and footer options shape the page (golden)")
  func styleOptions() throws {
    let output = try FixturePaths.temporaryFolder().appendingPathComponent("flags.png").path
    let result = try run(
      [
        FixturePaths.photo("rocket.jpg"), FixturePaths.photo("coffee.png"), FixturePaths.photo("horse.png"),
        "-o", output, "--page", "140x100mm", "--columns", "3", "--margin", "10mm", "--dpi", "100",
        "--corner-radius", "0", "--border", "1.5pt #b03030", "--no-shadow", "--background", "#20242a",
        "--card-color", "#fdf6e3", "--caption-color", "#5b4a2e", "--title", "Flags", "--header",
        "{title}||{page}/{pages}",
        "--footer", "{date}", "-q",
      ] + fonts)
    #expect(result.status == 0, "\(result.standardError)")
    try Golden.check(output, named: "render-cli-flags", channelTolerance: 2, fonts: fontFiles)
  }

  @Test("--title, --author, --subject and --keywords reach the PDF; --ppi sets the embedded resolution")
  func metadataAndPPI() throws {
    let output = try FixturePaths.temporaryFolder().appendingPathComponent("meta.pdf").path
    let result = try run(
      [
        FixturePaths.photo("rocket.jpg"), "-o", output, "--title", "Trip", "--author", "Ann", "--subject",
        "Rockets",
        "--keywords", "space, launch", "--ppi", "120", "-q",
      ] + fonts)
    #expect(result.status == 0, "\(result.standardError)")
    let fields = try ProcessRunner.pdfInfo(output)
    #expect(fields["Title"] == "Trip" && fields["Author"] == "Ann" && fields["Subject"] == "Rockets")
    #expect(fields["Keywords"] == "space, launch")
    let listing = try ProcessRunner.run("pdfimages", ["-list", output]).standardOutput
    #expect(listing.contains("jpeg") && listing.contains(" 120   120 "))
  }

  @Test("a file that fails to decode: a warning with the reason, or exit 1 and no output with --strict")
  func strict() throws {
    let folder = try FixturePaths.temporaryFolder()
    let output = folder.appendingPathComponent("out.pdf").path
    let inputs = [
      FixturePaths.photo("rocket.jpg"),
      FixturePaths.fixtures.appendingPathComponent("formats/truncated.png").path,
    ]
    let lenient = try run(inputs + ["-o", output, "-q"] + fonts)
    #expect(lenient.status == 0)
    #expect(lenient.standardError.contains("truncated.png: file is truncated"))
    try PDFCheck.requireValid(output)
    try FileManager.default.removeItem(atPath: output)
    let strict = try run(inputs + ["-o", output, "--strict", "-q"] + fonts)
    #expect(strict.status == 1)
    #expect(!FileManager.default.fileExists(atPath: output))
  }

  @Test(
    "a folder of HEIC, AVIF, TIFF and DNG files renders every one; a truncated JPEG is shown with a warning")
  func moreFormats() throws {
    let folder = try FixturePaths.temporaryFolder()
    let names = ["photo.heic", "photo.avif", "two-pages.tif", "camera.dng", "truncated.jpg"]
    for name in names {
      try FileManager.default.copyItem(
        atPath: FixturePaths.fixtures.appendingPathComponent("formats/\(name)").path,
        toPath: folder.appendingPathComponent(name).path)
    }
    let output = try FixturePaths.temporaryFolder().appendingPathComponent("sheet.png").path
    let result = try run([folder.path, "-o", output, "--dpi", "50"] + fonts)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardError.contains("truncated.jpg: file is truncated"))
    #expect(result.standardError.contains("two-pages.tif: TIFF has 2 pages: only the first is shown"))
    #expect(result.standardError.contains("5 images, 1 page, 2 with warnings"), "\(result.standardError)")
    #expect(!result.standardError.contains("placeholder"))
  }

  @Test(
    "bad option values are usage errors that say what to type",
    arguments: [
      ["--border", "1pt"], ["--shadow-offset", "3"], ["--ppi", "lots"], ["--card-color", "#12"],
      ["--shadow-opacity", "2"],
    ])
  func badValues(arguments: [String]) throws {
    let output = try FixturePaths.temporaryFolder().appendingPathComponent("x.pdf").path
    let result = try run([FixturePaths.photo("rocket.jpg"), "-o", output] + arguments)
    #expect(result.status == 2, "\(arguments): \(result.standardError)")
    #expect(result.standardError.contains(arguments[0]))
  }
}
