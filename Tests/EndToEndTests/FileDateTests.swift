import Foundation
import TestSupport
import Testing

/// A photo without a capture date (the fixture PNGs have no EXIF) never passes its file's date
/// off as the day it was taken: `{date}` is marked, or left empty by choice, and sections by
/// date say how many photos are filed under their file's day.
@Suite("File dates")
struct FileDateTests {
  /// The captions `layout --json` gives the fixture PNG coffee.png with `extra` options, and
  /// what it printed on standard error.
  private func caption(_ extra: [String]) throws -> (caption: String, standardError: String) {
    let result = try ProcessRunner.run(
      FixturePaths.binary,
      ["layout", "--json", FixturePaths.photo("coffee.png"), "--caption", "{name} · {date}"] + extra)
    #expect(result.status == 0, "\(result.standardError)")
    let json = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
    let items = json?["items"] as? [[String: Any]] ?? []
    return ((items.first?["caption"] as? String) ?? "", result.standardError)
  }

  @Test("{date} from the file's time is marked, in the document's language, or left empty")
  func marked() throws {
    let marked = try caption([]).caption
    #expect(marked.hasPrefix("coffee.png\u{00A0}· ") && marked.hasSuffix(" (file date)"), "\(marked)")
    #expect(try caption(["--lang", "de"]).caption.hasSuffix(" (Dateidatum)"))
    #expect(try caption(["--text-file-date", "copied"]).caption.hasSuffix(" (copied)"))
    // Empty, the date takes its separator with it.
    #expect(try caption(["--file-date", "empty"]).caption == "coffee.png")
  }

  @Test("--section-by date says how many photos have no capture date")
  func sections() throws {
    let result = try ProcessRunner.run(
      FixturePaths.binary,
      [
        "layout", "--json", FixturePaths.photo("coffee.png"), FixturePaths.photo("horse.png"), "--section-by",
        "date",
      ])
    #expect(result.status == 0)
    #expect(result.standardError.contains("2 of 2 photos have no capture date"), "\(result.standardError)")
  }
}
