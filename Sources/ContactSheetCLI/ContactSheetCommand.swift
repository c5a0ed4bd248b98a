import ArgumentParser
import Foundation
import SheetRender

/// The `contactsheet` command: turns folders of photos, or catalog data, into contact sheets.
public struct ContactSheetCommand: ParsableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "contactsheet",
    abstract: "Turn folders of photos, or catalog data, into print-ready contact sheets.",
    discussion: ExitStatus.help,
    subcommands: [RenderCommand.self, LayoutCommand.self, StyleCommand.self, CompareCommand.self])

  public init() {}

  /// Runs the command line with styles applied and the documented exit statuses, then exits.
  public static func runMain(_ arguments: [String] = Array(CommandLine.arguments.dropFirst())) -> Never {
    SignalCleanup.install()
    do {
      var command = try StyledParsing.parse(arguments)
      try command.run()
      Foundation.exit(ExitStatus.success)
    } catch let error as InputError {
      Diagnostics.note("error: \(error.description)")
      Foundation.exit(ExitStatus.usage)
    } catch let error as OutputError {
      Diagnostics.note("error: \(error.description)")
      Foundation.exit(ExitStatus.output)
    } catch let error as StrictFailure {
      Diagnostics.note("error: \(error.description)")
      Foundation.exit(ExitStatus.strict)
    } catch {
      let code = exitCode(for: error)
      if code == .success {
        ContactSheetCommand.exit(withError: error)  // --help, --version: printed as usual.
      }
      Diagnostics.note(fullMessage(for: error))
      Foundation.exit(code == .validationFailure ? ExitStatus.usage : code.rawValue)
    }
  }
}

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

/// The output could not be written: exit status 3.
struct OutputError: Error, CustomStringConvertible {
  var description: String
}

/// Some inputs failed under `--strict`: exit status 1.
struct StrictFailure: Error, CustomStringConvertible {
  var description: String
}

/// Removes temporary output files when the run is interrupted (Ctrl-C, kill, hang-up), so an
/// interrupted run leaves the previous output untouched and no stray files.
enum SignalCleanup {
  nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []

  static func install() {
    for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
      signal(signalNumber, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
      source.setEventHandler {
        TemporaryFiles.shared.removeAll()
        FileHandle.standardError.write(Data("\ninterrupted; no output was changed\n".utf8))
        Foundation.exit(128 + signalNumber)
      }
      source.resume()
      sources.append(source)
    }
  }
}
