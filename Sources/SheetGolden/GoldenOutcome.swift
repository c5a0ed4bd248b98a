import Foundation
import SheetDiff

/// What one golden check found: it matched, it was recorded, or it failed (with the message and
/// the evidence written for it).
public struct GoldenOutcome: Sendable {
  /// How a check came out.
  public enum Kind: Sendable, Equatable {
    /// Within the budgets.
    case matched
    /// Written because of `RECORD_GOLDENS`; the check passes.
    case recorded
    /// The golden is missing, unreadable or different.
    case failed
  }

  /// How the check came out.
  public var kind: Kind
  /// The golden's name.
  public var name: String
  /// What happened, in plain English: for a failure what changed and where the images are; for
  /// a recording what was written and why.
  public var message: String
  /// The comparison, when both images could be compared.
  public var comparison: ImageComparison?
  /// The folder holding `expected.png`, `actual.png` and `diff.png` for a failure.
  public var evidence: URL?

  /// Whether the test should fail.
  public var isFailure: Bool { kind == .failed }

  /// The failure as the error the throwing checks throw.
  public var mismatch: GoldenMismatch { GoldenMismatch(description: message) }

  /// The evidence images that exist, as (file name, path) pairs: expected, actual, diff.
  public var evidenceFiles: [(name: String, path: String)] {
    guard let evidence else { return [] }
    return ["expected.png", "actual.png", "diff.png"].compactMap { file in
      let path = evidence.appendingPathComponent(file).path
      return FileManager.default.fileExists(atPath: path) ? ("\(name).\(file)", path) : nil
    }
  }
}

/// A golden comparison that failed; the description says why, what changed and where the
/// images are.
public struct GoldenMismatch: Error, CustomStringConvertible, Sendable {
  /// The failure message.
  public var description: String

  /// A mismatch saying `description`.
  public init(description: String) { self.description = description }
}
