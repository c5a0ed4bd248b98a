import Foundation

/// The result of running a program to completion.
public struct ProcessResult: Sendable {
  /// The program's termination status: its exit code, or the signal number when a signal ended it.
  public var status: Int32
  /// Everything the program wrote to standard output, decoded as UTF-8.
  public var standardOutput: String
  /// Everything the program wrote to standard error, decoded as UTF-8.
  public var standardError: String
}

/// Runs programs for end-to-end tests.
public enum ProcessRunner {
  /// Runs `executable` with `arguments` and waits for it; `input` is written to its stdin.
  public static func run(
    _ executable: String, _ arguments: [String], input: String? = nil,
    environment: [String: String]? = nil, currentDirectory: URL? = nil
  ) throws -> ProcessResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    if !executable.contains("/") {
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = [executable] + arguments
    } else {
      process.arguments = arguments
    }
    // The binary's thumbnail cache goes to a folder of the tests', never the user's own.
    var base = ProcessInfo.processInfo.environment
    base["XDG_CACHE_HOME"] =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("contactsheet-tests/xdg-cache").path
    // Runs are reproducible: `{date}` and PDF dates come from SOURCE_DATE_EPOCH (the tests of
    // the run's own date remove it).
    base["SOURCE_DATE_EPOCH"] = "0"
    process.environment = base.merging(environment ?? [:]) { $1 }
    if let currentDirectory { process.currentDirectoryURL = currentDirectory }
    let outPipe = Pipe()
    let errPipe = Pipe()
    let inPipe = Pipe()
    process.standardOutput = outPipe
    process.standardError = errPipe
    process.standardInput = inPipe
    try process.run()
    if let input { inPipe.fileHandleForWriting.write(Data(input.utf8)) }
    try inPipe.fileHandleForWriting.close()
    // Read both pipes before waiting so a chatty child never blocks on a full pipe.
    let output = Reader(outPipe.fileHandleForReading)
    let errors = Reader(errPipe.fileHandleForReading)
    process.waitUntilExit()
    return ProcessResult(
      status: process.terminationStatus, standardOutput: output.text(), standardError: errors.text())
  }

  /// `pdfinfo`'s fields for a PDF, which must first pass `qpdf --check` (``PDFCheck``).
  public static func pdfInfo(_ path: String) throws -> [String: String] {
    try PDFCheck.requireValid(path)
    let result = try run("pdfinfo", [path])
    var fields: [String: String] = [:]
    for line in result.standardOutput.split(separator: "\n") {
      guard let colon = line.firstIndex(of: ":") else { continue }
      fields[String(line[..<colon])] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    return fields
  }
}

/// Drains a pipe on a background thread.
private final class Reader: @unchecked Sendable {
  private var data = Data()
  private let done = DispatchSemaphore(value: 0)

  init(_ handle: FileHandle) {
    DispatchQueue.global().async {
      self.data = handle.readDataToEndOfFile()
      self.done.signal()
    }
  }

  func text() -> String {
    done.wait()
    return String(decoding: data, as: UTF8.self)
  }
}
