import ArgumentParser
import ContactSheet
import Foundation
import SheetCompare
import SheetSupport

/// `contactsheet approve RESULTS.json`: copy the actual files over the goldens that failed.
struct ApproveCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "approve",
    abstract: "Accept intended changes: copy actual files over the goldens of failed cases.",
    discussion: """
      Different cases get their golden replaced, extra cases (no golden yet) get one added; \
      missing cases (the actual file is gone) and unreadable files are listed and left alone. \
      Prints one line per golden. Files are named relative to the compared folders: only \
      regular image and PDF files below the actual folder are copied, only below the golden \
      folder, and only while their bytes are the ones compared (SHA-256); anything else is \
      refused and listed. The results' folders are used when they are plain relative folders \
      below this one; otherwise (results from another machine) name them with --goldens and \
      --actual. Exit status: 0 done, 2 a case was refused or the results cannot be used.
      """)

  @Argument(help: "JSON results written by `compare --results` or `--json`, or merged by `compare merge`.")
  var results: [String]

  @Option(help: "The golden folder to write into, instead of the one the results name.")
  var goldens: String?

  @Option(help: "The folder of actual files to copy from, instead of the one the results name.")
  var actual: String?

  func validate() throws {
    if (goldens == nil) != (actual == nil) {
      throw ValidationError("give both --goldens and --actual, or neither")
    }
  }

  func run() throws {
    let roots = goldens.map { ComparedRoots(golden: $0, actual: actual!) }
    var refused = 0
    for file in results {
      let summary = try ResultsFile.read(file)
      refused += try Self.approve(summary, roots: roots)
    }
    if refused > 0 { throw ExitCode(2) }
  }

  /// Copies and prints what was replaced, one line per case as it is done; shared with
  /// `compare --update`. An interruption says how many goldens were written and where it
  /// stopped.
  ///
  /// - Returns: How many cases were refused.
  @discardableResult
  static func approve(_ summary: ComparisonSummary, roots: ComparedRoots?) throws -> Int {
    var written = 0
    var total = 0
    var refused = 0
    SignalCleanup.setInterruptionNote("interrupted before any golden was written")
    defer { SignalCleanup.setInterruptionNote(nil) }
    do {
      _ = try GoldenApproval.approve(summary, roots: roots) { change in
        total += 1
        switch change.action {
        case .replaced, .added: written += 1
        case .refused: refused += 1
        case .kept: break
        }
        // Names that are not UTF-8 or hold control characters are printed escaped (`caf\xE9.png`),
        // each line as soon as its golden is written (unbuffered, so an interruption loses none).
        say(TerminalText.escaped(change.description))
        SignalCleanup.setInterruptionNote(
          "interrupted after \(written) golden\(written == 1 ? "" : "s") written (each whole); "
            + "the last case done was \(TerminalText.escaped(change.golden)), the cases after it are unchanged"
        )
      }
    } catch {
      throw InputError(JobMessage(error.description))
    }
    var line = "\(written) golden\(written == 1 ? "" : "s") written, \(total - written - refused) kept"
    if refused > 0 { line += ", \(refused) refused" }
    say(line)
    return refused
  }

  private static func say(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }
}
