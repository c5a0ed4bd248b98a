import Foundation
import SheetRender
import TestSupport
import Testing

/// A PNG page says what it is, so that a lab or an image editor opens it at its print size and
/// in the right colours.
@Suite("PNG pages: resolution and colour space")
struct PNGPageFactsTests {
  /// The chunk types of the PNG at `path`, in order, each with its data.
  private func chunks(_ path: String) throws -> [(type: String, data: [UInt8])] {
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    var chunks: [(String, [UInt8])] = []
    var offset = 8
    while offset + 12 <= bytes.count {
      let length = bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
      let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
      chunks.append((type, Array(bytes[(offset + 8)..<(offset + 8 + length)])))
      offset += 12 + length
    }
    return chunks
  }

  @Test(
    "a page says its dots per inch as pixels a metre (pHYs) and that it is sRGB, before its pixels",
    arguments: [144.0, 300.0])
  func pageFacts(dpi: Double) throws {
    let document = try SheetFixture().document([SheetFixture.Card(FixturePaths.photo("coffee.png"))])
    let output = try FixturePaths.temporaryFolder("facts-\(Int(dpi))").appendingPathComponent("page.png").path
    let written = try SheetRenderer(output: OutputSettings(dpi: dpi)).render(document, to: output)
    let chunks = try chunks(try #require(written.first))
    let types = chunks.map(\.type)
    let firstData = try #require(types.firstIndex(of: "IDAT"))
    let physical = try #require(chunks.first { $0.type == "pHYs" }?.data)
    let perMetre = physical[0..<4].reduce(0) { $0 << 8 | Int($1) }
    #expect(perMetre == Int((dpi / 0.0254).rounded()))
    #expect(physical[0..<4] == physical[4..<8] && physical[8] == 1)  // square pixels, in metres
    #expect(chunks.first { $0.type == "sRGB" }?.data == [0])  // perceptual
    for type in ["pHYs", "sRGB", "gAMA", "cHRM"] {
      #expect((types.firstIndex(of: type) ?? .max) < firstData, "\(type) in \(types)")
    }
  }
}
