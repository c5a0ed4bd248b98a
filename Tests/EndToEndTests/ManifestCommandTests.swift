import Foundation
import SheetLayout
import TestSupport
import Testing

/// End-to-end runs of the built binary on the manifests in Fixtures/manifests.
@Suite("contactsheet with manifests, end to end")
struct ManifestCommandTests {
  private let manifests = FixturePaths.fixtures.appendingPathComponent("manifests")

  private func layout(_ arguments: [String]) throws -> Layout {
    let result = try ProcessRunner.run(FixturePaths.binary, ["layout", "--json"] + arguments)
    #expect(result.status == 0, "stderr: \(result.standardError)")
    return try JSONDecoder().decode(Layout.self, from: Data(result.standardOutput.utf8))
  }

  @Test("a JSON manifest gives its banners and captions, in order")
  func jsonManifest() throws {
    let result = try layout([manifests.appendingPathComponent("catalog.json").path, "--columns", "2"])
    let elements = result.pages.flatMap(\.elements)
    #expect(elements.map(\.kind) == [.card, .card, .banner, .card, .card])
    #expect(elements[2].text == "Portraits" && elements[2].subtitle == "People of science")
    // 640×427 given in the manifest: the image box keeps that aspect ratio.
    let image = try #require(elements[0].image)
    #expect(abs(image.height / image.width - 427.0 / 640.0) < 1e-9)
  }

  @Test("a JSON manifest nests sections to any depth; keys it does not know are warnings naming their line")
  func nestedSections() throws {
    let folder = try FixturePaths.temporaryFolder()
    let path = folder.appendingPathComponent("api.json").path
    let item = #"{"image": "a.jpg", "width": 400, "height": 300, "name": "N"}"#
    try Data(
      """
      {
        "title": "Product API",
        "currency": "EUR",
        "sections": [
          {"title": "Furniture", "id": 7, "sections": [
            {"title": "Tables", "items": [\(item), \(item)]},
            {"title": "Chairs", "items": [\(item)], "sections": [
              {"title": "Stools", "items": [\(item)]}
            ]}
          ]},
          {"title": "Lamps", "items": [\(item)]}
        ]
      }
      """.utf8
    ).write(to: URL(fileURLWithPath: path))
    let result = try ProcessRunner.run(FixturePaths.binary, ["layout", "--json", path])
    #expect(result.status == 0, "\(result.standardError)")
    let layout = try JSONDecoder().decode(Layout.self, from: Data(result.standardOutput.utf8))
    #expect(
      layout.pages.flatMap(\.elements).filter { $0.kind == .banner }.map(\.text) == [
        "Furniture › Tables", "Furniture › Chairs", "Furniture › Chairs › Stools", "Lamps",
      ])
    #expect(layout.items.count == 5)
    #expect(
      result.standardError.contains("api.json:3:3: unknown key 'currency', ignored"),
      "\(result.standardError)")
    #expect(
      result.standardError.contains("api.json:5:28: unknown key 'id' in a section, ignored"),
      "\(result.standardError)")
  }

  @Test("a YAML manifest's sections become banners, and its style applies")
  func yamlSections() throws {
    let result = try layout([manifests.appendingPathComponent("sections.yaml").path])
    let elements = result.pages.flatMap(\.elements)
    #expect(elements.filter { $0.kind == .banner }.map(\.text) == ["Animals", "Instruments"])
    // style: {columns: 3, page: a5}
    #expect(Set(elements.compactMap(\.column)) == [0, 1, 2])
    #expect(abs(result.pages[0].width - 419.53) < 0.01)
  }

  @Test("flags on the command line override the manifest's style")
  func flagsOverrideStyle() throws {
    let result = try layout([manifests.appendingPathComponent("sections.yaml").path, "--columns", "2"])
    #expect(Set(result.pages.flatMap(\.elements).compactMap(\.column)) == [0, 1])
  }

  @Test("a CSV catalog: one card per row, a banner at each change of --section-column")
  func csvCatalog() throws {
    let csv = manifests.appendingPathComponent("products.csv").path
    let result = try layout([csv, "--section-column", "category", "--columns", "3"])
    let elements = result.pages.flatMap(\.elements)
    #expect(elements.filter { $0.kind == .banner }.map(\.text) == ["Kitchen", "Posters", "Kitchen"])
    #expect(elements.filter { $0.kind == .card }.count == 4)
  }

  @Test("a YAML manifest renders to a PDF with its metadata")
  func yamlToPDF() throws {
    let folder = try FixturePaths.temporaryFolder()
    let output = folder.appendingPathComponent("sheet.pdf").path
    let result = try ProcessRunner.run(
      FixturePaths.binary,
      ["render", manifests.appendingPathComponent("sections.yaml").path, "-o", output, "-q"])
    #expect(result.status == 0, "stderr: \(result.standardError)")
    let info = try ProcessRunner.pdfInfo(output)
    #expect(info["Pages"] == "1")
    #expect(info["Title"] == "Animals and instruments")
    #expect(info["Author"] == "ContactSheet fixtures")
  }

  @Test("- reads image paths from standard input")
  func standardInput() throws {
    let paths = ["rocket.jpg", "coffee.png", "horse.png"].map { FixturePaths.photo($0) }.joined(
      separator: "\n")
    let result = try ProcessRunner.run(FixturePaths.binary, ["layout", "--json", "-"], input: paths + "\n")
    #expect(result.status == 0, "stderr: \(result.standardError)")
    let layout = try JSONDecoder().decode(Layout.self, from: Data(result.standardOutput.utf8))
    #expect(layout.pages.flatMap(\.elements).filter { $0.kind == .card }.count == 3)
  }

  @Test(
    "the YAML manifest's page matches the golden (decoded pixels, channel tolerance 2, ≤ 20 pixels over it)")
  func yamlGoldenPage() throws {
    let folder = try FixturePaths.temporaryFolder()
    let output = folder.appendingPathComponent("sections.png").path
    let fonts = ["DejaVuSans.ttf", "DejaVuSans-Bold.ttf"].map(FixturePaths.font)
    let result = try ProcessRunner.run(
      FixturePaths.binary,
      ["render", manifests.appendingPathComponent("sections.yaml").path, "-o", output, "--dpi", "60", "-q"]
        + fonts.flatMap { ["--font-file", $0] })
    #expect(result.status == 0, "stderr: \(result.standardError)")
    try Golden.check(output, named: "cli-sections-yaml", channelTolerance: 2, maxDiffPixels: 20, fonts: fonts)
  }

  @Test("the printed default style is itself a valid style file")
  func defaultStyleRoundTrips() throws {
    let printed = try ProcessRunner.run(FixturePaths.binary, ["style", "--default"])
    #expect(printed.status == 0)
    #expect(printed.standardOutput.contains("columns: "))
    #expect(printed.standardOutput.contains("# Number of columns."))
    let folder = try FixturePaths.temporaryFolder()
    let style = folder.appendingPathComponent("style.yaml")
    try Data(printed.standardOutput.utf8).write(to: style)
    let result = try ProcessRunner.run(
      FixturePaths.binary, ["layout", "--json", FixturePaths.photo("rocket.jpg"), "--style", style.path])
    #expect(result.status == 0, "stderr: \(result.standardError)")
    // Fed back, it gives exactly the default layout.
    let plain = try ProcessRunner.run(
      FixturePaths.binary, ["layout", "--json", FixturePaths.photo("rocket.jpg")])
    #expect(plain.status == 0 && result.standardOutput == plain.standardOutput)
  }

  @Test("a bad style key is reported against the style file")
  func badStyleKey() throws {
    let folder = try FixturePaths.temporaryFolder()
    let style = folder.appendingPathComponent("style.yaml")
    try Data("colums: 3\n".utf8).write(to: style)
    let result = try ProcessRunner.run(
      FixturePaths.binary, ["layout", "--json", FixturePaths.photo("rocket.jpg"), "--style", style.path])
    #expect(result.status == 2)
    #expect(result.standardError.contains("style.yaml"))
    #expect(result.standardError.contains("--colums"))
  }
}

