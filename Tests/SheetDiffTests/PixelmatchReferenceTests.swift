import Foundation
import SheetDiff
import SheetImages
import TestSupport
import Testing

/// `Pixelmatch` against pixelmatch 7.2.0's own test suite (`test/test.js` of mapbox/pixelmatch
/// at v7.2.0): its fixtures (`Fixtures/pixelmatch`, ISC licence beside them), its options and
/// the counts it expects, and its diff images where they were drawn with the default colours.
@Suite("pixelmatch 7.2's own test cases")
struct PixelmatchReferenceTests {
  private func image(_ name: String) throws -> StraightRGBAImage {
    try ImageReader.straightRGBA(
      path: FixturePaths.fixtures.appendingPathComponent("pixelmatch/\(name).png").path)
  }

  /// The cases of pixelmatch's `test/test.js`: images, threshold, includeAA, the count it
  /// expects, and the diff image it expects (nil where it was drawn with other colours or an
  /// alpha this tool does not offer: 2diff and 7diff).
  static let cases: [(String, String, Double, Bool, Int, String?)] = [
    ("1a", "1b", 0.05, false, 143, "1diff"),
    ("1a", "1b", 0.1, false, 106, "1diffdefaultthreshold"),
    ("1a", "1a", 0, false, 0, nil),
    ("2a", "2b", 0.05, false, 12437, nil),
    ("3a", "3b", 0.05, false, 212, "3diff"),
    ("4a", "4b", 0.05, false, 36049, "4diff"),
    ("5a", "5b", 0.05, false, 6, "5diff"),
    ("6a", "6b", 0.05, false, 51, "6diff"),
    ("6a", "6a", 0, false, 0, nil),
    ("7a", "7b", 0.1, false, 2448, nil),
    ("8a", "5b", 0.05, false, 32896, "8diff"),
  ]

  @Test("counts and diff images", arguments: cases)
  func reference(
    _ first: String, _ second: String, threshold: Double, includeAA: Bool, count: Int, diff: String?
  )
    throws
  {
    let options = ComparisonOptions(threshold: threshold, countAntiAliasing: includeAA)
    let (comparison, drawn) = Pixelmatch.compare(
      try image(first), try image(second), options: options, makeDiffImage: true)
    #expect(comparison.diffPixels == count)
    // Without a diff image, the same count (pixelmatch's test checks this too).
    #expect(
      Pixelmatch.compare(try image(first), try image(second), options: options).comparison.diffPixels == count
    )
    if let diff, let drawn {
      let expected = try image(diff)
      let ours = StraightRGBAImage(drawn)
      let differing = zip(ours.bytes, expected.bytes).filter { $0 != $1 }.count
      #expect(differing == 0, "\(differing) bytes of \(first)/\(second)'s diff image differ from \(diff).png")
    }
  }

  @Test("includeAA counts the anti-aliased pixels too")
  func includeAA() throws {
    let excluded = Pixelmatch.compare(
      try image("1a"), try image("1b"), options: ComparisonOptions(threshold: 0.05))
    let included = Pixelmatch.compare(
      try image("1a"), try image("1b"), options: ComparisonOptions(threshold: 0.05, countAntiAliasing: true))
    #expect(
      included.comparison.diffPixels == excluded.comparison.diffPixels + excluded.comparison.antiAliasedPixels
    )
    #expect(excluded.comparison.antiAliasedPixels > 0)
  }

  @Test("a translucent pixel is blended over the checkerboard: 50% black differs from opaque grey")
  func checkerboard() {
    let translucent = StraightRGBAImage(width: 1, height: 1, bytes: [0, 0, 0, 128])
    let grey = StraightRGBAImage(width: 1, height: 1, bytes: [127, 127, 127, 255])
    #expect(Pixelmatch.compare(translucent, grey).comparison.diffPixels == 1)
  }
}
