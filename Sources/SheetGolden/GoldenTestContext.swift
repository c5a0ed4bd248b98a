import Foundation

#if canImport(Testing)
  import Testing
#endif

/// What SheetGolden knows about the test it runs in: Swift Testing's current test when there
/// is one (issues, warnings and attachments go to it), else nothing (the caller reports).
enum GoldenTestContext {
  /// The running test's name for its evidence folder: module, type and function of the Swift
  /// Testing test, else the caller's file and function.
  static func currentTestName(fileID: String, function: String) -> String {
    #if canImport(Testing)
      if let test = Test.current {
        return ([test.id.moduleName] + test.id.nameComponents).joined(separator: ".")
      }
    #endif
    let file = fileID.replacingOccurrences(of: ".swift", with: "")
    let name = function.split(separator: "(").first.map(String.init) ?? function
    return "\(file).\(name)"
  }

  /// Says what a recording wrote: on standard error (the run's summary of recorded goldens)
  /// and, under Swift Testing, as a warning on the test.
  static func report(recording outcome: GoldenOutcome, at location: Location) {
    guard outcome.kind == .recorded else { return }
    FileHandle.standardError.write(Data("golden: \(outcome.message)\n".utf8))
    #if canImport(Testing)
      if Test.current != nil {
        Issue.record(
          Comment(rawValue: outcome.message), severity: .warning,
          sourceLocation: location.sourceLocation)
      }
    #endif
  }

  /// Records a failure as an issue at `location` with the expected, actual and diff images
  /// attached, and lets the test go on. Returns false when no Swift Testing test is running
  /// (the caller must report the failure its own way).
  static func recordFailure(_ outcome: GoldenOutcome, at location: Location) -> Bool {
    #if canImport(Testing)
      guard Test.current != nil else { return false }
      attachEvidence(of: outcome, at: location)
      Issue.record(Comment(rawValue: outcome.message), sourceLocation: location.sourceLocation)
      return true
    #else
      return false
    #endif
  }

  /// Attaches a failure's expected, actual and diff images to the running Swift Testing test,
  /// if there is one.
  static func attachEvidence(of outcome: GoldenOutcome, at location: Location) {
    #if canImport(Testing)
      guard Test.current != nil else { return }
      for file in outcome.evidenceFiles {
        if let bytes = FileManager.default.contents(atPath: file.path) {
          Attachment.record([UInt8](bytes), named: file.name, sourceLocation: location.sourceLocation)
        }
      }
    #endif
  }

  /// A caller's place in its source file.
  struct Location {
    var fileID: String
    var filePath: String
    var line: Int
    var column: Int

    #if canImport(Testing)
      var sourceLocation: SourceLocation {
        SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
      }
    #endif
  }
}
