import SheetImages
import Testing

@Suite("PNG kinds (PngSuite-like fixtures)")
struct PNGSuiteTests {
  @Test("the fixtures are there: every kind below is a case of its own")
  func fixturesPresent() {
    #expect(ImageFixtures.pngSuiteNames.count >= 30)
    #expect(ImageFixtures.pngSuiteNames.contains { $0.hasPrefix("basi") })
  }

  @Test("every kind decodes to 32×32", arguments: ImageFixtures.pngSuiteNames)
  func decodes(name: String) throws {
    let image = try ImageReader.decode(path: ImageFixtures.pngSuite(name))
    #expect(image.width == 32 && image.height == 32)
    // Colour type 4 and 6 carry alpha, and so does the colour key of tbrn2c08.
    let hasAlphaChannel =
      name.dropFirst(4).hasPrefix("4") || name.dropFirst(4).hasPrefix("6") || name.hasPrefix("t")
    #expect(image.hasAlpha == hasAlphaChannel)
  }

  @Test(
    "Adam7-interlaced files decode to exactly the pixels of their plain twins",
    arguments: ImageFixtures.pngSuiteNames.filter { $0.hasPrefix("basi") })
  func interlaced(name: String) throws {
    let interlaced = try ImageReader.decode(path: ImageFixtures.pngSuite(name))
    let plain = try ImageReader.decode(path: ImageFixtures.pngSuite("basn" + name.dropFirst(4)))
    #expect(interlaced.pixels == plain.pixels)
  }

  @Test(
    "16-bit files come out within two steps of their 8-bit twins (premultiplying rounds differently)",
    arguments: ["0g", "2c", "4a", "6a"])
  func sixteenBit(kind: String) throws {
    let wide = try ImageReader.decode(path: ImageFixtures.pngSuite("basn\(kind)16"))
    let narrow = try ImageReader.decode(path: ImageFixtures.pngSuite("basn\(kind)08"))
    let largest = zip(wide.pixels, narrow.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
    #expect(largest <= 2)
  }

  @Test("low bit depths expand to the full range: 1-bit grey is black and white only")
  func lowBitDepth() throws {
    let image = try ImageReader.decode(path: ImageFixtures.pngSuite("basn0g01"))
    #expect(Set(stride(from: 0, to: image.pixels.count, by: 4).map { image.pixels[$0] }) == [0, 255])
    let grey = try ImageReader.decode(path: ImageFixtures.pngSuite("basn0g08"))
    #expect(grey.rgba(0, 0).r == 0 && grey.rgba(31, 31).r == 255)
  }

  @Test("alpha is premultiplied, and a tRNS colour key makes its colour transparent")
  func transparency() throws {
    let rgba = try ImageReader.decode(path: ImageFixtures.pngSuite("basn6a08"))
    #expect(rgba.rgba(0, 0).a == 255 && rgba.rgba(31, 0).a == 0)
    let middle = rgba.rgba(16, 0)
    #expect(middle.a > 100 && middle.a < 160 && middle.r <= middle.a && middle.b <= middle.a)
    let keyed = try ImageReader.decode(path: ImageFixtures.pngSuite("tbrn2c08"))
    #expect(keyed.rgba(16, 16).a == 0 && keyed.rgba(2, 2).a == 255)
  }
}
