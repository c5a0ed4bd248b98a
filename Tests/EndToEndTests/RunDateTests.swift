import Foundation
import TestSupport
import Testing

/// `{date}` and the PDF's date are the day of the run, unless `SOURCE_DATE_EPOCH` is set
/// (reproducible builds' convention), when they are that time.
@Suite("the run's date")
struct RunDateTests {
  /// The footer text of a one-page PDF rendered with `--footer {date}`, and its pdfinfo date,
  /// run with `environment` (`SOURCE_DATE_EPOCH` removed first).
  private func footer(_ environment: String) throws -> (text: String, created: String) {
    let folder = try FixturePaths.temporaryFolder("date" + UUID().uuidString)
    let result = try ProcessRunner.run(
      "sh",
      [
        "-c",
        "env -u SOURCE_DATE_EPOCH \(environment) \"$BIN\" render \"$PHOTO\" -o d.pdf --footer '{date}' -q",
      ],
      environment: ["BIN": FixturePaths.binary, "PHOTO": FixturePaths.photo("coffee.png")],
      currentDirectory: folder)
    #expect(result.status == 0, "\(result.standardError)")
    let pdf = folder.appendingPathComponent("d.pdf").path
    let text = try ProcessRunner.run("pdftotext", [pdf, "-"]).standardOutput
    let created = try ProcessRunner.pdfInfo(pdf)["CreationDate"] ?? ""
    return (text, created)
  }

  private func day(_ date: Date) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyy-MM-dd"
    return formatter.string(from: date)
  }

  @Test("without SOURCE_DATE_EPOCH, {date} is today (UTC) and so is the PDF's creation date")
  func today() throws {
    let before = day(Date())
    let (text, created) = try footer("")
    let after = day(Date())
    #expect(text.contains(before) || text.contains(after), "\(text)")
    #expect(!text.contains("2000-01-01"))
    #expect(created.contains(String(before.prefix(4))), "\(created)")
  }

  @Test("SOURCE_DATE_EPOCH sets {date} and the PDF's creation date")
  func reproducible() throws {
    let (text, created) = try footer("SOURCE_DATE_EPOCH=86400")
    #expect(text.contains("1970-01-02"), "\(text)")
    #expect(created.contains("1970"), "\(created)")
  }
}
