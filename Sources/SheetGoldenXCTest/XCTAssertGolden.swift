import Foundation
import SheetDiff
import SheetGolden
import SheetPixels
import XCTest

// Named in XCTest's way (XCTAssertEqual, XCTFail), which XCTest users look for.
// swift-format-ignore: AlwaysUseLowerCamelCase
/// Checks `image` (a `RasterImage`, a `StraightRGBAImage`, PNG, JPEG or WebP `Data`, or a
/// `GoldenFile`) against the golden `name`.png in the `Goldens` folder beside the calling test
/// file (or `goldens`) for XCTest: a failure is reported with `XCTFail` at the caller's line and
/// the test goes on. The expected, actual and diff images are files in the folder the message
/// names (corelibs XCTest has no attachments).
///
/// ```swift
/// func testCards() {
///   XCTAssertGolden(render(.plain), named: "card-plain")
///   XCTAssertGolden(render(.shadow), named: "card-shadow", maxDiffPixels: 20)
/// }
/// ```
///
/// - Parameters:
///   - image: The rendered image.
///   - name: The golden's name, without `.png`.
///   - threshold: The colour difference (0…1) a pixel may have before it counts as changed.
///   - maxDiffPixels: The most changed pixels allowed, when set.
///   - maxDiffRatio: The largest share (0…1) of pixels allowed to change, when set.
///   - ignore: Regions left out, in pixels.
///   - countAntiAliasing: Count anti-aliased pixels as changes too (pixelmatch's `includeAA`).
///   - metric: How pixels are judged: the house metric, or pixelmatch's exactly.
///   - goldens: The goldens folder; by default `Goldens` beside the calling file.
///   - file: The calling file (filled in by the compiler).
///   - line: The calling line (filled in by the compiler).
///   - fileID: The calling file's module-qualified name (filled in by the compiler).
///   - function: The calling test (filled in by the compiler), which names its evidence folder.
/// - Returns: How the check came out.
@discardableResult
public func XCTAssertGolden(
  _ image: some GoldenComparable, named name: String, threshold: Double = 0.1, maxDiffPixels: Int? = nil,
  maxDiffRatio: Double? = nil, ignore: [PixelRect] = [], countAntiAliasing: Bool = false,
  metric: ComparisonMetric = .house, goldens: URL? = nil, file: StaticString = #filePath, line: UInt = #line,
  fileID: String = #fileID, function: String = #function
) -> GoldenOutcome {
  let options = ComparisonOptions(
    threshold: threshold, countAntiAliasing: countAntiAliasing, ignoreRegions: ignore,
    maxDiffPixels: maxDiffPixels, maxDiffRatio: maxDiffRatio, metric: metric)
  let store = GoldenStore(folder: goldens ?? defaultGoldens("\(file)"))
  let outcome = store.verify(
    image.goldenPixels, named: name, options: options, fileID: fileID, function: function)
  switch outcome.kind {
  case .failed: XCTFail(outcome.message, file: file, line: line)
  case .recorded: FileHandle.standardError.write(Data("golden: \(outcome.message)\n".utf8))
  case .matched: break
  }
  return outcome
}
