import Foundation
import SheetLayout
import Testing

@testable import ContactSheet

/// The library names the setting at fault as style files do; only the command spells flags.
@Suite("Settings named in the library's messages")
struct SettingNamesTests {
  /// The error `body` throws, or nil.
  private func inputError(_ body: () throws -> Void) -> InputError? {
    do {
      try body()
      return nil
    } catch {
      return error as? InputError
    }
  }

  @Test("a bad value names its setting typed, spelt as the style key, never as a flag")
  func badValues() {
    let cases: [(JobSetting, InputError?)] = [
      (.sectionBy, inputError { _ = try SectionBy(parsing: "week") }),
      (.sort, inputError { _ = try SortOrder(parsing: "colour") }),
      (.minRating, inputError { _ = try RatingFilter(minRating: 9, labels: nil, includeRejected: false) }),
      (.pages, inputError { _ = try PageSelection(parsing: "0-3") }),
      (.output, inputError { try SheetJob.checkOutputFormat("sheet.gif") }),
    ]
    for (setting, error) in cases {
      #expect(error?.setting == setting)
      let text = error?.description ?? ""
      #expect(text.hasPrefix("\(setting.rawValue) "), "\(text)")
      #expect(!text.contains("--") && !text.contains("-o "), "\(text)")
    }
    let pages = inputError { _ = try PageSelection(parsing: "x") }
    #expect(
      pages?.description(spelling: { "--\($0.rawValue)" })
        == "--pages x: give page numbers from 1 and ranges, e.g. --pages 21-40 or --pages 1-3,7 or --pages 30-"
    )
  }

  @Test("a CSV column that is not there names the setting that chose it")
  func missingColumn() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("setting-names-\(getpid())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let csv = folder.appendingPathComponent("shop.csv").path
    try "image,name\na.jpg,A\n".write(toFile: csv, atomically: true, encoding: .utf8)
    var options = CSVOptions()
    options.groupBy = "category"
    var catalog = Catalog()
    let error = inputError { try CSVCatalogReader.read(csv, options: options, into: &catalog) }
    #expect(error?.setting == .groupBy)
    #expect(error?.description.hasSuffix("choose one with group-by") == true, "\(String(describing: error))")
    #expect(
      error?.description(spelling: { "--\($0.rawValue)" }).hasSuffix("choose one with --group-by") == true)
  }

  @Test("messages that read the same are equal however they were built; joining keeps settings")
  func messageEquality() {
    let built: JobMessage = "left out \(2) photos (\(setting: .minRating))"
    let pieces: [JobMessage] = ["left out 2 ", "photos (\(setting: .minRating)", ")"]
    #expect(pieces.joined(separator: "") == built)
    #expect(built != "left out 2 photos (min-rating)")
    let parts: [JobMessage] = ["a", "b \(setting: .label)"]
    let joined = parts.joined(separator: ", ")
    #expect(joined == "a, b \(setting: .label)")
    #expect(joined.description == "a, b label")
    #expect(joined.spelt { "--\($0.rawValue)" } == "a, b --label")
    #expect(JobMessage("plain") == "plain")
  }
}
