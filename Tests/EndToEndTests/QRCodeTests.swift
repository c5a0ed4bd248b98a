import Foundation
import SheetLayout
import TestSupport
import Testing

/// `--qr`: a QR code of each card's link, measured by the layout and readable from the page.
@Suite("QR codes of links, end to end")
struct QRCodeTests {
  static func catalog(test: String = #function) throws -> String {
    let photos = FixturePaths.photos.path
    return try CatalogCSVTests.write(
      """
      image;name;url
      \(photos)/coffee.png;Cup;https://shop.example/cup?colour=red&size=2
      \(photos)/chelsea.png;Cat;https://shop.example/cat
      \(photos)/rocket.jpg;Rocket;
      \(photos)/clock_motion.png;Clock;https://shop.example/products/wall-clock-40cm

      """, test: test)
  }

  @Test("every QR code on the page decodes (zbarimg) to its item's link; cards without a link get none")
  func decodes() throws {
    let csv = try Self.catalog()
    let folder = (csv as NSString).deletingLastPathComponent
    let pdf = folder + "/qr.pdf"
    let result = try ProcessRunner.run(FixturePaths.binary, ["render", csv, "--qr", "-o", pdf, "-q"])
    #expect(result.status == 0, "\(result.standardError)")
    try PDFCheck.requireValid(pdf)
    _ = try ProcessRunner.run("pdftoppm", ["-r", "200", "-png", "-singlefile", pdf, folder + "/page"])
    let scan = try ProcessRunner.run("zbarimg", ["-q", "--raw", folder + "/page.png"])
    let decoded = scan.standardOutput.split(separator: "\n").map(String.init).sorted()
    #expect(
      decoded == [
        "https://shop.example/cat", "https://shop.example/cup?colour=red&size=2",
        "https://shop.example/products/wall-clock-40cm",
      ])
  }

  @Test("cards too narrow for a 15 mm code: one warning saying how many columns fit; none at the defaults")
  func narrowCardsWarn() throws {
    let csv = try Self.catalog()
    let pdf = (csv as NSString).deletingLastPathComponent + "/qr.pdf"
    let narrow = try ProcessRunner.run(
      FixturePaths.binary, ["render", csv, "--qr", "--columns", "8", "-o", pdf, "-q"])
    #expect(narrow.status == 0, "\(narrow.standardError)")
    let warnings = narrow.standardError.split(separator: "\n").filter { $0.contains("--qr") }
    #expect(warnings.count == 1, "\(narrow.standardError)")
    #expect(warnings.first?.contains("16.6 mm") == true && warnings.first?.contains("--columns 6") == true)
    let layout = try ProcessRunner.run(
      FixturePaths.binary, ["layout", "--json", csv, "--qr", "--columns", "8"])
    #expect(layout.standardError.split(separator: "\n").filter { $0.contains("--qr") }.count == 1)
    let fitting = try ProcessRunner.run(
      FixturePaths.binary, ["render", csv, "--qr", "--columns", "6", "-o", pdf, "-q"])
    #expect(fitting.status == 0 && fitting.standardError.isEmpty, "\(fitting.standardError)")
  }

  @Test("the layout measures the card with its code: at least 15 mm of modules, below the caption")
  func measured() throws {
    let csv = try Self.catalog()
    let run = { (extra: [String]) throws -> Layout in
      let result = try ProcessRunner.run(FixturePaths.binary, ["layout", "--json", csv] + extra)
      #expect(result.status == 0, "\(result.standardError)")
      return try JSONDecoder().decode(Layout.self, from: Data(result.standardOutput.utf8))
    }
    let plain = try run([]).pages[0].elements
    let withQR = try run(["--qr"]).pages[0].elements
    let mm = 72 / 25.4
    for (before, after) in zip(plain, withQR) {
      guard after.item != 2 else {
        #expect(after.qrCode == nil && after.frame == before.frame)
        continue
      }
      let code = try #require(after.qrCode)
      // The smallest code has 21 modules and 8 of quiet zone: its modules still span 15 mm.
      #expect(code.width * 21 / 29 >= 15 * mm && code.width == code.height)
      let caption = try #require(after.caption)
      #expect(code.y >= caption.maxY && code.maxY <= after.frame.maxY)
      #expect(after.frame.height > before.frame.height + code.height)
    }
  }
}
