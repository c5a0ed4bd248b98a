import Foundation
import SheetImages
import TestSupport
import Testing

@testable import SheetRender

/// JPEG pages are what labs and photo-book services take: baseline, sRGB with the profile
/// embedded, and their print resolution in the JFIF header.
@Suite("JPEG pages: baseline, sRGB profile, resolution")
struct JPEGPageFactsTests {
  /// The JPEG's segments before its scan: marker byte and payload.
  private func segments(_ path: String) throws -> [(marker: UInt8, data: [UInt8])] {
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    #expect(Array(bytes.prefix(2)) == [0xFF, 0xD8])
    var segments: [(UInt8, [UInt8])] = []
    var offset = 2
    while offset + 4 <= bytes.count, bytes[offset] == 0xFF {
      let marker = bytes[offset + 1]
      let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
      segments.append((marker, Array(bytes[(offset + 4)..<(offset + 2 + length)])))
      if marker == 0xDA { break }
      offset += 2 + length
    }
    return segments
  }

  private func number(_ bytes: ArraySlice<UInt8>) -> Int { bytes.reduce(0) { $0 << 8 | Int($1) } }

  @Test(
    "a page is a baseline JPEG at its dots per inch, with an sRGB ICC profile", arguments: [144.0, 300.0])
  func pageFacts(dpi: Double) throws {
    let document = try SheetFixture().document([SheetFixture.Card(FixturePaths.photo("coffee.png"))])
    let pageHeight = document.layout.pages[0].height
    let output = try FixturePaths.temporaryFolder("jpeg-\(Int(dpi))").appendingPathComponent("page.jpg").path
    let written = try SheetRenderer(output: OutputSettings(dpi: dpi, jpegQuality: 85)).render(
      document, to: output)
    #expect(written == [output])
    let segments = try segments(output)
    let jfif = try #require(segments.first { $0.marker == 0xE0 }?.data)
    #expect(Array(jfif.prefix(5)) == Array("JFIF\0".utf8))
    #expect(jfif[7] == 1)  // dots per inch
    #expect(number(jfif[8..<10]) == Int(dpi) && number(jfif[10..<12]) == Int(dpi))
    let icc = try #require(segments.first { $0.marker == 0xE2 }?.data)
    #expect(Array(icc.prefix(12)) == Array("ICC_PROFILE\0".utf8) && icc[12] == 1 && icc[13] == 1)
    let profile = icc.dropFirst(14)
    #expect(profile.count == SRGBProfile.bytes.count)
    #expect(String(decoding: profile.dropFirst(16).prefix(4), as: UTF8.self) == "RGB ")
    #expect(profile.dropFirst(8).first == 2)  // ICC version 2
    // SOF0: baseline; no SOF2 (progressive).
    let frame = try #require(segments.first { $0.marker == 0xC0 }?.data)
    #expect(!segments.contains { $0.marker == 0xC2 })
    #expect(number(frame[1..<3]) == Int((pageHeight * dpi / 72).rounded()))
    #expect(number(frame[3..<5]) == Int((360 * dpi / 72).rounded()))
  }

  @Test("a JPEG page, drawn in bands or at once, holds the PNG page's pixels within JPEG's loss")
  func samePixelsAsPNG() throws {
    let cards = ["rocket.jpg", "coffee.png", "horse.png", "chelsea.png"].map {
      SheetFixture.Card(FixturePaths.photo($0))
    }
    let document = try SheetFixture().document(cards)
    let folder = try FixturePaths.temporaryFolder()
    var renderer = SheetRenderer(output: OutputSettings(dpi: 144, jpegQuality: 95))
    let png = folder.appendingPathComponent("page.png").path
    _ = try renderer.render(document, to: png)
    renderer.rasterBandRows = 40
    let jpeg = folder.appendingPathComponent("page.jpg").path
    _ = try renderer.render(document, to: jpeg)
    let expected = try ImageReader.decode(path: png)
    let actual = try ImageReader.decode(path: jpeg)
    #expect(actual.width == expected.width && actual.height == expected.height && expected.height > 200)
    var total = 0
    var worst = 0
    for (a, b) in zip(actual.pixels, expected.pixels) {
      let difference = abs(Int(a) - Int(b))
      total += difference
      worst = max(worst, difference)
    }
    let mean = Double(total) / Double(actual.pixels.count)
    // Quality 95 without chroma subsampling: under 1 level on average; edges of text ring more.
    #expect(mean < 1.0, "mean difference \(mean)")
    #expect(worst < 96, "largest difference \(worst)")
  }
}
