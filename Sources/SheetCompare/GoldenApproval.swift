import Foundation
import SheetImages
import SheetSupport

/// Accepts intended changes: copies the actual files over the goldens for the cases that
/// failed, as `jest -u` or Playwright's `--update-snapshots` do.
///
/// A `different` case's golden is replaced by its actual file; an `extra` case (an actual file
/// with no golden yet) gets its golden added. A `missing` case (a golden whose actual file is
/// gone) and an unreadable file are left alone and listed: deleting goldens is for a person
/// to decide.
public enum GoldenApproval {
  /// What was done for one case.
  public struct Change: Sendable, Hashable {
    /// What happened to the golden.
    public enum Action: String, Sendable, Hashable {
      /// An existing golden was replaced by the actual file.
      case replaced
      /// A golden was written where there was none.
      case added
      /// Nothing was written (see `reason`).
      case kept
    }

    /// What happened to the golden.
    public var action: Action
    /// The golden's path.
    public var golden: String
    /// The actual file copied, when one was.
    public var actual: String?
    /// Why a golden was kept.
    public var reason: String?

    /// `replaced goldens/a.png with out/a.png`, `added …`, `kept …: reason`.
    public var description: String {
      switch action {
      case .replaced: "replaced \(golden) with \(actual ?? "")"
      case .added: "added \(golden) from \(actual ?? "")"
      case .kept: "kept \(golden): \(reason ?? "")"
      }
    }
  }

  /// Copies actual files over goldens for the failed cases of `summary`.
  ///
  /// - Parameter summary: The results of `contactsheet compare` (or of several, merged).
  /// - Returns: One change per case that did not match, in the results' order.
  /// - Throws: `ImageError` naming a file that cannot be copied (earlier copies stay done).
  public static func approve(_ summary: ComparisonSummary) throws -> [Change] {
    var changes: [Change] = []
    for result in summary.cases where result.status != .matched {
      let golden = result.expectedPath ?? (summary.expected as NSString).appendingPathComponent(result.name)
      switch result.status {
      case .different, .extra:
        guard let actual = result.actualPath else {
          changes.append(Change(action: .kept, golden: golden, reason: "the results name no actual file"))
          continue
        }
        let existed = FileManager.default.fileExists(atPath: golden)
        try copy(actual, over: golden)
        changes.append(Change(action: existed ? .replaced : .added, golden: golden, actual: actual))
      case .missing:
        changes.append(
          Change(
            action: .kept, golden: golden,
            reason: "its actual file is missing; delete the golden if that is intended"))
      case .error:
        changes.append(
          Change(action: .kept, golden: golden, reason: "could not be compared: \(result.message ?? "error")")
        )
      case .matched:
        break
      }
    }
    return changes
  }

  /// Copies `source` to `destination` through a temporary file beside it, so a golden is
  /// never left half-written.
  private static func copy(_ source: String, over destination: String) throws {
    let folder = URL(fileURLWithPath: destination).deletingLastPathComponent()
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      let output = AtomicOutput()
      let temporary = output.temporaryPath(for: destination)
      try? FileManager.default.removeItem(atPath: temporary)
      try FileManager.default.copyItem(atPath: source, toPath: temporary)
      try output.commit()
    } catch {
      throw ImageError(
        path: destination, reason: "cannot be replaced by \(source): \(error.localizedDescription)")
    }
  }
}
