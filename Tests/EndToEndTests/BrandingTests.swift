import Foundation
import SheetImages
import SheetPixels
import TestSupport
import Testing

/// `--watermark` across each image and `--cover-fit` for the cover's picture, through the
/// built binary.
@Suite("Branding: watermark and cover fit, end to end")
struct BrandingTests {
  /// Renders `inputs` as a one-column 72 ppi PNG with `extra` flags; returns the pixels.
  private func render(_ inputs: [String], _ extra: [String], name: String) throws -> RasterImage {
    let output = try FixturePaths.temporaryFolder(name).appendingPathComponent("sheet.png").path
    let result = try ProcessRunner.run(
      FixturePaths.binary,
      ["render"] + inputs + [
        "--columns", "1", "--page", "100x100mm", "--dpi", "72", "--caption", "", "-o", output, "-q",
      ] + extra)
    #expect(result.status == 0, "\(result.standardError)")
    return try ImageReader.decode(path: output)
  }

  /// The box around every pixel that differs between `a` and `b` by more than 8 levels, and
  /// how many do.
  private func differences(_ a: RasterImage, _ b: RasterImage) -> (count: Int, box: (Int, Int, Int, Int)?) {
    var count = 0
    var box: (Int, Int, Int, Int)?
    for y in 0..<a.height {
      for x in 0..<a.width
      where zip(a.pixel(x: x, y: y), b.pixel(x: x, y: y)).contains(where: { abs(Int($0) - Int($1)) > 8 }) {
        count += 1
        box = box.map { (min($0.0, x), min($0.1, y), max($0.2, x), max($0.3, y)) } ?? (x, y, x, y)
      }
    }
    return (count, box)
  }

