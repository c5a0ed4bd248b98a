import Foundation
import SheetGolden
import SheetGoldenXCTest
import SheetImages
import TestSupport
import XCTest

/// `XCTAssertGolden` reports through `XCTFail` at the caller's line and lets the test go on.
final class XCTAssertGoldenTests: XCTestCase {
  private var failures: [(description: String, line: Int)] = []

  override func recordFailure(
    withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
  ) {
    // Two failures are this test's subject; anything else is a real failure.
    if description.contains("golden 'flat' is different") {
      failures.append((description, lineNumber))
    } else {
      super.recordFailure(
        withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
    }
  }

  func testFailuresAtCallerLineAndTestContinues() throws {
    let folder = try FixturePaths.temporaryFolder()
    let goldens = folder.appendingPathComponent("Goldens")
    try FileManager.default.createDirectory(at: goldens, withIntermediateDirectories: true)
    try TestImages.grey(90).writePNG(to: goldens.appendingPathComponent("flat.png").path)
    let line = #line + 1
    let first = XCTAssertGolden(TestImages.grey(10), named: "flat", goldens: goldens)
    XCTAssertGolden(TestImages.grey(200), named: "flat", goldens: goldens)
    XCTAssertGolden(TestImages.grey(90), named: "flat", goldens: goldens)
    XCTAssertEqual(failures.map(\.line), [line, line + 1])
    XCTAssertTrue(failures[0].description.contains("64 pixels differ"))
    // A file-based evidence folder stands in for attachments; the last check passed, removing it.
    XCTAssertNotNil(first.evidence)
    XCTAssertFalse(FileManager.default.fileExists(atPath: first.evidence!.path))
  }
}