@Suite("Captions from EXIF, end to end")
struct ExifCaptionTests {
  private struct Export: Decodable {
    struct Item: Decodable {
      var source: String
      var caption: String
      var page: Int
      var element: Int
    }
    var items: [Item]
  }

  @Test("EXIF fields fill caption templates, and --sort date orders by date taken")
  func exifFields() throws {
    let exif = FixturePaths.fixtures.appendingPathComponent("exif").path
    let template = "{camera}|{lens}|{exposure}|{aperture}|{iso}|{focal}|{date:yyyy-MM-dd HH:mm}"
    let result = try ProcessRunner.run(
      FixturePaths.binary, ["layout", "--json", exif, "--caption", template, "--sort", "date"])
    #expect(result.status == 0, "stderr: \(result.standardError)")
    let items = try JSONDecoder().decode(Export.self, from: Data(result.standardOutput.utf8)).items
    let space = "\u{00A0}"
    #expect(items.map { ($0.source as NSString).lastPathComponent } == ["earlier.jpg", "later.jpg"])
    #expect(items.map(\.page) == [0, 0] && items.map(\.element) == [0, 1])
    #expect(
      items.map(\.caption) == [
        "Canon EOS R6|RF24-105mm F4 L IS USM|2\(space)s|f/8|100|105\(space)mm|2023-12-24 09:15",
        "FUJIFILM X100V|23mm F2|1/250\(space)s|f/2.8|200|23\(space)mm|2024-06-02 18:30",
      ])
  }

  @Test("a manifest field wins over the built-in field of the same name")
  func manifestFieldWins() throws {
    let csv = FixturePaths.fixtures.appendingPathComponent("manifests/products.csv").path
    let result = try ProcessRunner.run(
      FixturePaths.binary, ["layout", "--json", csv, "--caption", "{name}: {price}"])
    #expect(result.status == 0, "stderr: \(result.standardError)")
    let items = try JSONDecoder().decode(Export.self, from: Data(result.standardOutput.utf8)).items
    // The price keeps its currency: a no-break space (NoBreakSpaces).
    #expect(items.first?.caption == "Espresso cup: €\u{A0}12.00")
  }
}
