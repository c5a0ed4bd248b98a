import ArgumentParser
import Foundation
import SheetPreflight

/// `contactsheet preflight FILE.pdf`: checks any PDF against PDF/X-4 and PDF/UA-1.
struct PreflightCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "preflight",
    abstract:
      "Check PDFs against PDF/X-4 (print) and PDF/UA-1 (accessibility), as a print shop or checker would.",
    discussion: """
      Prints one line per finding: the standard and rule, the page and object, and what is wrong. \
      Exit status: 0 no findings; 1 findings; 2 a file is not a readable PDF.
      """)

  @Argument(help: "The PDFs to check: ours or any other tool's.")
  var files: [String]

  @Flag(help: "Check PDF/X-4's rules only.")
  var pdfx = false

  @Flag(help: "Check PDF/UA-1's rules only.")
  var pdfua = false

  @Option(name: .customLong("min-ppi"), help: "The fewest pixels per inch an image may print at.")
  var minPPI: Double = 200

  @Option(
    name: .customLong("max-ink"),
    help: "The most total ink (C+M+Y+K, in percent) CMYK may ask for when the output intent is CMYK.")
  var maxInk: Double = 300

  @Flag(name: .shortAndLong, help: "Print only the count of findings per file.")
  var quiet = false

  func validate() throws {
    guard (1...2400).contains(minPPI) else { throw ValidationError("--min-ppi must be between 1 and 2400") }
    guard (100...400).contains(maxInk) else { throw ValidationError("--max-ink must be between 100 and 400") }
  }

  func run() throws {
    var preflight = Preflight()
    preflight.minimumPPI = minPPI
    preflight.maximumInk = maxInk
    if pdfx != pdfua { preflight.standards = pdfx ? [.pdfx] : [.pdfua] }
    var total = 0
    var unreadable: [String] = []
    for file in files {
      let findings: [PreflightFinding]
      do {
        findings = try preflight.check(path: file)
      } catch let error as PreflightError {
        // The other files are still checked; the run ends with status 2.
        Diagnostics.note("error: \(error.description)")
        unreadable.append(file)
        continue
      }
      total += findings.count
      if !quiet { for finding in findings { print("\(file): \(finding)") } }
      let counts = Dictionary(grouping: findings, by: \.standard).mapValues(\.count)
      let detail =
        counts.isEmpty
        ? ""
        : " ("
          + counts.keys.sorted { $0.rawValue < $1.rawValue }.map { "\($0.rawValue) \(counts[$0]!)" }.joined(
            separator: ", ") + ")"
      print(
        "\(file): \(findings.isEmpty ? "no findings" : "\(findings.count) finding\(findings.count == 1 ? "" : "s")\(detail)")"
      )
    }
    if !unreadable.isEmpty {
      throw UnreadablePDF(
        description:
          "\(unreadable.count) of \(files.count) file\(files.count == 1 ? "" : "s") \(unreadable.count == 1 ? "is not a readable PDF" : "are not readable PDFs")"
      )
    }
    if total > 0 { throw PreflightFindings(count: total) }
  }
}

/// A file preflight cannot read: exit status 2.
struct UnreadablePDF: StatusError {
  var description: String
  var exitStatus: Int32 { ExitStatus.usage }
}

/// Findings were printed: exit status 1, with no further message.
struct PreflightFindings: StatusError {
  var count: Int
  var description: String { "\(count) finding\(count == 1 ? "" : "s")" }
  var exitStatus: Int32 { ExitStatus.strict }
}
