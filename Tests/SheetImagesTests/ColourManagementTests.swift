import Foundation
import SheetImages
import TestSupport
import Testing

/// The photo converted by vips to Adobe RGB, ProPhoto RGB and Display P3 with the profile
/// embedded, in each format, must come out as the sRGB original does.
@Suite("Colour management")
struct ColourManagementTests {
  static let files = ["adobe", "prophoto", "p3"].flatMap { space in
    ["jpg", "png", "webp", "tif"].map { "colour-\(space).\($0)" }
  }

  @Test(
    "a wide-gamut file with its profile renders within a mean CIEDE2000 of 2 of the sRGB original",
    arguments: files)
  func wideGamut(name: String) throws {
    let size = (width: 75, height: 50)
    // The original saved the same way (lossy formats lose the same detail), else the PNG.
    let ext = (name as NSString).pathExtension
    let originalName = ["jpg", "webp"].contains(ext) ? "colour-srgb.\(ext)" : "colour-srgb.png"
    let original = try ImageReader.decode(path: ImageFixtures.format(originalName), minimumSize: size)
    let header = try ImageReader.header(path: ImageFixtures.format(name))
    #expect(header.iccProfile != nil, "\(name) has no embedded profile")
    let converted = try ImageReader.decode(
      path: ImageFixtures.format(name), header: header, minimumSize: size)
    let target = (original.width / 2, original.height / 2)
    let difference = CIEDE2000.mean(
      converted.resampled(width: target.0, height: target.1),
      original.resampled(width: target.0, height: target.1))
    #expect(difference < 2, "\(name): mean ΔE2000 \(difference)")
  }

  @Test("ProPhoto pixels read without their profile are far from the original: the test can fail")
  func unconvertedIsFar() throws {
    // The same ProPhoto pixels with the profile stripped (a PNG rebuilt from the decoded TIFF
    // is not possible here), so compare the file against a plain decode of its raw samples:
    // libtiff's RGBA reader on the TIFF, then no conversion, is what the original code did.
    let original = try ImageReader.decode(path: ImageFixtures.format("colour-srgb.png"))
    let header = try ImageReader.header(path: ImageFixtures.format("colour-prophoto.png"))
    let profile = try #require(header.iccProfile)
    #expect(profile.count > 100)
    let stripped = try FixturePaths.temporaryFolder().appendingPathComponent("stripped.png").path
    try Data(Self.pngWithoutICC(path: ImageFixtures.format("colour-prophoto.png"))).write(
      to: URL(fileURLWithPath: stripped))
    #expect(try ImageReader.header(path: stripped).iccProfile == nil)
    let raw = try ImageReader.decode(path: stripped)
    #expect(CIEDE2000.mean(raw, original) > 5)
  }

  /// The PNG's bytes with its iCCP chunk left out.
  static func pngWithoutICC(path: String) throws -> [UInt8] {
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
    var out = Array(bytes.prefix(8))
    var offset = 8
    while offset + 8 <= bytes.count {
      let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
      let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
      let end = offset + 12 + length
      if type != "iCCP" { out += bytes[offset..<end] }
      offset = end
    }
    return out
  }
}

/// CIEDE2000 colour difference (Sharma, Wu and Dalal's formulation) between sRGB pixels, D65.
enum CIEDE2000 {
  /// The mean difference over the pixels of two images of the same size (opaque pixels).
  static func mean(_ a: RasterImage, _ b: RasterImage) -> Double {
    precondition(a.width == b.width && a.height == b.height)
    var total = 0.0
    for y in 0..<a.height {
      for x in 0..<a.width {
        let p = a.rgba(x, y)
        let q = b.rgba(x, y)
        total += difference(lab(p.r, p.g, p.b), lab(q.r, q.g, q.b))
      }
    }
    return total / Double(a.width * a.height)
  }

  static func lab(_ r: Int, _ g: Int, _ b: Int) -> (l: Double, a: Double, b: Double) {
    func linear(_ value: Int) -> Double {
      let c = Double(value) / 255
      return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }
    let (lr, lg, lb) = (linear(r), linear(g), linear(b))
    let x = (0.4124 * lr + 0.3576 * lg + 0.1805 * lb) / 0.95047
    let y = 0.2126 * lr + 0.7152 * lg + 0.0722 * lb
    let z = (0.0193 * lr + 0.1192 * lg + 0.9505 * lb) / 1.08883
    func f(_ t: Double) -> Double { t > 216.0 / 24389 ? cbrt(t) : (24389.0 / 27 * t + 16) / 116 }
    return (116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)))
  }

  static func difference(_ one: (l: Double, a: Double, b: Double), _ two: (l: Double, a: Double, b: Double))
    -> Double
  {
    let c1 = hypot(one.a, one.b)
    let c2 = hypot(two.a, two.b)
    let meanC = (c1 + c2) / 2
    let g = 0.5 * (1 - sqrt(pow(meanC, 7) / (pow(meanC, 7) + pow(25, 7))))
    let a1 = (1 + g) * one.a
    let a2 = (1 + g) * two.a
    let c1p = hypot(a1, one.b)
    let c2p = hypot(a2, two.b)
    func hue(_ b: Double, _ a: Double) -> Double {
      if a == 0 && b == 0 { return 0 }
      let angle = atan2(b, a) * 180 / .pi
      return angle < 0 ? angle + 360 : angle
    }
    let h1 = hue(one.b, a1)
    let h2 = hue(two.b, a2)
    let deltaL = two.l - one.l
    let deltaC = c2p - c1p
    var deltaH = 0.0
    if c1p * c2p != 0 {
      deltaH = h2 - h1
      if deltaH > 180 { deltaH -= 360 } else if deltaH < -180 { deltaH += 360 }
    }
    let deltaBigH = 2 * sqrt(c1p * c2p) * sin(deltaH * .pi / 360)
    let meanL = (one.l + two.l) / 2
    let meanCp = (c1p + c2p) / 2
    var meanH = h1 + h2
    if c1p * c2p != 0 {
      if abs(h1 - h2) <= 180 {
        meanH = (h1 + h2) / 2
      } else {
        meanH = h1 + h2 < 360 ? (h1 + h2 + 360) / 2 : (h1 + h2 - 360) / 2
      }
    }
    let t =
      1 - 0.17 * cos((meanH - 30) * .pi / 180) + 0.24 * cos(2 * meanH * .pi / 180)
      + 0.32 * cos((3 * meanH + 6) * .pi / 180) - 0.20 * cos((4 * meanH - 63) * .pi / 180)
    let deltaTheta = 30 * exp(-pow((meanH - 275) / 25, 2))
    let rc = 2 * sqrt(pow(meanCp, 7) / (pow(meanCp, 7) + pow(25, 7)))
    let sl = 1 + 0.015 * pow(meanL - 50, 2) / sqrt(20 + pow(meanL - 50, 2))
    let sc = 1 + 0.045 * meanCp
    let sh = 1 + 0.015 * meanCp * t
    let rt = -sin(2 * deltaTheta * .pi / 180) * rc
    return sqrt(
      pow(deltaL / sl, 2) + pow(deltaC / sc, 2) + pow(deltaBigH / sh, 2) + rt * (deltaC / sc)
        * (deltaBigH / sh))
  }
}
