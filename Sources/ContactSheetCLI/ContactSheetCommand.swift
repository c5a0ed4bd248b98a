import ArgumentParser
import ContactSheet
import Foundation
import SheetCompare
import SheetImages
import SheetLayout
import SheetRender
import SheetSupport
import SheetText

/// The `contactsheet` command: turns folders of photos, or catalog data, into contact sheets.
public struct ContactSheetCommand: ParsableCommand {
  /// The command's name, help text, version and subcommands (`render`, `layout`, `style`,
  /// `compare`).
  public static let configuration = CommandConfiguration(
    commandName: "contactsheet",
    abstract: "Turn folders of photos, or catalog data, into print-ready contact sheets.",
    discussion: ExitStatus.help,
    version: "0.2.0",
    subcommands: [
      RenderCommand.self, LayoutCommand.self, StyleCommand.self, CompareGroupCommand.self,
      ApproveCommand.self, PlanCommand.self, AssembleCommand.self, PreflightCommand.self,
    ])

  /// The root command with no options; ArgumentParser creates it when parsing.
  public init() {}

  /// Parses the command line once, applies the styles it names to the options it left unset,
  /// runs it with the documented exit statuses, then exits.
  ///
  /// - Parameter arguments: The arguments after the program name; nil reads the process's own,
  ///   as bytes (a file name need not be UTF-8).
  public static func runMain(_ arguments: [String]? = nil) -> Never {
    PhaseTimer.markStart()
    SignalCleanup.install()
    DecodeMemory.returnLargeBuffersToTheSystem()
    // What the C libraries would print is collected, and shown once per kind at the end.
    LibraryWarnings.capture()
    var quiet = false
    do {
      let typed = arguments ?? PathBytes.arguments()
      var command = try ContactSheetCommand.parseAsRoot(JobFile.expand(typed, ignored: jobOptionsIgnored))
      quiet = (command as? RenderCommand)?.quiet ?? false
      // From here to the end of the run, what libraries print to standard error is captured.
      StandardErrorCapture.start(quiet: quiet)
      try command.run()
      StandardErrorCapture.finish()
      LibraryWarnings.show(quiet: quiet)
      Diagnostics.finish()
      Foundation.exit(ExitStatus.success)
    } catch let error as any StatusError {
      StandardErrorCapture.finish()
      LibraryWarnings.show(quiet: quiet)
      Diagnostics.finish()
      Diagnostics.note("error: \(error.commandMessage)")
      Foundation.exit(error.exitStatus)
    } catch let error as ValidationError {
      StandardErrorCapture.finish()
      LibraryWarnings.show(quiet: quiet)
      // A bad option value found while running: the message says what would work.
      Diagnostics.finish()
      Diagnostics.note("error: \(error.message)")
      Foundation.exit(ExitStatus.usage)
    } catch {
      StandardErrorCapture.finish()
      LibraryWarnings.show(quiet: quiet)
      let code = exitCode(for: error)
      if code == .success {
        ContactSheetCommand.exit(withError: error)  // --help, --version: printed as usual.
      }
      Diagnostics.finish()
      Diagnostics.note(fullMessage(for: error))
      Foundation.exit(code == .validationFailure ? ExitStatus.usage : code.rawValue)
    }
  }
}

/// Run options a job file may hold that `layout` and `plan` do not take: a job file serves
/// `render`, `layout` and `plan` alike.
private let jobOptionsIgnored: [String: Set<String>] = [
  "layout": [
    "output", "quiet", "strict", "max-pixels", "pages", "per-folder", "cache", "no-cache", "cache-size",
  ],
  "plan": ["pages", "per-folder", "cache", "no-cache", "cache-size"],
]

/// The documented exit statuses.
enum ExitStatus {
  static let success: Int32 = 0
  static let strict: Int32 = 1
  static let usage: Int32 = 2
  static let output: Int32 = 3

  static let help = """
    Exit status: 0 success (warnings allowed); 1 some inputs failed under --strict; 2 usage error \
    or unusable input (bad manifest, no images found); 3 the output could not be written.
    """
}

/// An error whose message is for the user and which ends the run with its own exit status.
protocol StatusError: Error, CustomStringConvertible {
  var exitStatus: Int32 { get }
  /// The message as the command prints it.
  var commandMessage: String { get }
}

extension StatusError {
  var commandMessage: String { description }
}

/// The layout's settings are named by their flags here, and by their style keys in the library.
extension LayoutError: StatusError {
  var exitStatus: Int32 { ExitStatus.usage }
  var commandMessage: String { description(spelling: { JobSetting($0).flag }) }
}

extension OutputError: StatusError {
  var exitStatus: Int32 { ExitStatus.output }
}

extension InputError: StatusError {
  var exitStatus: Int32 { ExitStatus.usage }
  var commandMessage: String { text.flagText }
}

extension ResultsError: StatusError {
  var exitStatus: Int32 { ExitStatus.usage }
}

extension StyleError: StatusError {
  var exitStatus: Int32 { ExitStatus.usage }
}

/// Some inputs failed under `--strict`: exit status 1.
struct StrictFailure: StatusError {
  var description: String
  var exitStatus: Int32 { ExitStatus.strict }
}
