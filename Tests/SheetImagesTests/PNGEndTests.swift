import Foundation
import SheetImages
import TestSupport
import Testing

@Suite("PNG files read to their end")
struct PNGEndTests {
  @Test("a PNG cut off after its pixels (no IEND) is reported as truncated, not shown silently")
  func missingEnd() throws {
    let folder = try FixturePaths.temporaryFolder()
    let whole = folder.appendingPathComponent("whole.png").path
    try TestImages.noise(width: 40, height: 30).writePNG(to: whole)
    let bytes = try Data(contentsOf: URL(fileURLWithPath: whole))
    #expect(try ImageReader.decode(path: whole).width == 40)
    let cut = folder.appendingPathComponent("cut.png").path
    try bytes.dropLast(12).write(to: URL(fileURLWithPath: cut))  // IEND is the last 12 bytes.
    #expect {
      try ImageReader.decode(path: cut)
    } throws: { error in
      (error as? ImageError)?.reason.contains("truncated") == true
    }
  }

  @Test("a PNG that cannot be written names the reason")
  func unwritable() throws {
    #expect {
      try TestImages.grey(128).writePNG(to: "/proc/no-such-folder/x.png")
    } throws: { error in
      guard let error = error as? ImageError else { return false }
      return error.reason.count > "cannot write: ".count
    }
  }
}