  @Test("--watermark marks the image along its diagonal, inside it, and never a placeholder")
  func watermark() throws {
    let photo = [FixturePaths.photo("coffee.png")]
    let plain = try render(photo, [], name: "plain")
    let marked = try render(photo, ["--watermark", "PROOF"], name: "marked")
    let (count, box) = differences(plain, marked)
    // The image box: 100 mm page, 12 mm-ish margins, one column; at 72 ppi the page is 283 px.
    #expect(count > 300, "the watermark changed \(count) pixels")
    let layout = try ProcessRunner.run(
      FixturePaths.binary,
      ["layout", photo[0], "--columns", "1", "--page", "100x100mm", "--caption", ""])
    let json = try JSONSerialization.jsonObject(with: Data(layout.standardOutput.utf8)) as? [String: Any]
    let element = try #require(
      ((json?["pages"] as? [[String: Any]])?.first?["elements"] as? [[String: Any]])?.first)
    let image = try #require(element["image"] as? [String: Double])
    let (x, y, maxX, maxY) = try #require(box)
    #expect(
      Double(x) >= image["x"]!.rounded(.down) - 1
        && Double(maxX) <= (image["x"]! + image["width"]!).rounded(.up) + 1)
    #expect(
      Double(y) >= image["y"]!.rounded(.down) - 1
        && Double(maxY) <= (image["y"]! + image["height"]!).rounded(.up) + 1)
    // Along the rising diagonal: the image's centre is marked, its top-left and bottom-right
    // corners are not.
    let centre = (Int(image["x"]! + image["width"]! / 2), Int(image["y"]! + image["height"]! / 2))
    let corners = [
      (Int(image["x"]!) + 4, Int(image["y"]!) + 4),
      (Int(image["x"]! + image["width"]!) - 5, Int(image["y"]! + image["height"]!) - 5),
    ]
    // Within 8 px of a point (the centre may fall in an O's hole).
    func changed(_ point: (Int, Int)) -> Bool {
      (-8...8).contains { dy in
        (-8...8).contains { dx in
          plain.pixel(x: point.0 + dx, y: point.1 + dy) != marked.pixel(x: point.0 + dx, y: point.1 + dy)
        }
      }
    }
    #expect(changed(centre))
    #expect(!corners.contains(where: changed))
    // A placeholder card carries no watermark.
    let broken = try FixturePaths.temporaryFolder("broken").appendingPathComponent("broken.jpg")
    try Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 4, 0, 0]).write(to: broken)
    let placeholder = try render([broken.path], [], name: "placeholder-plain")
    let placeholderMarked = try render([broken.path], ["--watermark", "PROOF"], name: "placeholder-marked")
    #expect(differences(placeholder, placeholderMarked).count == 0)
  }

  @Test("--watermark-opacity outside 0…1 is refused, naming the flag")
  func badOpacity() throws {
    let result = try ProcessRunner.run(
      FixturePaths.binary,
      ["layout", FixturePaths.photo("coffee.png"), "--watermark", "X", "--watermark-opacity", "1.5"])
    #expect(result.status == 0, "layout draws nothing, so it does not read drawing options")
    let render = try ProcessRunner.run(
      FixturePaths.binary,
      [
        "render", FixturePaths.photo("coffee.png"), "--watermark", "X", "--watermark-opacity", "1.5", "-o",
        try FixturePaths.temporaryFolder().appendingPathComponent("x.pdf").path,
      ])
    #expect(render.status == 2)
    #expect(
      render.standardError.contains("--watermark-opacity must be between 0 and 1 (got 1.5)"),
      "\(render.standardError)")
  }

  @Test("--cover-fit letterbox (the default) gives the picture's frame its shape; crop fills the frame")
  func coverFit() throws {
    func pictureFrame(_ extra: [String]) throws -> [String: Double] {
      let result = try ProcessRunner.run(
        FixturePaths.binary,
        [
          "layout", FixturePaths.photo("coffee.png"), "--cover-image", FixturePaths.photo("text.png"),
          "--page", "a5",
        ]
          + extra)
      #expect(result.status == 0, "\(result.standardError)")
      let json = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
      let elements = (json?["pages"] as? [[String: Any]])?.first?["elements"] as? [[String: Any]] ?? []
      let picture = try #require(elements.first { $0["kind"] as? String == "picture" })
      return try #require(picture["frame"] as? [String: Double])
    }
    let whole = try pictureFrame([])
    // text.png is 448×172: the frame takes that shape, centred on the A5 page (419.5 pt wide).
    #expect(abs(whole["width"]! / whole["height"]! - 448.0 / 172) < 0.01, "\(whole)")
    #expect(abs(whole["x"]! + whole["width"]! / 2 - 419.53 / 2) < 0.5, "\(whole)")
    let cropped = try pictureFrame(["--cover-fit", "crop"])
    #expect(
      cropped["width"]! > whole["width"]! - 0.01 && cropped["height"]! > whole["height"]! * 1.5, "\(cropped)")
  }

  @Test("--logo: its height reserved as a header of its own, drawn at the corner asked for, embedded once")
  func logo() throws {
    let photos = ["coffee.png", "chelsea.png", "rocket.jpg"].map { FixturePaths.photo($0) }
    let logo = FixturePaths.photo("text.png")
    let layout = try ProcessRunner.run(
      FixturePaths.binary, ["layout"] + photos + ["--logo", logo, "--logo-height", "10mm", "--columns", "1"])
    #expect(layout.status == 0, "\(layout.standardError)")
    let json = try JSONSerialization.jsonObject(with: Data(layout.standardOutput.utf8)) as? [String: Any]
    let pages = json?["pages"] as? [[String: Any]] ?? []
    #expect(pages.count > 1)
    for page in pages {
      let header = (page["elements"] as? [[String: Any]] ?? []).first { $0["kind"] as? String == "header" }
      let frame = try #require(header?["frame"] as? [String: Double])
      #expect(abs(frame["height"]! - 10 * 72 / 25.4) < 0.01, "\(frame)")
    }
    let pdf = try FixturePaths.temporaryFolder().appendingPathComponent("logo.pdf").path
    let render = try ProcessRunner.run(
      FixturePaths.binary,
      ["render"] + photos + [
        "--logo", logo, "--logo-position", "footer-left", "--columns", "1", "-o", pdf, "-q",
      ])
    #expect(render.status == 0, "\(render.standardError)")
    try PDFCheck.requireValid(pdf)
    // One image object for the logo (text.png, 448×172, made 94 rows tall: 8 mm at 300 ppi),
    // shown on every page.
    let rows = try ProcessRunner.run("pdfimages", ["-list", pdf]).standardOutput.split(separator: "\n")
      .dropFirst(2)
      .map { $0.split(separator: " ", omittingEmptySubsequences: true).map(String.init) }
    let logoRows = rows.filter { $0.count > 11 && $0[2] == "image" && $0[3] == "245" && $0[4] == "94" }
    let pageCount = Int(try ProcessRunner.pdfInfo(pdf)["Pages"] ?? "") ?? 0
    #expect(pageCount > 1 && logoRows.count == pageCount, "\(rows)")
    #expect(Set(logoRows.map { $0[10] }).count == 1, "one object: \(logoRows)")
    let missing = try ProcessRunner.run(
      FixturePaths.binary, ["render", photos[0], "--logo", "/nonexistent/logo.png", "-o", pdf])
    #expect(missing.status == 2)
    #expect(missing.standardError.contains("--logo /nonexistent/logo.png:"), "\(missing.standardError)")
  }

  @Test("an SVG or a PDF page as the logo is drawn as vectors; a broken one is refused, naming --logo")
  func vectorLogos() throws {
    let folder = try FixturePaths.temporaryFolder()
    let svg = folder.appendingPathComponent("logo.svg")
    try """
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 80"><rect width="80" height="80" fill="#1e3c78"/>\
    <text x="92" y="56" font-family="DejaVu Sans" font-size="44">NORDLOGO</text></svg>
    """.write(to: svg, atomically: true, encoding: .utf8)
    let photo = FixturePaths.photo("coffee.png")
    let withSVG = folder.appendingPathComponent("svg.pdf").path
    let svgRun = try ProcessRunner.run(
      FixturePaths.binary, ["render", photo, "--logo", svg.path, "-o", withSVG, "-q"])
    #expect(svgRun.status == 0, "\(svgRun.standardError)")
    // Vectors: the SVG's text is text in the PDF, and the only colour image is the photo (the
    // grey ones are the cards' shadow).
    #expect(try ProcessRunner.run("pdftotext", [withSVG, "-"]).standardOutput.contains("NORDLOGO"))
    let images = try ProcessRunner.run("pdfimages", ["-list", withSVG]).standardOutput.split(separator: "\n")
      .dropFirst(2).map { $0.split(separator: " ", omittingEmptySubsequences: true) }
    #expect(images.filter { $0.count > 5 && $0[2] == "image" && $0[5] == "rgb" }.count == 1, "\(images)")
    // A PDF's first page: a sheet the tool drew, whose caption stays text.
    let logoPDF = folder.appendingPathComponent("logo.pdf").path
    _ = try ProcessRunner.run(
      FixturePaths.binary, ["render", photo, "--caption", "PDFLOGO", "-o", logoPDF, "-q"])
    let withPDF = folder.appendingPathComponent("pdf.pdf").path
    let pdfRun = try ProcessRunner.run(
      FixturePaths.binary,
      ["render", photo, "--logo", logoPDF, "--logo-position", "footer-right", "-o", withPDF, "-q"])
    #expect(pdfRun.status == 0, "\(pdfRun.standardError)")
    try PDFCheck.requireValid(withPDF)
    #expect(try ProcessRunner.run("pdftotext", [withPDF, "-"]).standardOutput.contains("PDFLOGO"))
    let broken = folder.appendingPathComponent("broken.svg")
    try "<svg xmlns='http://www.w3.org/2000/svg'><rect".write(to: broken, atomically: true, encoding: .utf8)
    let refused = try ProcessRunner.run(
      FixturePaths.binary, ["render", photo, "--logo", broken.path, "-o", withPDF])
    #expect(refused.status == 2)
    #expect(
      refused.standardError.contains("--logo \(broken.path): not a readable SVG"), "\(refused.standardError)")
  }

  @Test(
    "--watermark FILE sets a picture (here an SVG, as vectors) on every image, centred, at the opacity asked")
  func pictureWatermark() throws {
    let folder = try FixturePaths.temporaryFolder()
    let svg = folder.appendingPathComponent("mark.svg")
    try """
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 100"><rect width="200" height="100" fill="#000"/>\
    <text x="10" y="60" font-family="DejaVu Sans" font-size="30" fill="#fff">STUDIOMARK</text></svg>
    """.write(to: svg, atomically: true, encoding: .utf8)
    // A light photo, so the dark mark changes every pixel it covers.
    let photo = [FixturePaths.photo("text.png")]
    let plain = try render(photo, [], name: "picture-plain")
    let marked = try render(
      photo, ["--watermark", svg.path, "--watermark-opacity", "0.5"], name: "picture-marked")
    let (count, box) = differences(plain, marked)
    #expect(count > 1000, "\(count)")
    // Centred on the image (its box from the layout, in points: pixels at 72 ppi).
    let layout = try ProcessRunner.run(
      FixturePaths.binary, ["layout"] + photo + ["--columns", "1", "--page", "100x100mm", "--caption", ""])
    let json = try JSONSerialization.jsonObject(with: Data(layout.standardOutput.utf8)) as? [String: Any]
    let element = try #require(
      ((json?["pages"] as? [[String: Any]])?.first?["elements"] as? [[String: Any]])?.first)
    let image = try #require(element["image"] as? [String: Double])
    let (x, y, maxX, maxY) = try #require(box)
    // Within 3 px: the image is snapped to whole pixels, the mark's edges are antialiased.
    #expect(abs(Double(x + maxX) / 2 - (image["x"]! + image["width"]! / 2)) <= 3, "\(x)…\(maxX), \(image)")
    #expect(abs(Double(y + maxY) / 2 - (image["y"]! + image["height"]! / 2)) <= 3, "\(y)…\(maxY), \(image)")
    let pdf = folder.appendingPathComponent("marked.pdf").path
    let run = try ProcessRunner.run(
      FixturePaths.binary, ["render"] + photo + ["--watermark", svg.path, "-o", pdf, "-q"])
    #expect(run.status == 0, "\(run.standardError)")
    #expect(try ProcessRunner.run("pdftotext", [pdf, "-"]).standardOutput.contains("STUDIOMARK"))
  }
}
