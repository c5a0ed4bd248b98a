import ArgumentParser
import ContactSheet
import Foundation
import SheetCompare
import SheetReport
import SheetSupport

/// The outputs `compare` and `compare merge` share: JSON results, JUnit XML and the HTML
/// review page.
struct ReviewOutputOptions: ParsableArguments {
  @Flag(help: "Print the JSON results on standard output.")
  var json = false

  @Option(help: "Write the JSON results to this file (for `approve` and `compare merge`).")
  var results: String?

  @Option(help: "Write JUnit XML here: one test case per file or PDF page.")
  var junit: String?

  @Option(help: "Write a static HTML review page into this folder (index.html and images/).")
  var html: String?

  /// Writes the files asked for and prints the results (JSON or text). `trustsRoots`: whether
  /// the summary's folders were named on this command line (see `HTMLReport.write`).
  func write(_ summary: ComparisonSummary, seconds: Double, trustsRoots: Bool) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    let data = try encoder.encode(summary) + Data("\n".utf8)
    var images = HTMLReport.Images()
    do {
      if let results {
        try FileManager.default.createDirectory(
          at: URL(fileURLWithPath: results).deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: URL(fileURLWithPath: results), options: .atomic)
      }
      if let junit { try JUnitReport.write(summary, to: junit, seconds: seconds) }
      if let html { images = try HTMLReport().write(summary, to: html, trustsRoots: trustsRoots) }
    } catch let failure as HTMLReport.CopyFailure {
      throw OutputError(description: failure.description)
    } catch {
      throw OutputError(description: "\(error.localizedDescription)")
    }
    if json {
      FileHandle.standardOutput.write(data)
    } else {
      print(TerminalText.escaped(summary.text))
    }
    if let results { Diagnostics.note("results: \(results)") }
    if let junit { Diagnostics.note("JUnit: \(junit)") }
    let goneImages = images.gone
    if let first = goneImages.first {
      Diagnostics.warn(
        goneImages.count == 1
          ? "review page: an image the results name no longer exists (\(first)); the page says so"
          : "review page: \(Diagnostics.grouped(goneImages.count)) images the results name no longer exist "
            + "(\(first), …); the page lists them")
    }
    if let first = images.refused.first {
      Diagnostics.warn(
        "review page: \(Diagnostics.grouped(images.refused.count)) image\(images.refused.count == 1 ? "" : "s") "
          + "not shown (\(TerminalText.escaped(first))\(images.refused.count > 1 ? "; …" : "")); the page lists "
          + (images.refused.count == 1 ? "it" : "them"))
    }
    if let html {
      Diagnostics.note("review page: \((html as NSString).appendingPathComponent("index.html"))")
    }
  }
}
