import Foundation
import SheetLayout
import TestSupport
import Testing

/// Shopify's and WooCommerce's product exports read as products, and images named by URL
/// downloaded from a real HTTP server on 127.0.0.1 (Python's), end to end.
@Suite("Shop exports and image URLs, end to end")
struct ShopExportTests {
  static let shops = FixturePaths.fixtures.appendingPathComponent("shops")
  static let shopify = shops.appendingPathComponent("shopify-products.csv").path
  static let wooCommerce = shops.appendingPathComponent("woocommerce-products.csv").path

  /// `layout --json` of `arguments`: the layout and the standard error.
  static func layout(_ arguments: [String]) throws -> (layout: Layout, errors: String) {
    let result = try ProcessRunner.run(FixturePaths.binary, ["layout", "--json"] + arguments)
    #expect(result.status == 0, "stderr: \(result.standardError)")
    return (
      try JSONDecoder().decode(Layout.self, from: Data(result.standardOutput.utf8)), result.standardError
    )
  }

  /// The titles of `layout`'s banners, in order.
  static func banners(_ layout: Layout) -> [String] {
    layout.pages.flatMap(\.elements).filter { $0.kind == .banner }.compactMap(\.text)
  }

  @Test("a Shopify export is one item per product: variants, pictures in position order, HTML as markup")
  func shopifyProducts() throws {
    let (layout, errors) = try Self.layout([
      Self.shopify, "--caption",
      "{title}|{price}|{price-max}|{compare-at}|{skus}|{vendor}|{category}|{alt}|{description}|{Variant Grams}",
    ])
    #expect(errors.isEmpty, "\(errors)")
    #expect(
      layout.items.map(\.caption) == [
        "Oak Dining Table|from 899.00|1,099.00|999.00|OT-160, OT-200|Nordisk Møbel|Tables|The oak table from above|The <b>Oak Dining Table</b> seats six &amp; more.\n•\u{A0}Solid oak\n•\u{A0}180\u{A0}cm × 90\u{A0}cm|42000",
        "Leica M6|2,450.00|2,450.00|CAM-M6|Leica|Cameras|A man with a camera on a tripod|A <i>rangefinder</i> classic.\nServiced in 2025.|600",
        "Brass Wall Clock|75.50|75.50|CLK-1|Uhrwerk|Clocks|A clock|Silent • quartz|900",
      ])
    // The picture at position 1 is the card's, though its row comes second.
    #expect(
      layout.items.map { ($0.source as NSString?)?.lastPathComponent } == [
        "chelsea.png", "camera.png", "clock_motion.png",
      ])
    // Sections from the type, else the deepest level of Shopify's category.
    #expect(Self.banners(layout) == ["Tables", "Cameras", "Clocks"])
  }

  @Test("the default caption, --currency in the document's language, and --link-template")
  func shopifyPricesAndLinks() throws {
    let folder = try FixturePaths.temporaryFolder()
    let style = folder.appendingPathComponent("de.yaml").path
    try Data("lang: de\n".utf8).write(to: URL(fileURLWithPath: style))
    let options = [
      Self.shopify, "--currency", "EUR", "--style", style, "--link-template",
      "https://shop.example/products/{handle}",
    ]
    let (layout, _) = try Self.layout(options)
    #expect(layout.items.first?.caption == "<b>ab 899,00\u{A0}€</b>\u{A0}· OT-160\nOak Dining Table")
    let output = folder.appendingPathComponent("catalog.pdf").path
    let render = try ProcessRunner.run(FixturePaths.binary, ["render"] + options + ["-o", output])
    #expect(render.status == 0, "\(render.standardError)")
    #expect(
      try PDFLinks.uris(output) == [
        "https://shop.example/products/oak-dining-table", "https://shop.example/products/leica-m6",
        "https://shop.example/products/brass-clock",
      ])
  }

  @Test("a WooCommerce export gathers variations by Parent (id:44 or the SKU); an orphan is its own product")
  func wooCommerceProducts() throws {
    let (layout, errors) = try Self.layout([
      Self.wooCommerce, "--caption", "{title}|{price}|{compare-at}|{skus}|{description}",
    ])
    #expect(
      layout.items.map(\.caption)
        == [
          "V-Neck T-Shirt|from 15.00|18.00|woo-vneck-tee, woo-vneck-tee-red, woo-vneck-tee-green, woo-vneck-tee-blue|This is a <b>variable</b> product.",
          "Beanie|18.00|20.00|woo-beanie|A warm hat ❄",
          // An empty field's separator goes with it.
          "Lost Variation|5.00|lost-variation", "Album|15.00|woo-album",
        ])
    #expect(Self.banners(layout) == ["Tshirts", "Accessories", "Other"])
    #expect(
      errors.contains("the variation of row 7 has a Parent that is not in the file, so it is shown"),
      "\(errors)")
    #expect(
      errors.contains(
        "the products of rows 7 and 8 have no 'Categories', so they are in the section 'Other'"), "\(errors)")
  }

  @Test("--from names the format; a file that is not that export is refused, naming its columns")
  func fromFlag() throws {
    let asTable = try ProcessRunner.run(
      FixturePaths.binary, ["layout", "--json", Self.shopify, "--from", "csv", "--image-column", "Image Src"])
    #expect(asTable.status == 0, "\(asTable.standardError)")
    let rows = try JSONDecoder().decode(Layout.self, from: Data(asTable.standardOutput.utf8))
    #expect(rows.items.count == 5)
    let wrong = try ProcessRunner.run(
      FixturePaths.binary, ["layout", "--json", Self.wooCommerce, "--from", "shopify"])
    #expect(wrong.status == 2)
    #expect(
      wrong.standardError.contains(
        "--from shopify: this is not such an export (its columns are 'ID', 'Type'"), "\(wrong.standardError)")
  }

  @Test("--section-start page: each section's banner opens a page")
  func sectionStartPage() throws {
    let shopify = Self.shopify
    let (flowing, _) = try Self.layout([shopify])
    #expect(flowing.pages.count == 1)
    let (paged, _) = try Self.layout([shopify, "--section-start", "page"])
    #expect(paged.pages.count == 3)
    for mode in ["waterfall", "grid", "justified"] {
      let (layout, _) = try Self.layout([shopify, "--section-start", "page", "--mode", mode])
      #expect(layout.pages.map { $0.elements.first?.kind } == [.banner, .banner, .banner], "\(mode)")
      #expect(layout.pages.map { $0.elements.first?.text } == ["Tables", "Cameras", "Clocks"], "\(mode)")
    }
  }
  @Test("--index takes a template: '{sku} – {title}' lists each product so, sorted, with no warning")
  func indexTemplate() throws {
    let folder = try FixturePaths.temporaryFolder()
    let output = folder.appendingPathComponent("catalog.pdf").path
    let result = try ProcessRunner.run(
      FixturePaths.binary, ["render", Self.shopify, "--index", "{sku} – {title}", "-o", output])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(!result.standardError.contains("warning"), "\(result.standardError)")
    let text = try ProcessRunner.run("pdftotext", ["-layout", output, "-"]).standardOutput
    let index = try #require(text.components(separatedBy: "Index").last)
    let entries = ["CAM-M6 – Leica M6", "CLK-1 – Brass Wall Clock", "OT-160 – Oak Dining Table"]
    let positions = entries.compactMap { index.range(of: $0)?.lowerBound }
    #expect(positions.count == 3, "\(index)")
    #expect(positions == positions.sorted(), "\(index)")
  }

  /// Python's HTTP server on 127.0.0.1 serving `folder`, logging each request to standard error.
  final class FolderServer {
    let port: Int
    private let process: Process
    private let log: Pipe
    private let input = Pipe()

    init(_ folder: String) throws {
      process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
      process.arguments = ["-u", "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory", folder]
      let output = Pipe()
      log = Pipe()
      process.standardOutput = output
      process.standardError = log
      process.standardInput = input
      try process.run()
      var text = ""
      while !text.contains("\n") {
        let chunk = output.fileHandleForReading.availableData
        if chunk.isEmpty { break }
        text += String(decoding: chunk, as: UTF8.self)
      }
      // "Serving HTTP on 127.0.0.1 port 40123 (http://127.0.0.1:40123/) ..."
      guard let match = text.firstMatch(of: /port (\d+)/), let port = Int(match.1) else {
        process.terminate()
        throw CocoaError(.executableLoad)
      }
      self.port = port
    }

    func url(_ name: String) -> String { "http://127.0.0.1:\(port)/\(name)" }

    /// Stops the server and returns its request log. SIGKILL: the server inherits the test
    /// process's blocked signals, SIGTERM among them.
    func stop() -> String {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      return String(decoding: log.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }
  }

  @Test(
    "images named by URL are downloaded, revalidated (304) on the next run, used --offline; failures are placeholders"
  )
  func imageURLs() throws {
    let folder = try FixturePaths.temporaryFolder()
    let served = folder.appendingPathComponent("served")
    try FileManager.default.createDirectory(at: served, withIntermediateDirectories: true)
    for name in ["chelsea.png", "camera.png"] {
      try FileManager.default.copyItem(
        at: URL(fileURLWithPath: FixturePaths.photo(name)), to: served.appendingPathComponent(name))
    }
    try Data("<html>not here</html>".utf8).write(to: served.appendingPathComponent("page.html"))
    let server = try FolderServer(served.path)
    var log = ""
    defer { if log.isEmpty { _ = server.stop() } }
    let csv = folder.appendingPathComponent("products.csv").path
    try Data(
      """
      product,image
      Cat,\(server.url("chelsea.png"))
      Camera,\(server.url("camera.png"))
      Cat again,\(server.url("chelsea.png"))
      Gone,\(server.url("gone.png"))
      Page,\(server.url("page.html"))

      """.utf8
    ).write(to: URL(fileURLWithPath: csv))
    let cache = folder.appendingPathComponent("cache").path
    let output = folder.appendingPathComponent("out.pdf").path
    func render(_ extra: [String] = []) throws -> ProcessResult {
      try ProcessRunner.run(
        FixturePaths.binary, ["render", csv, "--cache", cache, "-o", output, "--caption", "{name}"] + extra)
    }
    let first = try render()
    #expect(first.status == 0, "\(first.standardError)")
    #expect(first.standardError.contains("could not download: HTTP 404"), "\(first.standardError)")
    #expect(
      first.standardError.contains("could not download: not an image (the server sent text/html)"),
      "\(first.standardError)")
    #expect(first.standardError.contains("5 images, 1 page, 2 placeholders"), "\(first.standardError)")
    let second = try render()
    #expect(second.status == 0)
    // Offline: what was downloaded is drawn, nothing is asked of the server.
    let offline = try render(["--offline"])
    #expect(
      offline.standardError.contains("not in the download cache, and --offline was given"),
      "\(offline.standardError)")
    #expect(offline.standardError.contains("5 images, 1 page, 2 placeholders"), "\(offline.standardError)")
    log = server.stop()
    let requests = log.split(separator: "\n").filter { $0.contains("\"GET ") }
    // The cat is fetched once per online run, though two rows name it; never offline.
    #expect(requests.filter { $0.contains("/chelsea.png") }.count == 2, "\(log)")
    #expect(requests.filter { $0.contains("/chelsea.png") && $0.contains("\" 304 ") }.count == 1, "\(log)")
    // Captions name a downloaded image by its URL's last part.
    let layoutRun = try ProcessRunner.run(
      FixturePaths.binary, ["layout", "--json", csv, "--offline", "--caption", "{name}"])
    let layout = try JSONDecoder().decode(Layout.self, from: Data(layoutRun.standardOutput.utf8))
    #expect(layout.items.first?.caption == "chelsea.png")
  }
}
