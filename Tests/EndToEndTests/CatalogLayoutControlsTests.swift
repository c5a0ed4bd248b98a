import Foundation
import SheetLayout
import TestSupport
import Testing

/// The layout controls a catalog designer expects, through the command: caption lines that
/// line up across a grid, QR codes beside or below captions, the order of sections, sections
/// on odd pages, and the index in columns.
@Suite("Catalog layout controls, end to end")
struct CatalogLayoutControlsTests {
  private let shopify = ShopExportTests.shopify
  private let separator = String(CaptionSlots.separator)

  @Test(
    "in a grid each template line is a slot: an empty one is kept, so the price lines up; a waterfall leaves it out"
  )
  func gridSlots() throws {
    let template = "{title}\\n{compare-at}\\n<b>{price}</b>"
    let (grid, _) = try ShopExportTests.layout([shopify, "--mode", "grid", "--caption", template])
    // The oak table has a compare-at price; the camera and the clock have none.
    #expect(
      grid.items.map(\.caption) == [
        "Oak Dining Table\(separator)999.00\(separator)<b>from 899.00</b>",
        "Leica M6\(separator)\(separator)<b>2,450.00</b>",
        "Brass Wall Clock\(separator)\(separator)<b>75.50</b>",
      ])
    let slots = try #require(grid.captionSlots)
    #expect(slots.count == 3)
    #expect(slots.allSatisfy { $0 > 0 })
    let (waterfall, _) = try ShopExportTests.layout([shopify, "--caption", template])
    #expect(waterfall.captionSlots == nil)
    #expect(waterfall.items[1].caption == "Leica M6\n<b>2,450.00</b>")
  }

  @Test("drawn, each template line of a grid row starts at one height: the prices share a baseline")
  func slotsDrawn() throws {
    let folder = try FixturePaths.temporaryFolder()
    let photos = FixturePaths.photos.path
    // One row of three: a title that wraps, one with a compare-at price, one with neither.
    let csv = """
      image,title,was,price
      \(photos)/chelsea.png,An oak dining table with a name long enough to wrap,,PRICE-A
      \(photos)/camera.png,Leica,WAS-B,PRICE-B
      \(photos)/coffee.png,Cup,,PRICE-C

      """
    let catalog = folder.appendingPathComponent("shop.csv")
    try Data(csv.utf8).write(to: catalog)
    let output = folder.appendingPathComponent("grid.pdf").path
    let result = try ProcessRunner.run(
      FixturePaths.binary,
      [
        "render", catalog.path, "--mode", "grid", "--columns", "3", "--caption", "{title}\\n{was}\\n{price}",
        "-o", output,
      ])
    #expect(result.status == 0, "\(result.standardError)")
    // pdftotext's word boxes: <word xMin="…" yMin="…" xMax="…" yMax="…">PRICE-A</word>
    let boxes = try ProcessRunner.run("pdftotext", ["-bbox", output, "-"]).standardOutput
    func top(_ word: String) -> Double? {
      guard let match = boxes.firstMatch(of: try! Regex("yMin=\"([0-9.]+)\"[^>]*>\(word)<")) else {
        return nil
      }
      return Double(match.output[1].substring ?? "")
    }
    let prices = ["PRICE-A", "PRICE-B", "PRICE-C"].compactMap(top)
    #expect(prices.count == 3, "\(boxes)")
    #expect(prices.allSatisfy { abs($0 - prices[0]) < 0.01 }, "\(prices)")
    // The compare-at price has its own line between the two-line title and the price.
    let was = try #require(top("WAS-B"))
    let leica = try #require(top("Leica"))
    #expect(was > leica + 10 && prices[1] > was + 5, "\(leica) \(was) \(prices)")
  }

  @Test("markup that spans template lines keeps the caption whole")
  func markupAcrossLines() throws {
    let (grid, _) = try ShopExportTests.layout([
      shopify, "--mode", "grid", "--caption", "<big>{title}\\n{price}</big>",
    ])
    #expect(grid.items[1].caption == "<big>Leica M6\n2,450.00</big>")
    #expect(grid.captionSlots == nil)
  }

  @Test(
    "QR codes: beside the caption when it keeps the code's width, below when asked; --qr-size alone turns them on"
  )
  func qrPositions() throws {
    let links = ["--link-template", "https://shop.example/products/{handle}", "--columns", "3"]
    let (beside, _) = try ShopExportTests.layout([shopify, "--qr"] + links)
    let cards = beside.pages.flatMap(\.elements).filter { $0.kind == .card }
    #expect(cards.count == 3)
    for card in cards {
      let code = try #require(card.qrCode)
      let caption = try #require(card.caption)
      #expect(abs(code.width - 21 * 72 / 25.4) < 0.01)
      #expect(code.y == caption.y && code.x >= caption.maxX)
    }
    let (below, _) = try ShopExportTests.layout(
      [shopify, "--qr-size", "15mm", "--qr-position", "below"] + links)
    for card in below.pages.flatMap(\.elements) where card.kind == .card {
      let code = try #require(card.qrCode)
      let caption = try #require(card.caption)
      #expect(abs(code.width - 15 * 72 / 25.4) < 0.01)
      #expect(code.y > caption.maxY && code.x == caption.x)
    }
    let refused = try ProcessRunner.run(FixturePaths.binary, ["layout", shopify, "--qr-position", "left"])
    #expect(refused.status != 0)
    #expect(refused.standardError.contains("beside"), "\(refused.standardError)")
  }

  @Test("--section-order name sorts sections naturally; a file lists them, and what it misses is named")
  func sectionOrder() throws {
    #expect(
      ShopExportTests.banners(try ShopExportTests.layout([shopify]).layout) == [
        "Tables", "Cameras", "Clocks",
      ])
    #expect(
      ShopExportTests.banners(try ShopExportTests.layout([shopify, "--section-order", "name"]).layout) == [
        "Cameras", "Clocks", "Tables",
      ])
    let folder = try FixturePaths.temporaryFolder()
    let list = folder.appendingPathComponent("order.txt").path
    try Data("# our order\nClocks\n\nSofas\n".utf8).write(to: URL(fileURLWithPath: list))
    let (listed, errors) = try ShopExportTests.layout([shopify, "--section-order", list])
    #expect(ShopExportTests.banners(listed) == ["Clocks", "Tables", "Cameras"])
    #expect(errors.contains("1 name no section has, ignored: “Sofas”"), "\(errors)")
    #expect(
      errors.contains("does not list 2 sections") && errors.contains("“Tables”, “Cameras”"), "\(errors)")
    let missing = try ProcessRunner.run(
      FixturePaths.binary,
      ["layout", shopify, "--section-order", folder.appendingPathComponent("none.txt").path])
    #expect(missing.status != 0)
    #expect(missing.standardError.contains("none.txt"), "\(missing.standardError)")
  }

  @Test("--section-start odd-page: each section opens an odd page, counting the cover and contents")
  func oddPages() throws {
    for extra in [[], ["--cover", "--contents"], ["--contents"]] {
      let (layout, _) = try ShopExportTests.layout([shopify, "--section-start", "odd-page"] + extra)
      // The pages before the catalog: the cover, and one of contents.
      let before = (extra.contains("--cover") ? 1 : 0) + (extra.contains("--contents") ? 1 : 0)
      let opening = layout.pages.indices.filter { index in
        layout.pages[index].elements.contains { $0.kind == .banner && $0.section != nil }
      }
      #expect(opening.count == 3, "\(extra)")
      #expect(opening.allSatisfy { $0 % 2 == 0 }, "pages \(opening.map { $0 + 1 }) with \(extra)")
      // Blank pages only where a section would otherwise open an even page.
      let catalogPages = layout.pages.count - before
      #expect(catalogPages == 5 + (before % 2 == 1 ? 1 : 0), "\(extra): \(layout.pages.count) pages")
    }
  }

  @Test("--index-columns is 1 to 10 or auto")
  func indexColumnsChecked() throws {
    let refused = try ProcessRunner.run(
      FixturePaths.binary, ["layout", shopify, "--index", "{title}", "--index-columns", "11"])
    #expect(refused.status != 0)
    #expect(refused.standardError.contains("--index-columns"), "\(refused.standardError)")
    let (layout, _) = try ShopExportTests.layout([shopify, "--index", "{title}", "--index-columns", "2"])
    let entries = try #require(layout.pages.last?.elements.filter { $0.kind == .entry })
    #expect(entries.map(\.text) == ["Brass Wall Clock", "Leica M6", "Oak Dining Table"])
  }
}
